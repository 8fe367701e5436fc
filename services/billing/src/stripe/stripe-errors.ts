/**
 * What a failed Stripe call means for the caller. A card refused is the office's business and its reason is
 * Stripe's own text (it names no card data); a missing object is the caller's mistake; anything else (network,
 * authentication, rate limit, Stripe's own trouble) is a 503 that says only that the payment provider is
 * unavailable, with the detail in the log.
 */
import { ServiceUnavailable } from '@dv/kit';
import Stripe from 'stripe';

export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable, retry later';

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe refused the card (declined, expired, insufficient funds ...): its message says why. */
export function cardDeclineOf(error: unknown): string | null {
  return isStripeError(error) && error.type === 'StripeCardError' ? error.message : null;
}

/** The object named does not exist at Stripe (a coupon id, a price). */
export function isMissingResource(error: unknown): boolean {
  return isStripeError(error) && error.type === 'StripeInvalidRequestError' && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** A 503 for the client, keeping the SDK's error as the cause for the log. */
export function providerUnavailable(cause: unknown): ServiceUnavailable {
  return Object.assign(new ServiceUnavailable(PROVIDER_UNAVAILABLE), { cause });
}

/** Runs a Stripe call; any Stripe failure the caller did not handle becomes the 503 above. */
export async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error)) throw providerUnavailable(error);
    throw error;
  }
}
