/**
 * The Stripe SDK client the service talks through, and the webhook signing secret that goes with it: Stripe's own
 * API with STRIPE_SECRET_KEY, or a local Stripe-compatible server (STRIPE_API_URL, or the embedded sandbox).
 * Network retries are the SDK's (it adds idempotency keys to retried POSTs); calls time out well before the
 * gateway's upstream timeout.
 */
import Stripe from 'stripe';
import { type StripeApiAddress } from '../config';

export interface StripeConnection {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  /** The embedded sandbox answers (the UI shows a 'sandbox' badge). */
  readonly sandbox: boolean;
}

const TIMEOUT_MS = 20_000;

export function stripeClient(secretKey: string, address?: StripeApiAddress): Stripe {
  return new Stripe(secretKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 2,
    // Latency telemetry is for Stripe's own servers; a local server has no use for it.
    telemetry: address === undefined,
    ...(address === undefined ? {} : { host: address.host, port: address.port, protocol: address.protocol }),
  });
}
