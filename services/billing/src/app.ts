/**
 * The billing service, defined for the kit's host (which brings the store, the bus, the outbox relay, token
 * verification, the probes and graceful shutdown): one Stripe customer per office, the plans, coupons, card set-up
 * through Stripe Checkout, subscriptions (paid, free, changed, cancelled), Stripe's webhooks, and the office's
 * payment state, published as `billing.status-changed`.
 *
 * Stripe is reached through the official SDK: Stripe's own API with STRIPE_SECRET_KEY (or a Stripe-compatible server
 * at STRIPE_API_URL); without a key, once the service listens, the embedded Stripe sandbox is started on
 * STRIPE_SANDBOX_PORT with its webhooks pointed at this service, and the customers it already holds (the demo data)
 * are taken over. The sandbox is never started when a key is configured.
 */
import {
  defineService,
  ServiceUnavailable,
  startService,
  type RunningService,
  type Server,
  type ServiceContext,
  type StartOptions,
} from '@dv/kit';
import type Stripe from 'stripe';
import { accountWriter } from './accounts/account-writer';
import { accountStore } from './accounts/accounts.store';
import { customerAccounts } from './accounts/customers';
import { billingRoutes } from './billing.routes';
import { BillingEnv, type BillingConfig } from './config';
import { planCatalogue } from './plans/plan-catalogue';
import { prepareBillingStore } from './store-setup';
import { startEmbeddedSandbox, type SandboxOffice } from './stripe/embedded-sandbox';
import { stripeClient, type StripeConnection } from './stripe/stripe-connection';
import { settingsService } from './subscriptions/settings.service';
import { subscriptionService } from './subscriptions/subscriptions.service';
import { reconcileCustomers } from './webhooks/reconcile';
import { webhookEvents } from './webhooks/webhook-events';
import { officeFinder } from './webhooks/webhook-offices';
import { webhookRoutes } from './webhooks/webhook.routes';

/** Bodies are a few small fields; the webhook route sets its own limit. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface BillingOptions {
  /** A Stripe client and its webhook secret instead of what the configuration selects (tests: a sandbox they run). */
  readonly stripe?: StripeConnection;
  /** Offices the embedded sandbox knows from the start (the demo data); unused with a key. */
  readonly sandboxOffices?: readonly SandboxOffice[];
}

export interface BillingBuilt {
  /** Whether the embedded Stripe sandbox answers (the UI shows a 'sandbox' badge). */
  readonly sandboxStripe: boolean;
  /** The embedded sandbox's address (its checkout page) once started; null with a key. */
  readonly stripeSandboxUrl: string | null;
}

export type StartBillingOptions = StartOptions<BillingConfig, BillingOptions>;
export type RunningBilling = RunningService<BillingBuilt>;

/** The connection in use; the embedded sandbox's arrives once the service listens (its webhooks need the address). */
interface ConnectionSlot {
  current?: StripeConnection;
  sandboxUrl?: string;
  readonly sandboxOffices: readonly SandboxOffice[];
}

const slots = new WeakMap<Server, ConnectionSlot>();

function configuredConnection(config: BillingConfig): StripeConnection | undefined {
  if (config.stripeSecretKey === undefined) return undefined;
  if (config.stripeWebhookSecret === undefined) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  return { stripe: stripeClient(config.stripeSecretKey, config.stripeApi), webhookSecret: config.stripeWebhookSecret, sandbox: false };
}

function billingParts(context: ServiceContext<BillingConfig>, slot: ConnectionSlot) {
  const { config, store, outbox, now, logger } = context;
  const connection = (): StripeConnection => {
    if (slot.current === undefined) throw new ServiceUnavailable('Billing is starting, retry in a moment');
    return slot.current;
  };
  const stripe = (): Stripe => connection().stripe;
  const accounts = accountStore(store);
  const writer = accountWriter({ accounts, outbox, now });
  const customers = customerAccounts({ store, accounts, writer, stripe });
  const plans = planCatalogue({ stripe, selection: config.plans, now });
  const offices = officeFinder({ store, accounts, writer, stripe, logger });
  return {
    connection,
    stripe,
    accounts,
    writer,
    customers,
    plans,
    subscriptions: subscriptionService({ store, accounts, writer, customers, plans, stripe, logger }),
    settings: settingsService({ accounts, plans, stripe }),
    events: webhookEvents({ store, accounts, writer, offices, stripe, now, logger }),
  };
}

export const billingService = defineService<BillingConfig, BillingOptions, BillingBuilt>({
  name: 'billing',
  env: BillingEnv,
  prepareStore: (store) => prepareBillingStore(store),
  http: { bodyLimit: BODY_LIMIT_BYTES },
  async build(app, context, options) {
    const current = options.stripe ?? configuredConnection(context.config);
    const slot: ConnectionSlot = { ...(current === undefined ? {} : { current }), sandboxOffices: options.sandboxOffices ?? [] };
    slots.set(app, slot);
    const parts = billingParts(context, slot);
    // Without a configured connection the embedded sandbox answers, once the service listens.
    billingRoutes(app, { ...parts, publicAppUrl: context.config.publicAppUrl, sandbox: current === undefined || current.sandbox });
    await webhookRoutes(app, { events: parts.events, connection: parts.connection, now: context.now });
    app.addReadinessCheck('stripe', () => {
      if (slot.current === undefined) throw new Error('the Stripe sandbox is not started yet');
    });
    const sandboxStripe = slot.current === undefined || slot.current.sandbox;
    if (slot.current === undefined) context.logger.info('Stripe is the embedded sandbox (STRIPE_SECRET_KEY is not set)');
    return {
      sandboxStripe,
      // Read when start answers, after the sandbox started.
      get stripeSandboxUrl() {
        return slot.sandboxUrl ?? null;
      },
    };
  },
  async afterListen(app, context, url) {
    const slot = slots.get(app);
    if (slot === undefined || slot.current !== undefined) return;
    const { config, logger, store } = context;
    const sandbox = await startEmbeddedSandbox({ config, serviceUrl: url, logger, offices: slot.sandboxOffices });
    context.closeWith(() => sandbox.close());
    slot.current = sandbox.connection;
    slot.sandboxUrl = sandbox.url;
    const accounts = accountStore(store);
    const adopted = await reconcileCustomers({
      store,
      accounts,
      writer: accountWriter({ accounts, outbox: context.outbox, now: context.now }),
      stripe: sandbox.connection.stripe,
      logger,
    });
    logger.info({ sandbox: sandbox.url, adopted }, 'the Stripe sandbox answers');
  },
});

export function startBilling(options: StartBillingOptions): Promise<RunningBilling> {
  return startService(billingService, options);
}
