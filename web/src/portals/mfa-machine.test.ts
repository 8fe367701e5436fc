import { MFA_IDLE, type MfaAction, mfaReducer, type MfaState, canSend } from './mfa-machine';

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
  });

  it('ignores a second submit and late answers', () => {
    const submitting = run(submitted);
    expect(mfaReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(mfaReducer(MFA_IDLE, { type: 'answered', answer: { kind: 'accepted' } })).toBe(MFA_IDLE);
  });

  it('allows Send with a non-blank code while nothing is under way', () => {
    expect(canSend(MFA_IDLE, '')).toBe(false);
    expect(canSend(MFA_IDLE, '   ')).toBe(false);
    expect(canSend(MFA_IDLE, ' 1 ')).toBe(true);
    expect(canSend({ phase: 'submitting', error: null }, '1')).toBe(false);
    expect(canSend({ phase: 'waiting', error: null }, '1')).toBe(false);
    expect(canSend({ phase: 'error', error: 'x' }, '1')).toBe(true);
  });
});
