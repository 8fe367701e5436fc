/**
 * What /dental-office-settings reads and changes of the office itself, on the offices service: the office with its
 * settings (GET /api/management/offices/{id}), its settings (PATCH .../settings: a manager changes the schedule
 * integration, MANAGER_EDITABLE_SETTINGS) and its practice details (GET/PATCH .../details, registration-api.ts),
 * whose reply also says what the user may change. The fee schedule and the batch freshness window are the
 * schedule service's (schedule-api.ts). Every query key starts with OFFICE_SETTINGS_QUERY_KEY and names the office,
 * and every call names that office in its Connected-Dental-Office header: a read the office switch starts again
 * (office-context.tsx invalidates every query) still asks for the office it is about, as its manager.
 */
import { ManagedOffice, OfficeSettings } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { checkedReply, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { fetchOfficeDetails } from '../registration/registration-api';

export const OFFICE_SETTINGS_QUERY_KEY = 'office-settings';
export const officeDetailsKey = (officeId: string) => [OFFICE_SETTINGS_QUERY_KEY, 'details', officeId] as const;
export const managedOfficeKey = (officeId: string) => [OFFICE_SETTINGS_QUERY_KEY, 'office', officeId] as const;
/** GET /api/dentaloffice/user/all's entry (office-context.tsx): the menu and the schedule read the settings there. */
export const USER_OFFICES_QUERY_KEY = 'user-offices';

const officePath = (officeId: string) => `/api/management/offices/${encodeURIComponent(officeId)}`;

export async function fetchManagedOffice(http: HttpClient, officeId: string): Promise<ManagedOffice> {
  return checkedReply(ManagedOffice, await http.get(officePath(officeId), undefined, { officeId }), 'Reading the office');
}

/** Only the settings the form changes are sent, as typed: the service's 400 names what is wrong. */
export async function saveOfficeSettings(http: HttpClient, officeId: string, patch: Record<string, unknown>): Promise<OfficeSettings> {
  return checkedReply(OfficeSettings, await http.patch(`${officePath(officeId)}/settings`, patch, { officeId }), "Saving the office's settings");
}

export function useOfficeDetails(officeId: string) {
  const { http } = useServices();
  return useQuery({ queryKey: officeDetailsKey(officeId), queryFn: () => fetchOfficeDetails(http, officeId), retry: retryUnlessRefused });
}

export function useManagedOffice(officeId: string) {
  const { http } = useServices();
  return useQuery({ queryKey: managedOfficeKey(officeId), queryFn: () => fetchManagedOffice(http, officeId), retry: retryUnlessRefused });
}
