/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` gets the first answer again
 * (marked `Idempotent-Replayed: true`) and changes nothing; the same key with other parameters is an
 * idempotency_error. The SDK sends a key with every POST and retries with it, so a retried request never doubles a
 * subscription. Answers are kept 24 hours; refusals of bad input are not kept (as on Stripe, the request never ran).
 */
import { idempotencyMismatch, type StripeApiError } from './errors';

export interface StoredAnswer {
  readonly status: number;
  readonly body: string;
}

interface Entry extends StoredAnswer {
  readonly fingerprint: string;
  readonly storedAt: number;
}

const KEEP_MS = 24 * 3600 * 1000;
const MAX_ENTRIES = 10_000;

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();

  /** The stored answer for this key, or undefined; throws when the key was used with other parameters. */
  lookup(key: string, fingerprint: string, nowMs: number): StoredAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (nowMs - entry.storedAt > KEEP_MS) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.fingerprint !== fingerprint) throw idempotencyMismatch(key);
    return entry;
  }

  store(key: string, fingerprint: string, answer: StoredAnswer, nowMs: number): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...answer, fingerprint, storedAt: nowMs });
  }
}

/** Which answers are kept: those of requests that ran (success, or a card declined while running). */
export function worthKeeping(status: number, error?: StripeApiError): boolean {
  if (status >= 200 && status < 300) return true;
  return error?.body.error.type === 'card_error';
}
