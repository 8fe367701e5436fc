/**
 * Whether the user may read the schedule for the current office: a role of the /schedule pages (contracts
 * SCHEDULE_ROLES) and an office that has the Appointment Schedule (the menu's rule, offersSchedule). The ticket
 * page asks before it reads an appointment: the schedule service answers 403 otherwise, which the app's
 * auth-failure rule turns into a redirect away from the ticket.
 */
import { hasAnyRole, offersSchedule, SCHEDULE_ROLES } from '@dv/contracts';
import { menuContextFor } from '../../layout/menu-context';
import { useOffice } from '../../office/office-context';

export function useScheduleAccess(): boolean {
  const { access, currentOfficeId, currentSettings, dentalOffice } = useOffice();
  const context = menuContextFor({ access, currentPath: '', currentOfficeId, settings: currentSettings, dentalOffice });
  return hasAnyRole(context.roles, SCHEDULE_ROLES) && offersSchedule(context.integrationSubdomain, context.planType);
}
