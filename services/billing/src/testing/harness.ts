/**
 * Test support: the billing service built in-process by the kit's harness (a real embedded store in a temporary
 * folder, a real in-process bus fed by the outbox relay, tokens of a test issuer), listening on loopback so that a
 * real Stripe sandbox (src/stripe-sandbox, its clock movable) delivers its signed webhooks to it over HTTP, and the
 * real Stripe SDK pointed at that sandbox. The kit's test tenants: org-a (office-a1, office-a2) and org-b
 * (office-b1); the sandbox knows office-b1 as a customer with a Premium subscription from the start (as the demo
 * data does for office-demo-1), and no other office.
 */
import { TOPICS, type BillingStatusPayload } from '@dv/contracts';
import { createLogger, OUTBOX_COLLECTION, type BusEvent, type OutboxDocument, type Server, type Store } from '@dv/kit';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, waitFor, type ServiceHarness, type TestUserName } from '@dv/kit/testing';
import Stripe from 'stripe';
import { billingService, type BillingBuilt } from '../app';
import { SANDBOX_PLAN_LOOKUP_KEYS, type BillingConfig } from '../config';
import { sandboxCustomers } from '../stripe/embedded-sandbox';
import { sandboxSeed, startStripeSandbox, type CardForm, type StripeSandbox } from '../stripe-sandbox';
import { WEBHOOK_PATH } from '../webhooks/webhook.routes';

/** The kit's test users, and a manager of org-b's office (the payment pages' calls are managers'). */
export const USERS = {
  ...TEST_USERS,
  managerB: { sub: 'user-manager-b', email: 'manager@b.test', org: 'org-b', roles: ['staffmanager'], allowedOfficeIds: ['office-b1'] },
} as const;
export type UserName = TestUserName | 'managerB';

export const TEST_STRIPE_KEY = 'sk_test_billing_harness_key';
export const TEST_WEBHOOK_SECRET = 'whsec_billing_harness_secret';
export const TEST_APP_URL = 'http://localhost:8080';

/** Stripe's success card, a card declined at once, and one that saves but whose every charge fails. */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  chargesFail: '4000 0000 0000 0341',
} as const;

export type Response = Awaited<ReturnType<Server['inject']>>;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office; default the user's first allowed office; null sends none. */
  readonly office?: string | null;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface Harness {
  readonly app: Server;
  readonly store: Store;
  readonly sandbox: StripeSandbox;
  /** The SDK on the sandbox, as a test reads or changes Stripe's side. */
  readonly stripe: Stripe;
  readonly service: ServiceHarness<BillingConfig, BillingBuilt>;
  /** This service's webhook address. */
  readonly webhookUrl: string;
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Response>;
  /** Posts the sandbox's checkout form as a browser would, then waits for its webhooks to be delivered. */
  checkout(checkoutUrl: string, card?: Partial<CardForm>): Promise<{ status: number; location: string | null; html: string }>;
  /** Runs `work` while the sandbox sends no webhook here (its events then are lost, as an outage would lose them). */
  withoutWebhooks<T>(work: () => Promise<T>): Promise<T>;
  /** Moves the sandbox's clock (and this service's) forward. */
  advance(ms: number): void;
  now(): number;
  /** Every billing.status-changed published since the harness started. */
  statusEvents(officeId?: string): BusEvent<BillingStatusPayload>[];
  waitForStatus(officeId: string, predicate: (payload: BillingStatusPayload) => boolean): Promise<BillingStatusPayload>;
  /** Waits until the sandbox delivered its webhooks and the outbox published everything (and the harness heard it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function sessionIdOf(checkoutUrl: string): string {
  const id = new URL(checkoutUrl).pathname.split('/').pop();
  if (id === undefined || id === '') throw new Error(`no session id in ${checkoutUrl}`);
  return id;
}

export async function createHarness(): Promise<Harness> {
  let offset = 0;
  const now = () => Date.now() + offset;
  const sandbox = await startStripeSandbox({
    secretKey: TEST_STRIPE_KEY,
    seed: sandboxSeed(sandboxCustomers([{ officeId: 'office-b1', orgId: 'org-b', name: 'Office B1', plan: 'premium' }])),
    now,
    billingIntervalMs: 0,
    webhookRetry: { attempts: 3, baseDelayMs: 20, timeoutMs: 5_000 },
  });
  const stripe = new Stripe(TEST_STRIPE_KEY, { ...sandbox.clientOptions, maxNetworkRetries: 0, telemetry: false });
  const service = await createServiceHarness(billingService, {
    config: { plans: { lookupKeys: SANDBOX_PLAN_LOOKUP_KEYS }, publicAppUrl: TEST_APP_URL, stripeSandboxPort: 0 },
    options: { stripe: { stripe, webhookSecret: TEST_WEBHOOK_SECRET, sandbox: true } },
    officeBelongsToOrg: testOfficeBelongsToOrg,
    now: () => new Date(now()),
    logger: createLogger({ name: 'billing-test', level: 'silent' }),
  });
  const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `${url}${WEBHOOK_PATH}`;
  let endpoint = sandbox.addWebhookEndpoint(webhookUrl, TEST_WEBHOOK_SECRET);
  const statuses: BusEvent<BillingStatusPayload>[] = [];
  const subscription = await service.bus.subscribe(TOPICS.billing, 'billing-harness', (event) => {
    statuses.push(event as BusEvent<BillingStatusPayload>);
    return Promise.resolve();
  });

  const tokens = new Map<UserName, string>();
  const token = async (user: UserName) => {
    if (!tokens.has(user)) tokens.set(user, await service.sign({ ...USERS[user] }));
    return tokens.get(user)!;
  };
  const statusEvents = (officeId?: string) => statuses.filter((event) => officeId === undefined || event.payload.officeId === officeId);

  return {
    app: service.app,
    store: service.store,
    sandbox,
    stripe,
    service,
    webhookUrl,
    async call(method, path, { as = 'staffmanager', office, body, headers = {} } = {}) {
      const user = as === null ? null : USERS[as];
      const header = office === undefined ? (user?.allowedOfficeIds[0] ?? null) : office;
      return service.call(method, path, {
        token: as === null ? null : await token(as),
        ...(body === undefined ? {} : { body }),
        headers: { ...(header === null ? {} : { 'connected-dental-office': header }), ...headers },
      });
    },
    async checkout(checkoutUrl, card) {
      const submitted = await sandbox.completeCheckout(sessionIdOf(checkoutUrl), card);
      await sandbox.webhooksIdle();
      return submitted;
    },
    async withoutWebhooks(work) {
      await sandbox.webhooksIdle();
      endpoint.remove();
      try {
        return await work();
      } finally {
        endpoint = sandbox.addWebhookEndpoint(webhookUrl, TEST_WEBHOOK_SECRET);
      }
    },
    advance(ms) {
      offset += ms;
    },
    now,
    statusEvents,
    async waitForStatus(officeId, predicate) {
      const find = () => statusEvents(officeId).find((event) => predicate(event.payload));
      await waitFor(() => find() !== undefined, `a billing status of ${officeId}`, 10_000);
      return find()!.payload;
    },
    async settled() {
      await sandbox.webhooksIdle();
      await waitFor(async () => (await service.store.collection<OutboxDocument>(OUTBOX_COLLECTION).count({ status: 'pending' })) === 0, 'the outbox published', 10_000);
      const published = (await service.store.collection<OutboxDocument>(OUTBOX_COLLECTION).find({ topic: TOPICS.billing })).length;
      await waitFor(() => statuses.length >= published, 'the harness heard every status', 10_000);
    },
    async close() {
      await subscription.close();
      await sandbox.close();
      await service.close();
    },
  };
}
