import { MFA_IDLE, type MfaAction, mfaReducer, type MfaState, canSend, showsCodeInput } from './mfa-machine';

const run = (actions: MfaAction[], from: MfaState = MFA_IDLE) => actions.reduce(mfaReducer, from);
const submitted: MfaAction[] = [{ type: 'submit' }];

describe('MFA entry states', () => {
  it('goes idle -> submitting -> success on a 200', () => {
    expect(run(submitted)).toEqual({ phase: 'submitting', error: null });
    expect(run([...submitted, { type: 'answered', answer: { kind: 'accepted' } }])).toEqual({ phase: 'success', error: null });
  });

  it('waits for the socket after a 201; valid is success, invalid or failed an error', () => {
    const waiting = run([...submitted, { type: 'answered', answer: { kind: 'pending' } }]);
    expect(waiting.phase).toBe('waiting');
    expect(mfaReducer(waiting, { type: 'credentialChanged', status: 'inProgress' })).toBe(waiting);
    expect(mfaReducer(waiting, { type: 'credentialChanged', status: 'mfaRequired' })).toBe(waiting);
    expect(mfaReducer(waiting, { type: 'credentialChanged', status: 'valid' }).phase).toBe('success');
    expect(mfaReducer(waiting, { type: 'credentialChanged', status: 'invalid' })).toEqual({ phase: 'error', error: 'Failed to verify MFA code' });
    expect(mfaReducer(waiting, { type: 'credentialChanged', status: 'failed' }).phase).toBe('error');
  });

  it.each([
    [{ ok: false as const, status: 400, message: 'Failed to verify MFA code', answered: true }, 'Failed to verify MFA code'],
    [{ ok: false as const, status: 400, message: null, answered: true }, 'Failed to verify MFA code'],
    [{ ok: false as const, status: 409, message: 'No code is awaited', answered: true }, 'No code is awaited'],
    [{ ok: false as const, status: 999, message: null, answered: false }, 'An unexpected error occurred'],
  ])('words a refusal %j', (failure, text) => {
    expect(run([...submitted, { type: 'answered', answer: { kind: 'rejected', failure } }])).toEqual({ phase: 'error', error: text });
  });

  it('shows the unexpected error when the call itself throws', () => {
    expect(run([...submitted, { type: 'crashed' }])).toEqual({ phase: 'error', error: 'An unexpected error occurred' });
  });

  it('a valid credential is a success from any phase; asking for a code again starts over', () => {
    const success = run([{ type: 'credentialChanged', status: 'valid' }]);
    expect(success.phase).toBe('success');
    expect(mfaReducer(success, { type: 'credentialChanged', status: 'mfaRequired' })).toEqual(MFA_IDLE);
    // A login that failed after the code, retried, asks for a new code: the old error goes.
    const failed = run([...submitted, { type: 'answered', answer: { kind: 'pending' } }, { type: 'credentialChanged', status: 'invalid' }]);
    expect(failed.phase).toBe('error');
    expect(mfaReducer(failed, { type: 'credentialChanged', status: 'inProgress' })).toBe(failed);
    expect(mfaReducer(failed, { type: 'credentialChanged', status: 'mfaRequired' })).toEqual(MFA_IDLE);
  });

  it('ignores a second submit and late answers', () => {
    const submitting = run(submitted);
    expect(mfaReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(mfaReducer(MFA_IDLE, { type: 'answered', answer: { kind: 'accepted' } })).toBe(MFA_IDLE);
  });

  it('allows Send with a non-blank code while the credential awaits one and nothing is under way', () => {
    expect(canSend(MFA_IDLE, '', 'mfaRequired')).toBe(false);
    expect(canSend(MFA_IDLE, '   ', 'mfaRequired')).toBe(false);
    expect(canSend(MFA_IDLE, ' 1 ', 'mfaRequired')).toBe(true);
    expect(canSend({ phase: 'submitting', error: null }, '1', 'mfaRequired')).toBe(false);
    expect(canSend({ phase: 'waiting', error: null }, '1', 'mfaRequired')).toBe(false);
    expect(canSend({ phase: 'error', error: 'x' }, '1', 'mfaRequired')).toBe(true);
    // After the login turned invalid or failed, no code is awaited (the server would answer 409).
    for (const status of ['invalid', 'failed', 'inProgress', 'valid', null] as const) {
      expect(canSend({ phase: 'error', error: 'x' }, '1', status)).toBe(false);
    }
  });

  it('shows the code field while a code is awaited or under way, not after the login turned invalid or failed', () => {
    expect(showsCodeInput(MFA_IDLE, 'mfaRequired')).toBe(true);
    expect(showsCodeInput({ phase: 'waiting', error: null }, 'inProgress')).toBe(true);
    expect(showsCodeInput({ phase: 'error', error: 'Failed to verify MFA code' }, 'mfaRequired')).toBe(true);
    expect(showsCodeInput({ phase: 'error', error: 'Failed to verify MFA code' }, 'invalid')).toBe(false);
    expect(showsCodeInput({ phase: 'error', error: 'Failed to verify MFA code' }, 'failed')).toBe(false);
  });
});
