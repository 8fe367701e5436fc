/**
 * The services' one backoff schedule: how long to wait before the next try after `failures` failed tries.
 * The bus's redeliveries, the outbox relay and the source jobs take their delays from it. Each of them stores
 * or sleeps out the delay itself (a row's `availableAt`, a job's next run, a redelivery a close must be able
 * to interrupt), so none is a call retried in place, the case p-retry is for.
 */
export interface Backoff {
  /** The wait after the first failure. */
  readonly baseMs: number;
  /** The longest wait. */
  readonly maxMs: number;
  /** What each further failure multiplies the wait by; default 2. */
  readonly factor?: number;
}

/** `min(maxMs, baseMs * factor^(failures - 1))`: baseMs after the first failure (and before any). */
export function backoffDelay(failures: number, backoff: Backoff): number {
  // 0 * Infinity is NaN: a zero base stays zero however many failures there were.
  if (backoff.baseMs <= 0) return 0;
  const growth = (backoff.factor ?? 2) ** Math.max(0, failures - 1);
  return Math.min(backoff.maxMs, backoff.baseMs * growth);
}
