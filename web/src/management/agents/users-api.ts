/**
 * The offices service's users API for /management/agents and the office page's users: list, one, invite,
 * change (name, roles, memberships, privileges, deactivation). An invitation answers how the user signs in.
 */
import {
  type ManagementListQuery,
  type NewUserInput,
  type UserPatch,
  InvitedUser,
  ManagedUser,
  pageOf,
} from '@dv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { retryUnlessRefused } from '../../http/api-call-error';
import { replyOf } from '../shared/management-call';
import { MANAGEMENT_QUERY_KEY } from '../offices/offices-api';

const UserPage = pageOf(ManagedUser);
const BASE = '/api/management/users';
const userPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const usersKey = [MANAGEMENT_QUERY_KEY, 'users'] as const;

async function usersChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKey }),
    queryClient.invalidateQueries({ queryKey: [MANAGEMENT_QUERY_KEY, 'members'] }),
  ]);
}

export function useUserList(query: ManagementListQuery, enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () =>
      replyOf(
        http.get(BASE, { page: String(query.page), pageSize: String(query.pageSize), ...(query.search ? { search: query.search } : {}) }),
        UserPage,
        'Listing users',
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: () => replyOf(http.get(userPath(id)), ManagedUser, 'Reading the user'),
    retry: retryUnlessRefused,
  });
}

export function useInviteUser() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewUserInput) => replyOf(http.post(BASE, input), InvitedUser, 'Inviting the user'),
    onSuccess: () => usersChanged(queryClient),
  });
}

export function useSaveUser(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => replyOf(http.patch(userPath(id), patch), ManagedUser, 'Saving the user'),
    onSuccess: () => usersChanged(queryClient),
  });
}
