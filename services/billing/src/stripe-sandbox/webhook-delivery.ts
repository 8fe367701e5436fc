/**
 * Sends events to the webhook endpoints as Stripe does: a JSON POST signed for each endpoint, re-signed on every
 * attempt, retried with exponential backoff on a non-2xx answer or none at all, a bounded number of times.
 * Unlike Stripe, delivery is ordered: one event at a time per endpoint and order key (the customer), so the events
 * of one subscription arrive in the order they happened. A failing endpoint holds back only its own queue.
 */
import { newId } from './ids';
import { type SandboxLogger } from './logger';
import { stripeSignatureHeader } from './webhook-signature';
import { type StripeEvent } from './wire-types';

export interface WebhookEndpointConfig {
  readonly url: string;
  /** The signing secret, `whsec_...`. */
  readonly secret: string;
  /** Event types to send; all when absent. */
  readonly events?: readonly string[];
}

export interface WebhookEndpoint extends WebhookEndpointConfig {
  readonly id: string;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** How long one attempt may wait for an answer. */
  readonly timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 1000, maxDelayMs: 60_000, timeoutMs: 10_000 };

export interface WebhookDeliveryDeps {
  readonly policy: RetryPolicy;
  /** Unix seconds, for the signature's timestamp. */
  readonly now: () => number;
  readonly logger: SandboxLogger;
  /** Called once per endpoint when it is done with an event (delivered or given up). */
  readonly onSettled: (eventId: string) => void;
}

export interface WebhookDelivery {
  addEndpoint(config: WebhookEndpointConfig): WebhookEndpoint;
  removeEndpoint(id: string): void;
  /** How many endpoints want this event type (the event's `pending_webhooks`). */
  endpointsFor(type: string): number;
  enqueue(event: StripeEvent, orderKey: string): void;
  /** Resolves when every queued delivery has settled. */
  idle(): Promise<void>;
  close(): void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** One POST: the answer's status, or the name of the error when there was no answer. */
async function attempt(endpoint: WebhookEndpoint, body: string, timestamp: number, timeoutMs: number, closing: AbortSignal): Promise<number | string> {
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignatureHeader(body, endpoint.secret, timestamp),
      },
      body,
      signal: AbortSignal.any([closing, AbortSignal.timeout(timeoutMs)]),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    return error instanceof Error ? error.name : 'error';
  }
}

export function webhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const endpoints = new Map<string, WebhookEndpoint>();
  const tails = new Map<string, Promise<void>>();
  const active = new Set<Promise<void>>();
  const closing = new AbortController();
  const wants = (endpoint: WebhookEndpoint, type: string): boolean =>
    endpoint.events === undefined || endpoint.events.includes('*') || endpoint.events.includes(type);

  async function deliver(endpoint: WebhookEndpoint, event: StripeEvent, body: string): Promise<void> {
    const { attempts, baseDelayMs, maxDelayMs } = deps.policy;
    for (let n = 1; n <= attempts && !closing.signal.aborted; n += 1) {
      const outcome = await attempt(endpoint, body, deps.now(), deps.policy.timeoutMs, closing.signal);
      const log = { eventId: event.id, type: event.type, endpoint: endpoint.url, attempt: n, outcome };
      if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
        deps.logger.info(log, 'stripe sandbox: webhook delivered');
        break;
      }
      if (n === attempts) {
        deps.logger.warn(log, 'stripe sandbox: webhook given up');
        break;
      }
      deps.logger.info(log, 'stripe sandbox: webhook failed, will retry');
      await sleep(Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1)), closing.signal);
    }
    deps.onSettled(event.id);
  }

  return {
    addEndpoint(config) {
      const endpoint = { ...config, id: newId('webhookEndpoint') };
      endpoints.set(endpoint.id, endpoint);
      return endpoint;
    },
    removeEndpoint(id) {
      endpoints.delete(id);
    },
    endpointsFor(type) {
      return [...endpoints.values()].filter((endpoint) => wants(endpoint, type)).length;
    },
    enqueue(event, orderKey) {
      if (closing.signal.aborted) return;
      // Stripe sends events pretty-printed; the signature covers these exact bytes.
      const body = JSON.stringify(event, null, 2);
      for (const endpoint of endpoints.values()) {
        if (!wants(endpoint, event.type)) continue;
        const key = `${endpoint.id}|${orderKey}`;
        const next = (tails.get(key) ?? Promise.resolve()).then(() => deliver(endpoint, event, body));
        tails.set(key, next);
        active.add(next);
        void next.finally(() => {
          active.delete(next);
          if (tails.get(key) === next) tails.delete(key);
        });
      }
    },
    async idle() {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
    close() {
      closing.abort();
    },
  };
}
