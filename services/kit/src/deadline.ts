/**
 * Waiting at most so long for work that goes on regardless (a readiness check, a login in the background): the
 * time limit is an AbortSignal.timeout, so no timer has to be set and cleared by hand around a race.
 */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

/**
 * Settles as `work` does, or rejects with `DeadlineExceeded(message)` once `ms` have passed first. The work is
 * not cancelled (hand it an AbortSignal for that): the caller only stops waiting for it.
 */
export async function withDeadline<T>(work: PromiseLike<T>, ms: number, message: string): Promise<T> {
  const deadline = AbortSignal.timeout(ms);
  const settled = new AbortController();
  const expired = new Promise<never>((_, reject) => {
    const expire = () => reject(new DeadlineExceeded(message, { cause: deadline.reason }));
    deadline.addEventListener('abort', expire, { once: true, signal: settled.signal });
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    // Drops the listener, so the signal keeps nothing of this call alive until it fires.
    settled.abort();
  }
}
