/**
 * What a report page remembers of the list it was opened from (router state): its query string, so 'Back to
 * the list' shows the same filters, sort and page. Opened from anywhere else, the way back is the plain list.
 */
import { PATHS } from '@dv/contracts';

export type BugListState = { listSearch: string };

export const BUG_LIST_PATH = PATHS.managementBugs;

export function listPathFrom(state: unknown): string {
  const search = (state as Partial<BugListState> | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? `${BUG_LIST_PATH}${search}` : BUG_LIST_PATH;
}
