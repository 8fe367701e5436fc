/**
 * Where the /reverification pages lead: a re-verification's page, the verification's, the list offering to
 * re-verify one verification (the ticket page's "Re-verify"), and the way back to the list a page was opened from
 * (router state, as the plan pages do). Only PATHS: the ticket page imports it without the pages.
 */
import { PATHS } from '@dv/contracts';

/** The parameter of the verification to re-verify (/reverification?verificationId=...). */
export const VERIFICATION_PARAM = 'verificationId';

export const reverificationPath = (id: string) => PATHS.reverificationDetail.replace('{id}', encodeURIComponent(id));
export const verificationPath = (id: string) => PATHS.verificationDetail.replace('{id}', encodeURIComponent(id));
export const reverifyPath = (verificationId: string) =>
  `${PATHS.reverification}?${new URLSearchParams({ [VERIFICATION_PARAM]: verificationId }).toString()}`;

/** What a re-verification's page remembers of the list it was opened from: its query string. */
export type ListState = { listSearch: string };

/** The list the re-verification was opened from; opened from anywhere else, the plain list. */
export function listPathFrom(state: unknown): string {
  const search = (state as Partial<ListState> | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? `${PATHS.reverification}${search}` : PATHS.reverification;
}
