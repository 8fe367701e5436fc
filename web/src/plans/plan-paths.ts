/**
 * Where the /plan pages lead: a plan's page, the way back to the search it was opened from (router state, as
 * the bug pages do), and the New Verification form with the plan's carrier chosen (?payerId=, which
 * new-verification-page.tsx reads).
 */
import { PATHS, type PlanType } from '@dv/contracts';

/** What a plan's page remembers of the search it was opened from: its query string. */
export type PlanListState = { listSearch: string };

export const planPath = (id: string) => PATHS.planDetail.replace('{id}', encodeURIComponent(id));

/** The search the plan was opened from; opened from anywhere else, the plain search. */
export function searchPathFrom(state: unknown): string {
  const search = (state as Partial<PlanListState> | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? `${PATHS.plan}${search}` : PATHS.plan;
}

export const verifyOnPlanPath = (payerId: string) => `${PATHS.verification}?${new URLSearchParams({ payerId }).toString()}`;

export const PLAN_TYPE_LABELS: Readonly<Record<PlanType, string>> = {
  dental: 'Dental',
  medical: 'Medical',
  dentalExcluded: 'Dental excluded',
  unknown: 'Unknown',
};
