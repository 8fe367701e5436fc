/**
 * What the management list pages (offices, groups, users, integrations, an office's users) share: their query in
 * the address (?search=...&page=2, contracts' ManagementListQuery read leniently), the way back from a record to
 * the list as it was, and who the signed-in user is to the user rules (contracts' user-change rules), so a page
 * offers only the writes the service will take.
 */
import { COMPANY_ROLES, MANAGEMENT_WRITE_ROLES, ManagementListQuery, hasAnyRole, type Role, type UserChangeAsker } from '@dv/contracts';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../auth/session-context';
import { LIST_PAGE_SIZES, useListAddress } from '../../ui/list-frame';
import { urlListQuery } from '../../ui/url-list-query';

export const MANAGEMENT_LIST_QUERY = urlListQuery(ManagementListQuery, ['page', 'pageSize', 'search']);
export const MANAGEMENT_PAGE_SIZES = LIST_PAGE_SIZES;

/** What a record's link carries: the list's address (its search and page), where the record's page leads back to. */
export type ListState = { readonly listSearch: string };

/** The list's query in the address, its text search, and the state a row's link carries back. */
export function useManagementList() {
  const location = useLocation();
  const { query, update } = useListAddress(MANAGEMENT_LIST_QUERY);
  const onSearch = useCallback((text: string) => update({ search: text === '' ? undefined : text }), [update]);
  const state: ListState = { listSearch: location.search };
  return { query, update, onSearch, state };
}

export type ManagementList = ReturnType<typeof useManagementList>;

/** The list's address a record's page was opened from ('' when it was not opened from the list). */
export function useListSearch(): string {
  const location = useLocation();
  return (location.state as Partial<ListState> | null)?.listSearch ?? '';
}

export type ManagementAsker = UserChangeAsker & {
  /** A company administrator: offices, groups and users may be changed (contracts' MANAGEMENT_WRITE_ROLES). */
  readonly canWrite: boolean;
};

/** The signed-in user as the rules see them: company roles count only when the token gives roles as a list. */
export function useManagementAsker(): ManagementAsker {
  const session = useSession();
  const claims = session.status === 'signedIn' ? session.claims : null;
  const roles = claims?.roles;
  const list: readonly string[] = Array.isArray(roles) ? roles : [];
  const companyRoles = list.filter((role): role is Role => (COMPANY_ROLES as readonly string[]).includes(role));
  return { userId: claims?.sub ?? '', companyRoles, canWrite: hasAnyRole(companyRoles, MANAGEMENT_WRITE_ROLES) };
}
