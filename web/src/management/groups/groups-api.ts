/**
 * The offices service's groups API for /management/do-groups and /management/do-groups/{id} (and the pickers of
 * the office and user pages): list, one, create, rename, add and remove an office.
 */
import {
  type ManagementListQuery,
  type NewGroupInput,
  MANAGEMENT_PAGE_SIZE_MAX,
  ManagedGroup,
  pageOf,
} from '@dv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { retryUnlessRefused } from '../../http/api-call-error';
import { replyOf } from '../shared/management-call';
import { MANAGEMENT_QUERY_KEY, officesChanged } from '../offices/offices-api';

const GroupPage = pageOf(ManagedGroup);
const BASE = '/api/management/groups';
const groupPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const groupsKey = [MANAGEMENT_QUERY_KEY, 'groups'] as const;

export function useGroupList(query: ManagementListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...groupsKey, 'list', query],
    queryFn: () =>
      replyOf(
        http.get(BASE, { page: String(query.page), pageSize: String(query.pageSize), ...(query.search ? { search: query.search } : {}) }),
        GroupPage,
        'Listing groups',
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every group of the organization (the pickers; a few dozen at most). */
export function useAllGroups() {
  const { http } = useServices();
  return useQuery({
    queryKey: [...groupsKey, 'all'],
    queryFn: async () => (await replyOf(http.get(BASE, { page: '1', pageSize: String(MANAGEMENT_PAGE_SIZE_MAX) }), GroupPage, 'Listing groups')).items,
  });
}

export function useGroup(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...groupsKey, 'one', id],
    queryFn: () => replyOf(http.get(groupPath(id)), ManagedGroup, 'Reading the group'),
    retry: retryUnlessRefused,
  });
}

export function useCreateGroup() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewGroupInput) => replyOf(http.post(BASE, input), ManagedGroup, 'Creating the group'),
    onSuccess: () => officesChanged(queryClient),
  });
}

/** Rename, add an office, remove one: each answers the group as it now is. */
export function useChangeGroup(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { rename: string } | { add: string } | { remove: string }) => {
      if ('rename' in change) return replyOf(http.patch(groupPath(id), { name: change.rename }), ManagedGroup, 'Renaming the group');
      if ('add' in change) return replyOf(http.post(`${groupPath(id)}/offices`, { officeId: change.add }), ManagedGroup, 'Adding the office');
      return replyOf(http.delete(`${groupPath(id)}/offices/${encodeURIComponent(change.remove)}`), ManagedGroup, 'Removing the office');
    },
    onSuccess: async (group) => {
      queryClient.setQueryData([...groupsKey, 'one', id], group);
      await officesChanged(queryClient);
    },
  });
}
