/**
 * The embedded default when no Stripe key is configured: the local Stripe-compatible sandbox (src/stripe-sandbox),
 * started in this process on STRIPE_SANDBOX_PORT with its data under DATA_DIR/billing/stripe-sandbox, seeded with
 * the plans, the WELCOME20 coupon and the customers a runner names (the demo offices). Its API key and webhook
 * signing secret are made for this run; its webhooks come to this service's own /api/stripe/webhook, signed like
 * Stripe's. The service then talks to it through the real Stripe SDK, exactly as it would to Stripe.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Logger } from '@dv/kit';
import Stripe from 'stripe';
import { type BillingConfig } from '../config';
import { sandboxSeed, startStripeSandbox, type CustomerSeed } from '../stripe-sandbox';
import { WEBHOOK_PATH } from '../webhooks/webhook.routes';
import { type StripeConnection } from './stripe-connection';

export interface EmbeddedSandbox {
  readonly url: string;
  readonly connection: StripeConnection;
  close(): Promise<void>;
}

/** An office the sandbox knows as a customer from the start, with a subscription on a plan (by lookup key) or none. */
export interface SandboxOffice {
  readonly officeId: string;
  readonly orgId: string;
  readonly name: string;
  readonly plan?: string;
}

/** The sandbox's customers for these offices: metadata naming the office, a test Visa 4242 with a subscription. */
export function sandboxCustomers(offices: readonly SandboxOffice[]): CustomerSeed[] {
  return offices.map((office) => ({
    email: `billing+${office.officeId}@${office.orgId}.sandbox.test`,
    name: office.name,
    metadata: { organizationId: office.orgId, officeId: office.officeId },
    ...(office.plan === undefined ? {} : { subscription: { plan: office.plan } }),
  }));
}

export interface EmbeddedSandboxOptions {
  readonly config: BillingConfig;
  readonly serviceUrl: string;
  readonly logger: Logger;
  readonly offices?: readonly SandboxOffice[];
}

export async function startEmbeddedSandbox({ config, serviceUrl, logger, offices = [] }: EmbeddedSandboxOptions): Promise<EmbeddedSandbox> {
  const secretKey = `sk_test_sandbox${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const sandbox = await startStripeSandbox({
    port: config.stripeSandboxPort,
    // Where the service listens (loopback, or every interface in a container): the browser opens its checkout page.
    host: config.host,
    ...(config.stripeSandboxPublicUrl === undefined ? {} : { publicUrl: config.stripeSandboxPublicUrl }),
    dataDir: path.join(config.dataDir, 'billing', 'stripe-sandbox'),
    secretKey,
    webhooks: [{ url: `${serviceUrl}${WEBHOOK_PATH}`, secret: webhookSecret }],
    seed: sandboxSeed(sandboxCustomers(offices)),
    logger: logger.child({ component: 'stripe-sandbox' }),
  });
  const stripe = new Stripe(secretKey, { ...sandbox.clientOptions, telemetry: false, maxNetworkRetries: 2, timeout: 20_000 });
  return { url: sandbox.url, connection: { stripe, webhookSecret, sandbox: true }, close: () => sandbox.close() };
}
