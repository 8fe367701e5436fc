/**
 * Which office a company user's portal credentials are shown for. Company users act for every office of their
 * organization and often have no current office of their own, so the credentials page
 * (/management/portal-credentials) lets them pick one, and the header's notification badge follows the same one:
 * the office the address of that page names, else the one last looked at there (kept for this tab), else the
 * user's current office, else the organization's first office.
 */
import { LOCAL_SETTINGS_KEY_PREFIX, MANAGEMENT_PAGE_SIZE_MAX, ManagedOffice, pageOf, PATHS } from '@dv/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useServices } from '../app/services-context';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';
import { readStored, writeStored } from '../platform/browser-storage';

const OfficePage = pageOf(ManagedOffice);
const VIEWED_OFFICE_KEY = `${LOCAL_SETTINGS_KEY_PREFIX}portal-credentials.office`;
export const ORGANIZATION_OFFICES_QUERY_KEY = ['management-offices', 'portal-credentials'] as const;

async function fetchOrganizationOffices(http: HttpClient): Promise<ManagedOffice[]> {
  const result = await http.get('/api/management/offices', { page: 1, pageSize: MANAGEMENT_PAGE_SIZE_MAX });
  const parsed = OfficePage.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The offices could not be read.');
  return parsed.data.items;
}

// The storage event tells other tabs only; this tab's badge hears the page through these listeners.
const viewedOfficeListeners = new Set<() => void>();

/** The credentials page shows this office: the badge follows it, and the page opens on it next time in this tab. */
export function rememberViewedOffice(officeId: string): void {
  if (readStored('session', VIEWED_OFFICE_KEY) === officeId) return;
  writeStored('session', VIEWED_OFFICE_KEY, officeId);
  viewedOfficeListeners.forEach((listener) => listener());
}

function subscribeViewedOffice(listener: () => void): () => void {
  viewedOfficeListeners.add(listener);
  return () => viewedOfficeListeners.delete(listener);
}

function useViewedOffice(): string | null {
  return useSyncExternalStore(subscribeViewedOffice, () => readStored('session', VIEWED_OFFICE_KEY));
}

export type ManagedOfficeChoice = {
  readonly offices: UseQueryResult<ManagedOffice[]>;
  /** null until the offices are read, or when the organization has none. */
  readonly officeId: string | null;
};

/** The first of the preferred ids that names an office of the list, else the list's first office. */
export function chooseManagedOffice(offices: readonly ManagedOffice[], preferred: readonly (string | null)[]): string | null {
  const known = preferred.find((id) => id !== null && offices.some((office) => office.id === id));
  return known ?? offices[0]?.id ?? null;
}

export function useManagedOffice(): ManagedOfficeChoice {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  const location = useLocation();
  const viewed = useViewedOffice();
  const offices = useQuery({ queryKey: ORGANIZATION_OFFICES_QUERY_KEY, queryFn: () => fetchOrganizationOffices(http) });
  const asked = location.pathname === PATHS.managementPortalCredentials ? new URLSearchParams(location.search).get('office') : null;
  return { offices, officeId: chooseManagedOffice(offices.data ?? [], [asked, viewed, currentOfficeId]) };
}
