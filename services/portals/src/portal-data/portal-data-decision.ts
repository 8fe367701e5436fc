/**
 * What to do with a portal data request, given the office's credential for the portal that serves the payer.
 * Pure: the service (portal-data.service.ts) reads the credential, acts, and writes the answer.
 *
 * The credential's status is its overall status (credential-status.ts: mfaRequired, then invalid, failed,
 * inProgress; valid only when every provider is valid), the one the office sees on the Portal Credentials page:
 * - none: answer `credentialPending`, and keep the request open;
 * - mfaRequired: answer `mfaRequired`, and keep the request open;
 * - valid: read the patient's data (through the providers in PORTAL_PROVIDERS order) and answer `ok`;
 * - invalid / failed: a new request is answered `error` with the login's reason. A request already open (the
 *   verification waits for the office) stays open, answered `credentialPending` with the reason: the office is
 *   fixing the credential, and the verification goes on once it is valid;
 * - inProgress: wait for the login to end. A new request waits at most the configured time, then is answered
 *   `credentialPending` (still logging in) and stays open; an open request just waits.
 */
import { type PortalProvider, type WaitingSourceJobStatus } from '@dv/contracts';
import { firstProblem, overallStatus, providerNames } from '../credentials/credential-status';
import { type ProviderStates } from '../credentials/credentials.store';

/** A waiting status: the verification waits for the office. */
export type WaitingStatus = WaitingSourceJobStatus;

export type PortalDataStep =
  | { readonly kind: 'fetch'; readonly providers: readonly PortalProvider[] }
  | { readonly kind: 'wait'; readonly status: WaitingStatus; readonly message: string }
  | { readonly kind: 'fail'; readonly message: string }
  | { readonly kind: 'waitForLogin' };

export interface PortalDataSituation {
  /** The portal's name, as messages show it. */
  readonly portal: string;
  /** The providers' states of the office's credential for the portal; null: the office has none. */
  readonly credential: ProviderStates | null;
  /** The request was answered with a waiting status before. */
  readonly open: boolean;
  /** A new request has waited for a login as long as it may. */
  readonly loginWaitOver: boolean;
}

/** Lower-cases the first letter, so a provider's sentence reads on after a colon. */
function continued(reason: string): string {
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

export const PORTAL_DATA_MESSAGES = {
  noPortal: (carrier: string) => `No portal in the organization's catalogue serves ${carrier}`,
  noCredential: (portal: string) =>
    `The office has no credential for the ${portal} portal: add one on the Portal Credentials page`,
  mfaRequired: (portal: string) => `The ${portal} portal sent a verification code: enter it on the Portal Credentials page`,
  loginFailed: (portal: string, reason: string) => `The login to the ${portal} portal failed: ${continued(reason)}`,
  fixCredential: (portal: string, reason: string) =>
    `The login to the ${portal} portal failed (${continued(reason)}): fix the credential on the Portal Credentials page`,
  loginSlow: (portal: string) => `The login to the ${portal} portal has not finished yet; the verification goes on once it succeeds`,
  unreachable: (portal: string) => `The ${portal} portal could not be read; try again later`,
  unreadableData: (portal: string) => `The ${portal} portal answered data that could not be read`,
  expired: (portal: string, days: number) => `No usable credential for the ${portal} portal within ${days} days`,
} as const;

const DEFAULT_REASONS = {
  invalid: 'The portal rejected the username or password',
  failed: 'The portal could not be reached',
} as const;

export function nextPortalDataStep(situation: PortalDataSituation): PortalDataStep {
  const { portal, credential, open } = situation;
  if (credential === null) return { kind: 'wait', status: 'credentialPending', message: PORTAL_DATA_MESSAGES.noCredential(portal) };
  const status = overallStatus(credential);
  switch (status) {
    case 'valid':
      return { kind: 'fetch', providers: providerNames(credential) };
    case 'mfaRequired':
      return { kind: 'wait', status: 'mfaRequired', message: PORTAL_DATA_MESSAGES.mfaRequired(portal) };
    case 'invalid':
    case 'failed': {
      const reason = firstProblem(credential)?.message ?? DEFAULT_REASONS[status];
      return open
        ? { kind: 'wait', status: 'credentialPending', message: PORTAL_DATA_MESSAGES.fixCredential(portal, reason) }
        : { kind: 'fail', message: PORTAL_DATA_MESSAGES.loginFailed(portal, reason) };
    }
    case 'inProgress':
      return !open && situation.loginWaitOver
        ? { kind: 'wait', status: 'credentialPending', message: PORTAL_DATA_MESSAGES.loginSlow(portal) }
        : { kind: 'waitForLogin' };
  }
}
