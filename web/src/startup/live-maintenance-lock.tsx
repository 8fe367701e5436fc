/**
 * The maintenance lock while the app runs. SPEC section 4 checks the lock on start and, while locked, every
 * MAINTENANCE_LOCK_RECHECK_MS until it is lifted; a tab opened before the lock was switched on would never hear of
 * it. Here every live flag change reads the flags again (feature-flags.ts) and the gate is told what they say: a
 * lock switched on engages at once (startup-machine.ts), and from then on the lock screen's own re-check takes over.
 *
 * Whoever may switch the lock off (whoever may open /management/features) keeps the tab they switched it on from:
 * locking it would leave them no page to switch it off again. Their next page load locks like anyone's.
 */
import { canAccess, PATHS } from '@dv/contracts';
import { useEffect } from 'react';
import { useFeatureFlags, useFeatureFlagsLive } from '../features/feature-flags';
import { useAccess } from '../office/office-context';
import { useReportRunningFlags } from './startup-gate';

/** Inside the start-up gate, the office provider and the realtime provider. */
export function LiveMaintenanceLock(): null {
  useFeatureFlagsLive();
  const flags = useFeatureFlags();
  const { roles } = useAccess();
  const report = useReportRunningFlags();
  const mayLift = canAccess(PATHS.managementFeatures, roles);
  useEffect(() => {
    if (!mayLift) report(flags);
  }, [flags, mayLift, report]);
  return null;
}
