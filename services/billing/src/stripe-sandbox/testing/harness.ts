/**
 * Test helpers: a sandbox on 127.0.0.1 with a movable clock and the real SDK pointed at it, and a local HTTP
 * server that records the webhooks it receives (and can be told to fail).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from '../sandbox';
import { sandboxSeed } from '../seed';

export const TEST_SECRET_KEY = 'sk_test_sandbox_harness';
export const TEST_WEBHOOK_SECRET = 'whsec_test_harness_secret';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

/** Real time plus an offset: webhook signatures stay within the SDK's 300 s tolerance until a test moves it. */
export function testClock(): TestClock {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

export interface TestSandbox {
  readonly sandbox: StripeSandbox;
  readonly stripe: Stripe;
  readonly clock: TestClock;
}

export function sdkFor(sandbox: StripeSandbox, key = sandbox.secretKey): Stripe {
  return new Stripe(key, { ...sandbox.clientOptions, maxNetworkRetries: 0 });
}

export async function startTestSandbox(options: Partial<StripeSandboxOptions> = {}): Promise<TestSandbox> {
  const clock = testClock();
  const sandbox = await startStripeSandbox({
    secretKey: TEST_SECRET_KEY,
    seed: sandboxSeed(),
    now: () => clock.now(),
    billingIntervalMs: 0,
    webhookRetry: { attempts: 3, baseDelayMs: 10, timeoutMs: 2000 },
    ...options,
  });
  return { sandbox, stripe: sdkFor(sandbox), clock };
}

export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The status to answer each next request with, then 200 for the rest. */
  failNext(statuses: readonly number[]): void;
  /** How long to wait before answering (tests of ordering under slow answers). */
  delay(pick: () => number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const failures: number[] = [];
  let delayOf = (): number => 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = failures.shift() ?? 200;
      setTimeout(() => response.writeHead(status).end(), delayOf());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    failNext: (statuses) => void failures.push(...statuses),
    delay: (pick) => void (delayOf = pick),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The events a receiver got, parsed (not verified: the webhook tests verify). */
export function eventsOf(receiver: WebhookReceiver): { id: string; type: string; data: { object: { id: string; customer?: string } } }[] {
  return receiver.received.map((hook) => JSON.parse(hook.body) as { id: string; type: string; data: { object: { id: string } } });
}
