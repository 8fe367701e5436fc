/**
 * Whether the organization has Verifications History on (contracts' FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED,
 * type none): off only when its flags turn it off. Every organization starts with it on (the offices service's
 * default flags), so an absent flag, or flags not read yet or unreadable, leave the page and its menu item in
 * place rather than hiding an office's own records; the service answers the list either way, within the
 * office's rights. A module of its own: the left menu, in every page's start-up, reads it.
 */
import { FEATURE_FLAGS, type FeatureFlag } from '@dv/contracts';

export function historyEnabled(flags: readonly FeatureFlag[]): boolean {
  const flag = flags.find((candidate) => candidate.name === FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED.name);
  return flag === undefined || flag.isActive;
}
