/** One provider's status on a credential: 'DentalXChange: Active', a spinner while the login runs. */
import { CREDENTIAL_STATUS_LABELS, PORTAL_PROVIDER_LABELS, type PortalCredentialStatus } from '@dv/contracts';
import { Spin, Tag } from 'antd';
import { type ProviderStatus } from './credential-status';

const COLORS: Record<PortalCredentialStatus, string> = {
  valid: 'success',
  invalid: 'error',
  failed: 'volcano',
  inProgress: 'processing',
  mfaRequired: 'gold',
};

export function StatusChip({ provider, status }: ProviderStatus) {
  return (
    <Tag
      color={COLORS[status]}
      className="dv-status-chip"
      data-provider={provider}
      data-status={status}
      icon={status === 'inProgress' ? <Spin size="small" className="dv-status-chip__spinner" aria-label="Logging in" /> : undefined}
    >
      {PORTAL_PROVIDER_LABELS[provider]}: {CREDENTIAL_STATUS_LABELS[status]}
    </Tag>
  );
}
