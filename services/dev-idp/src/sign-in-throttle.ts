/**
 * Failed sign-in attempts are limited per account and per client address, so a password cannot be guessed at
 * speed on one account, nor many accounts tried from one address. A failure (wrong password or unknown email,
 * counted alike so the limit tells nothing about which accounts exist) counts against both; once either has used
 * up its failures in the window, an attempt is refused before the password is checked, even a right one.
 * Successful sign-ins do not count: an office whose staff sign in all day from one address is never refused.
 *
 * The counters are the kit's (@fastify/rate-limit's stores): on Redis when REDIS_URL is set, in memory otherwise.
 * Attempts that share an account or an address run one after another in this process, so parallel guesses
 * cannot all pass the check before the first failure is counted.
 */
import { createHash } from 'node:crypto';
import { clientAddressKey, createRateCounter, type RateCounter, type Redis } from '@dv/kit';

export interface SignInLimit {
  /** Failed attempts allowed in a window; the next attempt is refused. */
  readonly max: number;
  readonly windowSeconds: number;
}

export interface SignInLimits {
  readonly perAccount: SignInLimit;
  readonly perAddress: SignInLimit;
}

/** Five wrong passwords per account and twenty failures per address in fifteen minutes. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { max: 5, windowSeconds: 900 },
  perAddress: { max: 20, windowSeconds: 900 },
};

export type SignInOutcome<U> =
  | { readonly kind: 'signedIn'; readonly user: U }
  | { readonly kind: 'refused' }
  | { readonly kind: 'limited'; readonly retryAfterSeconds: number };

export interface SignInAttempt {
  readonly email: string;
  /** The client's address (the socket's remote address). */
  readonly address: string;
}

export interface SignInThrottle {
  /** Runs `check` (the password check) unless the account or the address is limited; a miss counts against both. */
  attempt<U>(attempt: SignInAttempt, check: () => Promise<U | undefined>): Promise<SignInOutcome<U>>;
  close(): Promise<void>;
}

/** The counters could not be read (Redis unreachable): sign-in is unavailable, not granted. */
export class SignInThrottleUnavailable extends Error {}

/** Emails are keyed by a hash: the counters' keys (in Redis too) name no one. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** Runs a task once every earlier task that shares a key with it has settled. */
function keyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return function enqueue<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const result = Promise.all(keys.map((key) => tails.get(key) ?? Promise.resolve())).then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) tails.set(key, settled);
    void settled.then(() => {
      for (const key of keys) if (tails.get(key) === settled) tails.delete(key);
    });
    return result;
  };
}

async function counted<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw new SignInThrottleUnavailable('the sign-in attempt counters are unavailable', { cause: error });
  }
}

export async function createSignInThrottle(options: { limits: SignInLimits; redis?: Redis }): Promise<SignInThrottle> {
  const counter = (name: string, limit: SignInLimit): Promise<RateCounter> =>
    createRateCounter({
      name,
      max: limit.max,
      windowMs: limit.windowSeconds * 1000,
      ...(options.redis ? { redis: options.redis } : {}),
    });
  const perAccount = await counter('dev-idp:sign-in:account', options.limits.perAccount);
  const perAddress = await counter('dev-idp:sign-in:address', options.limits.perAddress);
  const enqueue = keyedQueue();

  return {
    attempt(attempt, check) {
      const account = accountKey(attempt.email);
      const address = clientAddressKey(attempt.address);
      return enqueue([`account:${account}`, `address:${address}`], async () => {
        const counts = await counted(Promise.all([perAccount.peek(account), perAddress.peek(address)]));
        const used = counts.filter((count) => count.remaining === 0);
        if (used.length > 0) {
          return { kind: 'limited', retryAfterSeconds: Math.max(...used.map((count) => count.retryAfterSeconds)) };
        }
        const user = await check();
        if (user !== undefined) return { kind: 'signedIn', user };
        await counted(Promise.all([perAccount.hit(account), perAddress.hit(address)]));
        return { kind: 'refused' };
      });
    },
    async close() {
      await Promise.all([perAccount.close(), perAddress.close()]);
    },
  };
}
