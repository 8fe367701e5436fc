/**
 * What became of the portal login that follows a saved credential (issue 13: a credential the portal refused
 * showed only 'Your changes has been saved.'). The save succeeded either way; the outcome is said under it in the
 * info bar, in the words of the card's status chips ('DentalXChange: Invalid'), with what the user can do about
 * it. The sentences are not quoted by the specification; they are worded here.
 */
import { CREDENTIAL_STATUS_LABELS, PORTAL_PROVIDER_LABELS, type PortalCredential } from '@dv/contracts';
import { type InfoBarMessage } from '../info-bar/info-bar-text';
import { overallStatus, providerStatuses } from './credential-status';

export type LoginOutcome = {
  readonly detail: string;
  /** The login needs the user: a refused password, a failure, a code to enter. */
  readonly attention: boolean;
  /** No provider is still logging in: nothing more will come of this save. */
  readonly settled: boolean;
};

/** The outcome so far; null when no provider logs in with the credential (there is nothing to wait for). */
export function loginOutcome(portalName: string, credential: PortalCredential): LoginOutcome | null {
  const statuses = providerStatuses(credential);
  const overall = overallStatus(credential);
  if (statuses.length === 0 || overall === null) return null;
  const chips = statuses.map(({ provider, status }) => `${PORTAL_PROVIDER_LABELS[provider]}: ${CREDENTIAL_STATUS_LABELS[status]}`).join(', ');
  const settled = statuses.every(({ status }) => status !== 'inProgress');
  const outcome = (detail: string, attention: boolean): LoginOutcome => ({ detail, attention, settled });
  switch (overall) {
    case 'inProgress':
      return outcome(statuses.every(({ status }) => status === 'inProgress') ? `Logging in to ${portalName}...` : `Logging in to ${portalName}... (${chips})`, false);
    case 'valid':
      return outcome(`Logged in to ${portalName} (${chips}).`, false);
    case 'invalid':
      return outcome(`${portalName} refused the username or password (${chips}). Edit the credential to correct them.`, true);
    case 'failed':
      return outcome(`The login to ${portalName} failed (${chips}). Use Retry login to try again.`, true);
    case 'mfaRequired':
      return outcome(`${portalName} asks for an MFA code (${chips}): enter it on the portal's card.`, true);
  }
}

/** The info bar's message for the save: 'Your changes has been saved.' with the outcome under it, if any. */
export function savedMessage(outcome: LoginOutcome | null): InfoBarMessage {
  return outcome ? { type: 'saved', detail: outcome.detail, attention: outcome.attention } : { type: 'saved' };
}
