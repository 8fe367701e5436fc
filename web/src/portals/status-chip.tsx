/**
 * One provider's status on a credential: 'DentalXChange: Active', a spinner while the login runs. A Pill (ui/)
 * rather than antd's Tag and Spin: the credentials page and the header's popover show many of them, and antd's pair
 * would be loaded before either renders.
 */
import { CREDENTIAL_STATUS_LABELS, PORTAL_PROVIDER_LABELS, type PortalCredentialStatus } from '@dv/contracts';
import { Pill, type PillTone } from '../ui/pill';
import { type ProviderStatus } from './credential-status';
import './portals.css';

// 'failed' is drawn in volcano by portals.css (.dv-status-chip[data-status='failed']), apart from MFA's gold.
const TONES: Record<PortalCredentialStatus, PillTone> = {
  valid: 'success',
  invalid: 'error',
  failed: 'orange',
  inProgress: 'processing',
  mfaRequired: 'gold',
};

export function StatusChip({ provider, status }: ProviderStatus) {
  return (
    <Pill tone={TONES[status]} className="dv-status-chip" data-provider={provider} data-status={status}>
      {status === 'inProgress' ? (
        <span className="dv-spinner dv-spinner--small dv-status-chip__spinner" role="img" aria-label="Logging in" />
      ) : null}
      {PORTAL_PROVIDER_LABELS[provider]}: {CREDENTIAL_STATUS_LABELS[status]}
    </Pill>
  );
}
