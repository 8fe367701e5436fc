/**
 * One portal on the credentials page (screen 5): name, URL, up to CREDENTIAL_CARD_MAX_CARRIERS carriers and a
 * '+N more' chip, one status chip per provider, the logged-in username, then Login (no credential yet) or Edit,
 * Delete (confirmed) and Retry login, the MFA entry when a code is needed, and the show-JSON button.
 * Readers (roles that may not change credentials) see no Login, Edit or Delete.
 */
import { CREDENTIAL_CARD_MAX_CARRIERS, MESSAGES, type Portal, type PortalCredential } from '@dv/contracts';
import { Button, Popconfirm, Tooltip } from 'antd';
import { Pill } from '../ui/pill';
import { overallStatus, providerStatuses } from './credential-status';
import { MfaEntry } from './mfa-entry';
import { type CallOutcome, type MfaAnswer } from './portals-api';
import { RetryLoginButton } from './retry-login-button';
import { StatusChip } from './status-chip';

export type PortalCardProps = {
  portal: Portal;
  credential: PortalCredential | undefined;
  /** May add, edit and delete credentials. */
  canEdit: boolean;
  /** false when the office's credentials could not be read: nothing is offered that depends on them. */
  credentialsKnown: boolean;
  onLogin: () => void;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  onShowJson: () => void;
  retry: () => Promise<CallOutcome<PortalCredential>>;
  onRetried: (credential: PortalCredential) => void;
  submitMfaCode: (code: string) => Promise<MfaAnswer>;
};

function Carriers({ carriers }: { carriers: readonly string[] }) {
  const shown = carriers.slice(0, CREDENTIAL_CARD_MAX_CARRIERS);
  const hidden = carriers.slice(CREDENTIAL_CARD_MAX_CARRIERS);
  return (
    <div className="dv-portal-card__carriers" aria-label="Carriers">
      {shown.map((carrier) => (
        <Pill key={carrier} tone="default">
          {carrier}
        </Pill>
      ))}
      {hidden.length > 0 ? (
        <Tooltip title={hidden.join(', ')}>
          <Pill tone="default" className="dv-portal-card__more">
            {MESSAGES.MORE_CARRIERS(hidden.length)}
          </Pill>
        </Tooltip>
      ) : null}
    </div>
  );
}

export function PortalCard(props: PortalCardProps) {
  const { portal, credential, canEdit, credentialsKnown } = props;
  const statuses = credential ? providerStatuses(credential) : [];
  return (
    <section aria-label={portal.name} className="dv-portal-card dv-card">
      <div className="dv-portal-card__head">
        <h2 className="dv-portal-card__title">{portal.name}</h2>
        <Button size="small" type="text" onClick={props.onShowJson}>
          Show JSON
        </Button>
      </div>
      <div className="dv-card-body">
        <a href={portal.url} target="_blank" rel="noopener noreferrer" className="dv-portal-card__url">
          {portal.url}
        </a>
        <Carriers carriers={portal.carriers} />
        {credential ? (
          <>
            {statuses.length > 0 ? (
              <div className="dv-portal-card__statuses" aria-label="Connection status">
                {statuses.map((entry) => (
                  <StatusChip key={entry.provider} {...entry} />
                ))}
              </div>
            ) : null}
            <p className="dv-portal-card__username">
              Logged in as <strong>{credential.username}</strong>
            </p>
            <MfaEntry
              key={credential.id}
              portalName={portal.name}
              status={overallStatus(credential)}
              submit={props.submitMfaCode}
            />
          </>
        ) : null}
        <div className="dv-row dv-portal-card__actions">
          {!credential && canEdit && credentialsKnown ? (
            <Button type="primary" onClick={props.onLogin}>
              {MESSAGES.BUTTON_LOGIN}
            </Button>
          ) : null}
          {credential && canEdit ? <Button onClick={props.onEdit}>{MESSAGES.BUTTON_EDIT}</Button> : null}
          {credential && canEdit ? (
            <Popconfirm
              title="Delete this credential?"
              description={`The stored login for ${portal.name} will be removed.`}
              okText={MESSAGES.BUTTON_DELETE}
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => {
                void props.onDelete();
              }}
            >
              <Button danger>{MESSAGES.BUTTON_DELETE}</Button>
            </Popconfirm>
          ) : null}
          {credential ? <RetryLoginButton key={credential.id} retry={props.retry} onRetried={props.onRetried} /> : null}
        </div>
      </div>
    </section>
  );
}
