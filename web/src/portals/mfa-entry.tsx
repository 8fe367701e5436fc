/**
 * The MFA code entry of a credential that needs one (screen 5, SPEC sections 4, 5 and 8): the code is trimmed,
 * Send is disabled while it is empty or while a code is under way; after a 201 it waits for the socket
 * ('Waiting for verification...'); success hides the input, and so does the credential turning invalid or failed
 * (the error text stays: no code is awaited any more). When a login turns to mfaRequired while the page is
 * open (the user has just saved the credential), the code field takes the focus so the code can be typed at once,
 * unless the user is typing elsewhere or working in a dialog; a page that opens on credentials already waiting for
 * a code leaves the focus alone.
 *
 * A plain input beside antd's Button (which the app shell has anyway) rather than antd's Input and Space.Compact:
 * the credentials page shows the entry on first render, and the ticket page loads it for a job waiting for a code.
 */
import { MESSAGES, type PortalCredentialStatus } from '@dv/contracts';
import { Button } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { canSend, isBusy, MFA_IDLE, mfaReducer, showsCodeInput } from './mfa-machine';
import { type MfaAnswer } from './portals-api';
import './portals.css';

/** True while the user is typing somewhere or working in a dialog: no field should take the focus from them. */
function userIsBusyElsewhere(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]') || active.closest('[role="dialog"]') !== null;
}

export type MfaEntryProps = {
  portalName: string;
  /** The credential's overall status; the entry follows its changes. */
  status: PortalCredentialStatus | null;
  submit: (code: string) => Promise<MfaAnswer>;
};

export function MfaEntry({ portalName, status, submit }: MfaEntryProps) {
  const [state, dispatch] = useReducer(mfaReducer, MFA_IDLE);
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const previousStatus = useRef<PortalCredentialStatus | null | undefined>(undefined);

  useEffect(() => {
    dispatch({ type: 'credentialChanged', status });
    const before = previousStatus.current;
    previousStatus.current = status;
    const turnedMfa = before !== undefined && before !== 'mfaRequired' && status === 'mfaRequired';
    if (turnedMfa && !userIsBusyElsewhere()) inputRef.current?.focus();
  }, [status]);

  const busy = isBusy(state);
  const withInput = showsCodeInput(state, status);
  const shown = state.phase !== 'success' && (withInput || state.phase === 'error');
  if (!shown) return null;

  async function send() {
    if (!canSend(state, code, status)) return;
    dispatch({ type: 'submit' });
    try {
      dispatch({ type: 'answered', answer: await submit(code.trim()) });
    } catch {
      dispatch({ type: 'crashed' });
    }
  }

  return (
    <div className="dv-mfa" role="group" aria-label={`MFA code for ${portalName}`}>
      {withInput ? (
        <div className="dv-mfa__row">
          <input
            ref={inputRef}
            type="text"
            className="dv-mfa__input"
            aria-label="MFA code"
            placeholder="MFA code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            disabled={busy}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) void send();
            }}
          />
          <Button type="primary" disabled={!canSend(state, code, status)} loading={state.phase === 'submitting'} onClick={() => void send()}>
            {MESSAGES.BUTTON_SEND}
          </Button>
        </div>
      ) : null}
      {state.phase === 'waiting' ? (
        <span className="dv-text-secondary" role="status">
          {MESSAGES.MFA_WAITING}
        </span>
      ) : null}
      {state.phase === 'error' && state.error ? (
        <span className="dv-text-danger" role="alert">
          {state.error}
        </span>
      ) : null}
    </div>
  );
}
