/**
 * The offices service's management API for /management/do-management and the pages that pick offices
 * (agents, groups): offices (list, one, create, change, settings) and an office's users with their roles there.
 * Every write refreshes the lists that show what it changed, the header's office list included.
 */
import {
  type ManagedOffice as ManagedOfficeType,
  type ManagementListQuery,
  type NewOfficeInput,
  type OfficeMemberInput,
  type OfficePatch,
  type OfficeSettingsPatch,
  MANAGEMENT_PAGE_SIZE_MAX,
  ManagedOffice,
  OfficeMember,
  OfficeSettings,
  pageOf,
} from '@dv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { retryUnlessRefused } from '../../http/api-call-error';
import { doneOf, replyOf } from '../shared/management-call';

const OfficePage = pageOf(ManagedOffice);
const MemberPage = pageOf(OfficeMember);
const BASE = '/api/management/offices';
const officePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const membersPath = (id: string) => `${officePath(id)}/users`;

export const MANAGEMENT_QUERY_KEY = 'management';
const officesKey = [MANAGEMENT_QUERY_KEY, 'offices'] as const;

/** After a change to offices: the management lists, the pages that name offices, the header's switcher. */
export async function officesChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officesKey }),
    queryClient.invalidateQueries({ queryKey: [MANAGEMENT_QUERY_KEY, 'groups'] }),
    queryClient.invalidateQueries({ queryKey: ['management-offices'] }),
    queryClient.invalidateQueries({ queryKey: ['user-offices'] }),
  ]);
}

const listParams = (query: ManagementListQuery) => ({
  page: String(query.page),
  pageSize: String(query.pageSize),
  ...(query.search ? { search: query.search } : {}),
});

export function useOfficeList(query: ManagementListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...officesKey, 'list', query],
    queryFn: () => replyOf(http.get(BASE, listParams(query)), OfficePage, 'Listing offices'),
    placeholderData: keepPreviousData,
  });
}

/** Every office of the organization, by name (the pickers of the agents and group pages; a few hundred at most). */
export function useAllOffices() {
  const { http } = useServices();
  return useQuery({
    queryKey: [...officesKey, 'all'],
    queryFn: async () => (await replyOf(http.get(BASE, { page: '1', pageSize: String(MANAGEMENT_PAGE_SIZE_MAX) }), OfficePage, 'Listing offices')).items,
  });
}

export function useOfficeRecord(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...officesKey, 'one', id],
    queryFn: () => replyOf(http.get(officePath(id)), ManagedOffice, 'Reading the office'),
    retry: retryUnlessRefused,
  });
}

export function useCreateOffice() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewOfficeInput) => replyOf(http.post(BASE, input), ManagedOffice, 'Creating the office'),
    onSuccess: () => officesChanged(queryClient),
  });
}

/** Name, plan type, integration and active, then the settings: each call only when it has something to change. */
export function useSaveOffice(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ office, settings }: { office?: OfficePatch; settings?: OfficeSettingsPatch }): Promise<ManagedOfficeType | undefined> => {
      let saved: ManagedOfficeType | undefined;
      if (office) saved = await replyOf(http.patch(officePath(id), office), ManagedOffice, 'Saving the office');
      if (settings) await replyOf(http.patch(`${officePath(id)}/settings`, settings), OfficeSettings, 'Saving the settings');
      return saved;
    },
    onSuccess: () => officesChanged(queryClient),
  });
}

export function useOfficeMembers(officeId: string, query: ManagementListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [MANAGEMENT_QUERY_KEY, 'members', officeId, query],
    queryFn: () => replyOf(http.get(membersPath(officeId), listParams(query)), MemberPage, 'Listing the office’s users'),
    placeholderData: keepPreviousData,
  });
}

async function membersChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [MANAGEMENT_QUERY_KEY, 'members'] }),
    queryClient.invalidateQueries({ queryKey: [MANAGEMENT_QUERY_KEY, 'users'] }),
  ]);
}

export function useSetMemberRoles(officeId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: OfficeMemberInput }) =>
      replyOf(http.put(`${membersPath(officeId)}/${encodeURIComponent(userId)}`, input), OfficeMember, 'Saving the roles'),
    onSuccess: () => membersChanged(queryClient),
  });
}

export function useRemoveMember(officeId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => doneOf(http.delete(`${membersPath(officeId)}/${encodeURIComponent(userId)}`), 'Removing the user'),
    onSuccess: () => membersChanged(queryClient),
  });
}
