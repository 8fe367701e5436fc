import { MESSAGES } from '@dv/contracts';
import { CenteredBox } from '../ui/centered-box';

/** Screen 2: the page refreshes itself when the lock is lifted (see startup-gate.tsx). */
export function MaintenanceLockScreen() {
  return (
    <CenteredBox>
      <h2 className="dv-page-title dv-para">{MESSAGES.MAINTENANCE_LOCK_TITLE}</h2>
      <p className="dv-para">{MESSAGES.MAINTENANCE_LOCK_TEXT}</p>
      <p className="dv-para dv-text-secondary">{MESSAGES.MAINTENANCE_LOCK_SIGNATURE}</p>
    </CenteredBox>
  );
}
