import { useEffect, useRef } from 'react';

/**
 * Runs a one-shot side effect (a redirect to the identity provider, a code exchange) once per mount, also under
 * React's StrictMode, which mounts twice in development: a code can be exchanged only once.
 */
export function useRunOnce(effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
