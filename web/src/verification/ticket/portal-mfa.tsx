/**
 * The MFA code entry of a portal job waiting for one, with the office's credential kept live: loaded only for
 * such a job (job-chips.tsx), so a ticket page without one carries neither it nor the credentials' hooks.
 */
import { useServices } from '../../app/services-context';
import { overallStatus } from '../../portals/credential-status';
import { MfaEntry } from '../../portals/mfa-entry';
import { submitMfaCode } from '../../portals/portals-api';
import { useCredentialLiveUpdates, useCredentials } from '../../portals/use-portal-credentials';

export function PortalMfa({ officeId, portalId }: { officeId: string; portalId: string }) {
  const { http } = useServices();
  useCredentialLiveUpdates(officeId);
  const credentials = useCredentials(officeId);
  const credential = credentials.data?.find((candidate) => candidate.portalId === portalId);
  return (
    <MfaEntry
      portalName={portalId}
      status={credential ? overallStatus(credential) : 'mfaRequired'}
      submit={(code) => submitMfaCode(http, officeId, portalId, code)}
    />
  );
}
