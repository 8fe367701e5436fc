/**
 * How a verification is opened from the schedule, from the day's rows and from the appointment panel alike:
 * /verification/{id}?appointment={appointmentId} names the appointment it was made for (the schedule API has no
 * look-up by verification id), and the ticket page then offers the appointment's treatment plan tab;
 * `tab=treatment-plan` opens that tab. On the day page the same ?appointment= opens the appointment's panel.
 * Small on purpose: the ticket page and the day page import it before they render, the rest of this folder loads
 * lazily.
 */
import { PATHS } from '@dv/contracts';
import { useSearchParams } from 'react-router';

export const APPOINTMENT_PARAM = 'appointment';
export const TICKET_TAB_PARAM = 'tab';
export const BENEFITS_TAB = 'benefits';
export const TREATMENT_PLAN_TAB = 'treatment-plan';

/** The verification's page for an appointment of the schedule, on its treatment plan tab if asked. */
export function verificationPathFor(verificationId: string, appointmentId: string, tab?: typeof TREATMENT_PLAN_TAB): string {
  const search = new URLSearchParams({ [APPOINTMENT_PARAM]: appointmentId });
  if (tab) search.set(TICKET_TAB_PARAM, tab);
  return `${PATHS.verificationDetail.replace('{id}', encodeURIComponent(verificationId))}?${search.toString()}`;
}

/**
 * The appointment the ticket page was opened for (null without one) and its tab, kept in the address so a reload
 * or a shared link shows the same tab.
 */
export function useTicketAppointment(): { appointmentId: string | null; tab: string; setTab: (tab: string) => void } {
  const [search, setSearch] = useSearchParams();
  const appointmentId = search.get(APPOINTMENT_PARAM) || null;
  const tab = search.get(TICKET_TAB_PARAM) === TREATMENT_PLAN_TAB ? TREATMENT_PLAN_TAB : BENEFITS_TAB;
  const setTab = (next: string) =>
    setSearch(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === TREATMENT_PLAN_TAB) changed.set(TICKET_TAB_PARAM, next);
        else changed.delete(TICKET_TAB_PARAM);
        return changed;
      },
      { replace: true },
    );
  return { appointmentId, tab, setTab };
}
