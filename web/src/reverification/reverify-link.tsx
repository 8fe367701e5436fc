/**
 * The ticket page's "Re-verify": to /reverification?verificationId=..., which names the verification and waits
 * for "Re-verify now". Shown to the users whose roles open /reverification (contracts' route rules), once the
 * verification's sources answered: the service refuses a re-check before (REVERIFICATION_MESSAGES.notReady).
 * Kept apart from the re-verification pages, so the ticket page carries nothing of them.
 */
import { canAccess, PATHS, type VerificationDetail } from '@dv/contracts';
import { Link } from 'react-router';
import { useOffice } from '../office/office-context';
import { reverifyPath } from './reverification-paths';

export function ReverifyLink({ detail }: { detail: Pick<VerificationDetail, 'id' | 'readyAt'> }) {
  const { access } = useOffice();
  if (detail.readyAt === null || !canAccess(PATHS.reverification, access.effectiveRoles)) return null;
  return <Link to={reverifyPath(detail.id)}>Re-verify</Link>;
}
