/**
 * MFA entry (SPEC section 4): idle -> submitting -> success (a 200 reply) or waiting (a 201 reply: the result
 * comes through the socket, 'Waiting for verification...') or error. While waiting, the credential turning valid
 * is the success; invalid or failed is an error. A valid change marks success whatever
 * the phase (another user may have answered); the credential asking for a code after a success or an error (a new
 * login) starts over. A code can be sent only while the credential awaits one: after it turned invalid or failed
 * the server has nothing to check it against (409).
 */
import { MESSAGES, type MfaEntryState, type PortalCredentialStatus } from '@dv/contracts';
import { type MfaAnswer } from './portals-api';

export type MfaState = { readonly phase: MfaEntryState; readonly error: string | null };

export type MfaAction =
  | { readonly type: 'submit' }
  | { readonly type: 'answered'; readonly answer: MfaAnswer }
  /** The call itself threw (no answer at all). */
  | { readonly type: 'crashed' }
  | { readonly type: 'credentialChanged'; readonly status: PortalCredentialStatus | null };

export const MFA_IDLE: MfaState = { phase: 'idle', error: null };

/** The section 8 text of a refused code: the server's message, else 'Failed to verify MFA code'. */
function rejectionText(answer: Extract<MfaAnswer, { kind: 'rejected' }>): string {
  if (!answer.failure.answered) return MESSAGES.UNEXPECTED_ERROR;
  return answer.failure.message ?? MESSAGES.MFA_FAILED;
}

function afterAnswer(answer: MfaAnswer): MfaState {
  switch (answer.kind) {
    case 'accepted':
      return { phase: 'success', error: null };
    case 'pending':
      return { phase: 'waiting', error: null };
    case 'rejected':
      return { phase: 'error', error: rejectionText(answer) };
  }
}

export function mfaReducer(state: MfaState, action: MfaAction): MfaState {
  switch (action.type) {
    case 'submit':
      return state.phase === 'submitting' || state.phase === 'waiting' ? state : { phase: 'submitting', error: null };
    case 'answered':
      return state.phase === 'submitting' ? afterAnswer(action.answer) : state;
    case 'crashed':
      return state.phase === 'submitting' ? { phase: 'error', error: MESSAGES.UNEXPECTED_ERROR } : state;
    case 'credentialChanged':
      if (action.status === 'valid') return { phase: 'success', error: null };
      if (state.phase === 'waiting' && (action.status === 'invalid' || action.status === 'failed')) {
        return { phase: 'error', error: MESSAGES.MFA_FAILED };
      }
      if ((state.phase === 'success' || state.phase === 'error') && action.status === 'mfaRequired') return MFA_IDLE;
      return state;
  }
}

/** Whether a code can be typed: the credential awaits one, or one is under way (shown, disabled). */
export function showsCodeInput(state: MfaState, status: PortalCredentialStatus | null): boolean {
  return status === 'mfaRequired' || isBusy(state);
}

export function isBusy(state: MfaState): boolean {
  return state.phase === 'submitting' || state.phase === 'waiting';
}

/** Send is possible with a non-empty (trimmed) code while the credential awaits one and nothing is under way. */
export function canSend(state: MfaState, code: string, status: PortalCredentialStatus | null): boolean {
  return code.trim() !== '' && status === 'mfaRequired' && !isBusy(state);
}
