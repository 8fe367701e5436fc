/**
 * Screen 5, the Portal Credentials Management page, for one office: the title (with a 'sandbox' badge while the
 * portals are simulated), a card per portal, the empty state, load errors in a dismissible alert, and the
 * credential and JSON dialogs. A save is confirmed in the info bar with the outcome of the login that follows. Cards follow the socket live. Used on the portal credentials tab of
 * /dental-office-settings and on /management/portal-credentials.
 */
import { MESSAGES, type Portal, type PortalCredential, type PortalCredentialInput, type PortalCredentialUpdateInput } from '@dv/contracts';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../app/services-context';
import { useInfoBar } from '../info-bar/info-bar';
import { Pill } from '../ui/pill';
import type { CredentialDialogTarget } from './credential-dialog';
import type { JsonDialogTarget } from './json-dialog';
import { PortalCard } from './portal-card';
import { createCredential, deleteCredential, retryLogin, submitMfaCode, updateCredential } from './portals-api';
import { useLoginOutcome } from './use-login-outcome';
import {
  useCredentialCache,
  useCredentialLiveUpdates,
  useCredentials,
  usePortals,
  useSandbox,
} from './use-portal-credentials';
import './portals.css';

// The dialogs (antd's Modal, Form and Input) load when first opened: the page shows its cards without them.
const CredentialDialog = lazy(() => import('./credential-dialog').then((m) => ({ default: m.CredentialDialog })));
const JsonDialog = lazy(() => import('./json-dialog').then((m) => ({ default: m.JsonDialog })));

export type PortalCredentialsPanelProps = {
  officeId: string;
  /** May add, edit and delete (office managers and company users); others only read, retry and answer MFA. */
  canEdit: boolean;
};

function loadErrors(portalsFailed: boolean, credentialsFailed: boolean): string[] {
  return [
    ...(portalsFailed ? [MESSAGES.FAILED_TO_LOAD_PORTALS] : []),
    ...(credentialsFailed ? [MESSAGES.FAILED_TO_LOAD_CREDENTIALS] : []),
  ];
}

/** 'Failed to load portal credentials data', what failed, and a Dismiss button: drawn like antd's error Alert. */
function LoadErrorAlert({ description, onDismiss }: { description: string; onDismiss: () => void }) {
  return (
    <div className="dv-alert dv-alert--error dv-portal-credentials__alert" role="alert">
      <span className="dv-alert__icon" aria-hidden="true">
        <CloseCircleFilled />
      </span>
      <div className="dv-alert__body">
        <div className="dv-alert__title">{MESSAGES.FAILED_TO_LOAD_PORTAL_CREDENTIALS_DATA}</div>
        <div className="dv-alert__description">{description}</div>
      </div>
      <button type="button" className="dv-alert__close" aria-label="Dismiss" onClick={onDismiss}>
        <CloseOutlined />
      </button>
    </div>
  );
}

export function PortalCredentialsPanel({ officeId, canEdit }: PortalCredentialsPanelProps) {
  const { http } = useServices();
  const infoBar = useInfoBar();
  const portals = usePortals();
  const credentials = useCredentials(officeId);
  const sandbox = useSandbox();
  const cache = useCredentialCache(officeId);
  useCredentialLiveUpdates(officeId);
  const followLogin = useLoginOutcome(credentials.data);

  const [dialog, setDialog] = useState<CredentialDialogTarget | null>(null);
  const [json, setJson] = useState<JsonDialogTarget | null>(null);

  const errors = loadErrors(portals.isError, credentials.isError);
  const errorKey = errors.join('|');
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    if (errorKey === '') setDismissed(null);
  }, [errorKey]);

  const credentialFor = (portal: Portal): PortalCredential | undefined =>
    credentials.data?.find((credential) => credential.portalId === portal.id);

  async function remove(credential: PortalCredential) {
    const outcome = await deleteCredential(http, officeId, credential.id).catch(() => null);
    if (outcome?.ok) {
      cache.remove(credential.id);
      void cache.refetch();
    } else {
      infoBar.show({ type: 'error', text: MESSAGES.FAILED_TO_DELETE_CREDENTIAL });
    }
  }

  function save(target: CredentialDialogTarget, input: PortalCredentialInput | PortalCredentialUpdateInput) {
    return target.credential
      ? updateCredential(http, officeId, target.credential.id, input)
      : createCredential(http, officeId, target.portal.id, input as PortalCredentialInput);
  }

  const loading = portals.isPending || (credentials.isPending && !credentials.isError);
  const list = portals.data ?? [];

  return (
    <div className="dv-portal-credentials">
      <div className="dv-portal-credentials__heading">
        <h1 className="dv-page-title">{MESSAGES.PORTAL_CREDENTIALS_TITLE}</h1>
        {sandbox ? (
          <Pill tone="default" className="dv-sandbox-badge">
            sandbox
          </Pill>
        ) : null}
      </div>

      {errors.length > 0 && dismissed !== errorKey ? (
        <LoadErrorAlert description={errors.join('. ')} onDismiss={() => setDismissed(errorKey)} />
      ) : null}

      {loading ? (
        <div className="dv-portal-credentials__loading">
          <span className="dv-spinner" role="img" aria-label="Loading portals" />
        </div>
      ) : portals.isSuccess && list.length === 0 ? (
        <div className="dv-portal-credentials__empty">
          <strong>{MESSAGES.NO_PORTALS_AVAILABLE}</strong>
          <span className="dv-text-secondary">{MESSAGES.NO_PORTALS_HINT}</span>
        </div>
      ) : (
        <div className="dv-portal-credentials__grid">
          {list.map((portal) => {
            const credential = credentialFor(portal);
            return (
              <PortalCard
                key={portal.id}
                portal={portal}
                credential={credential}
                canEdit={canEdit}
                credentialsKnown={credentials.isSuccess}
                onLogin={() => setDialog({ portal })}
                onEdit={() => setDialog({ portal, credential })}
                onDelete={() => (credential ? remove(credential) : Promise.resolve())}
                onShowJson={() => setJson({ portal, credential })}
                retry={() => retryLogin(http, officeId, credential?.id ?? '')}
                onRetried={cache.put}
                submitMfaCode={(code) => submitMfaCode(http, officeId, portal.id, code)}
              />
            );
          })}
        </div>
      )}

      <Suspense fallback={null}>
        {dialog ? (
          <CredentialDialog
            target={dialog}
            onClose={() => setDialog(null)}
            save={(input) => save(dialog, input)}
            onSaved={(credential) => {
              cache.put(credential);
              // 'Your changes has been saved.', and then how the portal login that follows goes.
              followLogin(credential, dialog.portal.name);
              void cache.refetch();
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>{json ? <JsonDialog target={json} onClose={() => setJson(null)} /> : null}</Suspense>
    </div>
  );
}
