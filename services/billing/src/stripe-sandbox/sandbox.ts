/**
 * startStripeSandbox: a local HTTP server that speaks the part of Stripe's API the billing service uses, to the real
 * `stripe` SDK (`new Stripe(secretKey, sandbox.clientOptions)`), with its own checkout and invoice pages and
 * signed webhooks. State lives in memory and, given a data folder, in one JSON file there.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { apiHandler } from './api-handler';
import { type SandboxLogger, silentLogger } from './logger';
import { type ContextDeps, opContext, type SandboxUrls } from './ops/context';
import { runDueBilling } from './ops/subscription-billing';
import { messagePage } from './pages/html';
import { pageHandler } from './pages/page-routes';
import { stateFile } from './persistence';
import { applySeed, type SandboxSeed } from './seed';
import { emptyState, type SandboxState } from './state';
import { type CardForm } from './test-cards';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, webhookDelivery, type WebhookEndpointConfig } from './webhook-delivery';

export interface StripeSandboxOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Where the state file is kept; in memory only when absent. */
  readonly dataDir?: string;
  /** The key clients must send (`Authorization: Bearer <secretKey>`), e.g. `sk_test_sandbox`. */
  readonly secretKey: string;
  readonly webhooks?: readonly WebhookEndpointConfig[];
  readonly seed?: SandboxSeed;
  /** The clock, in milliseconds (tests move it to reach a period's end). */
  readonly now?: () => number;
  readonly logger?: SandboxLogger;
  readonly webhookRetry?: Partial<RetryPolicy>;
  /** How often subscriptions are brought up to the clock (renewals, cancellations at period end); 0: never. */
  readonly billingIntervalMs?: number;
  /** The base URL of the sandbox's pages as a browser reaches them; default the address it listens on. */
  readonly publicUrl?: string;
}

export interface CheckoutSubmission {
  readonly status: number;
  /** Where the browser is sent (the success URL) when the payment went through. */
  readonly location: string | null;
  readonly html: string;
}

export interface StripeSandbox {
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  /** For `new Stripe(secretKey, { ...clientOptions })`. */
  readonly clientOptions: { host: string; port: number; protocol: 'http' };
  checkoutUrl(sessionId: string): string;
  addWebhookEndpoint(url: string, secret: string, events?: readonly string[]): { id: string; remove(): void };
  /** Posts the checkout page's form, as a browser would; the success card unless another is given. */
  completeCheckout(sessionId: string, card?: Partial<CardForm>): Promise<CheckoutSubmission>;
  /** Brings subscriptions up to the clock now (the timer does this every billingIntervalMs). */
  runBilling(): void;
  /** Resolves when every webhook queued so far has been delivered or given up. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > BODY_LIMIT_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer, head: boolean): void {
  response.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  response.end(head ? undefined : body);
}

type Handler<A> = (input: { method: string; url: string; headers: IncomingMessage['headers']; body: string }) => A;

/** The HTTP server: /v1/ is the API, the rest the sandbox's pages. */
function sandboxServer(
  api: Handler<{ status: number; headers: Record<string, string>; body: string }>,
  pages: Handler<{ status: number; headers: Record<string, string>; body: string | Buffer } | undefined>,
  logger: SandboxLogger,
): Server {
  const notFound = { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: messagePage('Page not found', 'There is nothing at this address.') };
  return createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const head = request.method === 'HEAD';
      if (body === undefined) return send(response, 413, { 'content-type': 'text/plain' }, 'Request body too large', head);
      const input = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body };
      const answer = input.url.startsWith('/v1/') ? api(input) : (pages(input) ?? notFound);
      send(response, answer.status, answer.headers, answer.body, head);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'stripe sandbox: request failed');
      if (!response.headersSent) send(response, 500, { 'content-type': 'text/plain' }, 'Internal error', false);
    });
  });
}

/** The address a client uses for the one the server listens on. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Kept objects point at the sandbox's pages; after a restart on another port they must point at the new one. */
function rebase(state: SandboxState, urls: SandboxUrls): void {
  for (const invoice of state.invoices.all()) {
    state.invoices.set({ ...invoice, hosted_invoice_url: urls.invoice(invoice.id), invoice_pdf: urls.invoicePdf(invoice.id) });
  }
  for (const session of state.checkoutSessions.all()) {
    if (session.url !== null) state.checkoutSessions.set({ ...session, url: urls.checkout(session.id) });
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const logger = options.logger ?? silentLogger;
  const nowMs = options.now ?? Date.now;
  const file = options.dataDir === undefined ? undefined : stateFile(options.dataDir);
  const state = file?.load() ?? emptyState();
  const persist = (): void => file?.save(state);
  const delivery = webhookDelivery({
    policy: { ...DEFAULT_RETRY_POLICY, ...options.webhookRetry },
    now: () => Math.floor(nowMs() / 1000),
    logger,
    onSettled: (eventId) => {
      const event = state.events.get(eventId);
      if (event !== undefined) state.events.set({ ...event, pending_webhooks: Math.max(0, event.pending_webhooks - 1) });
    },
  });
  for (const endpoint of options.webhooks ?? []) delivery.addEndpoint(endpoint);
  let base = '';
  const urls: SandboxUrls = {
    checkout: (id) => `${base}/checkout/${id}`,
    invoice: (id) => `${base}/invoices/${id}`,
    invoicePdf: (id) => `${base}/invoices/${id}/pdf`,
  };
  const context: ContextDeps = {
    state,
    nowMs,
    urls,
    events: { apiVersion: Stripe.API_VERSION, endpointsFor: (type) => delivery.endpointsFor(type), send: (event, key) => delivery.enqueue(event, key) },
  };
  const api = apiHandler({ context, secretKey: () => options.secretKey, persist, logger });
  const pages = pageHandler({ context, persist, logger });

  const server = sandboxServer(api, pages, logger);
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${reachableHost(host)}:${port}`;
  base = (options.publicUrl ?? url).replace(/\/$/, '');
  rebase(state, urls);

  function runBilling(): void {
    const ctx = opContext(context, { id: null, idempotency_key: null });
    runDueBilling(ctx);
    if (ctx.commit().length > 0) persist();
  }
  if (options.seed !== undefined) {
    applySeed(opContext(context, { id: null, idempotency_key: null }), options.seed);
    persist();
  }
  const timer = (options.billingIntervalMs ?? 60_000) > 0 ? setInterval(runBilling, options.billingIntervalMs ?? 60_000) : undefined;
  timer?.unref();
  logger.info({ url, dataDir: options.dataDir ?? null }, 'stripe sandbox: listening');

  return {
    url,
    port,
    secretKey: options.secretKey,
    clientOptions: { host: new URL(url).hostname, port, protocol: 'http' },
    checkoutUrl: (sessionId) => urls.checkout(sessionId),
    addWebhookEndpoint(endpointUrl, secret, events) {
      const endpoint = delivery.addEndpoint({ url: endpointUrl, secret, ...(events === undefined ? {} : { events }) });
      return { id: endpoint.id, remove: () => delivery.removeEndpoint(endpoint.id) };
    },
    completeCheckout: (sessionId, card) => submitCheckoutForm(url, sessionId, card, new Date(nowMs())),
    runBilling,
    webhooksIdle: () => delivery.idle(),
    async close() {
      if (timer !== undefined) clearInterval(timer);
      delivery.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      persist();
    },
  };
}

async function submitCheckoutForm(url: string, sessionId: string, card: Partial<CardForm> = {}, today: Date): Promise<CheckoutSubmission> {
  const form = new URLSearchParams({
    cardNumber: card.cardNumber ?? '4242 4242 4242 4242',
    expiry: card.expiry ?? `12/${String((today.getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
    cvc: card.cvc ?? '123',
    name: card.name ?? 'Sandbox Tester',
  });
  const response = await fetch(`${url}/checkout/${encodeURIComponent(sessionId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
