/**
 * Whether the organization has Verifications History on (contracts' FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED,
 * type none). A flag is on only when the organization's flags say so, as every other flag of the app reads
 * (isFeatureActive): a missing flag, or flags not read yet or unreadable, hide the menu item and the page.
 * Every organization starts with it on (the offices service's default flags, the demo's included). A module of
 * its own: the left menu, in every page's start-up, reads it.
 */
import { type FeatureFlag, isFeatureActive } from '@dv/contracts';

export function historyEnabled(flags: readonly FeatureFlag[]): boolean {
  return isFeatureActive(flags, 'PAST_VERIFICATIONS_ENABLED');
}
