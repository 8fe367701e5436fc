/**
 * `work`, or a rejection with the signal's reason once it aborts. For work that cannot be stopped, or may not
 * heed its signal (an injected `fetch`, a redirect that never settles the page): the caller goes on on time.
 * Whatever does take the signal (a real fetch) is stopped by it as well.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
