/**
 * Whether the fee schedule and batch tabs may ask the schedule service at all: only for an office that has the
 * Appointment Schedule (contracts offersSchedule: an integration subdomain and a plan that is not freemium, the
 * menu's rule). The service answers any other office 403, which the app's auth-failure rule would turn into a
 * redirect away from the page. Who changes what is read there: the schedule's managers (SCHEDULE_SETTINGS_ROLES);
 * a group manager reads only.
 */
import { hasAnyRole, offersSchedule, SCHEDULE_SETTINGS_ROLES } from '@dv/contracts';
import { useServices } from '../app/services-context';
import { menuContextFor } from '../layout/menu-context';
import { useOffice } from '../office/office-context';

export const NO_SCHEDULE_TITLE = 'This office has no Appointment Schedule';
export const NO_SCHEDULE_TEXT =
  'The fee schedule and batch verification come with a practice-management integration (see the Integration tab) and a plan that is not freemium.';
export const SCHEDULE_READ_ONLY = "Only the office's staff managers change this.";

export function useScheduleGate(): { offered: boolean; canEdit: boolean } {
  const { access, currentOfficeId, currentSettings, dentalOffice } = useOffice();
  const context = menuContextFor({ access, currentPath: '', currentOfficeId, settings: currentSettings, dentalOffice });
  return {
    offered: offersSchedule(context.integrationSubdomain, context.planType),
    canEdit: hasAnyRole(access.roles, SCHEDULE_SETTINGS_ROLES),
  };
}

export const OFFICE_SWITCHED = 'The office changed: this reads the office now current';

/**
 * A schedule read for one office only. The schedule service acts for the header's office, which is the current
 * one: a read the office switch starts again (office-context.tsx invalidates every query) before this tab has made
 * way for the new office's would ask the old office's question with the new office's header, and the new office,
 * without the Appointment Schedule, would be refused (403: the app would leave the page).
 */
export function useOfficeBoundRead<T>(officeId: string, read: () => Promise<T>): () => Promise<T> {
  const { runtime } = useServices();
  return () => (runtime.currentOfficeId === officeId ? read() : Promise.reject(new Error(OFFICE_SWITCHED)));
}
