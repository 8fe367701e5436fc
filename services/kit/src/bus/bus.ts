/**
 * The event-bus port. Delivery is at-least-once and ordered per key within a consumer group; each group gets
 * every event once (more than once only after a failure), and inside a group one member handles a given key.
 * Adapters: in-process (embedded) and Kafka; both pass the contract suite in bus-contract.ts.
 */
import { backoffDelay } from '../retry';

/** An event as it travels on the bus. `key` is the aggregate id (ordering and partitioning); `id` is unique. */
export interface BusEvent<P = unknown> {
  readonly key: string;
  readonly id: string;
  readonly type: string;
  readonly payload: P;
  /** ISO 8601. */
  readonly occurredAt: string;
  /**
   * The producer's trace context and request id (`traceparent`, `tracestate`, `x-request-id`), which the outbox
   * records with the row; a consumer's span continues that trace (observability/bus-instrumentation.ts).
   */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Delivery {
  readonly topic: string;
  readonly group: string;
  /** 1 on the first delivery, higher on redeliveries after a handler failure. */
  readonly attempt: number;
}

/** Resolving acknowledges the event; throwing (or rejecting) asks for a redelivery. */
export type EventHandler<P = unknown> = (event: BusEvent<P>, delivery: Delivery) => Promise<void>;

export interface RetryPolicy {
  /** Delay before the first redelivery; doubles each time up to `maxDelayMs` (the kit's backoffDelay). */
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  /**
   * After this many failed deliveries the event goes to `{topic}.dead-letter` and the key moves on.
   * Unset: retry for ever (the key waits; nothing is lost).
   */
  readonly maxAttempts?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { initialDelayMs: 200, maxDelayMs: 30_000 };

export interface SubscribeOptions {
  readonly retry?: Partial<RetryPolicy>;
}

export interface Subscription {
  /** Stops this member; its keys move to the group's other members. In-flight handlers finish first. */
  close(): Promise<void>;
}

export interface EventBus {
  /** Resolves once the bus has accepted the event durably (for Kafka: acknowledged by all in-sync replicas). */
  publish(topic: string, event: BusEvent): Promise<void>;
  subscribe(topic: string, group: string, handler: EventHandler, options?: SubscribeOptions): Promise<Subscription>;
  /** Resolves when the bus can be used; a readiness check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const deadLetterTopic = (topic: string): string => `${topic}.dead-letter`;

/** What goes to `{topic}.dead-letter`: the original event, the group that gave up, and why. */
export function deadLetterEvent(event: BusEvent, group: string, error: unknown): BusEvent {
  return {
    key: event.key,
    id: `${event.id}:${group}`,
    type: 'DeadLetter',
    payload: { event, group, error: error instanceof Error ? error.message : String(error) },
    occurredAt: new Date().toISOString(),
  };
}

const TOPIC_NAME = /^[A-Za-z0-9._-]{1,200}$/;

export function assertTopicName(topic: string): void {
  if (!TOPIC_NAME.test(topic)) throw new RangeError(`Topic '${topic}' must be letters, digits, '.', '_' or '-'`);
}

export function assertBusEvent(event: BusEvent): void {
  if (typeof event.key !== 'string' || event.key === '')
    throw new RangeError('An event needs a key (its aggregate id)');
  if (typeof event.id !== 'string' || event.id === '') throw new RangeError('An event needs an id');
  if (typeof event.type !== 'string' || event.type === '') throw new RangeError('An event needs a type');
  if (Number.isNaN(Date.parse(event.occurredAt))) throw new RangeError('occurredAt must be an ISO 8601 date');
  const { headers } = event;
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Object.values(headers).some((value) => typeof value !== 'string')))
    throw new RangeError('Event headers must be strings');
}

export type Sleep = (ms: number) => Promise<void>;

/**
 * Runs the handler until it succeeds, waiting with exponential backoff between attempts; after `maxAttempts`
 * failures hands the event to `deadLetter` instead. Resolves when the event may be acknowledged.
 * `stopped` ends the loop early (shutdown): the event is then not acknowledged and will be redelivered.
 */
export async function deliverWithRetry(params: {
  readonly event: BusEvent;
  readonly handler: EventHandler;
  readonly topic: string;
  readonly group: string;
  readonly policy: RetryPolicy;
  readonly sleep: Sleep;
  readonly deadLetter: (event: BusEvent, error: unknown) => Promise<void>;
  readonly onFailure?: (error: unknown, attempt: number) => void;
  readonly stopped?: () => boolean;
}): Promise<'acknowledged' | 'stopped'> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await params.handler(params.event, { topic: params.topic, group: params.group, attempt });
      return 'acknowledged';
    } catch (error) {
      params.onFailure?.(error, attempt);
      if (params.policy.maxAttempts !== undefined && attempt >= params.policy.maxAttempts) {
        await params.deadLetter(params.event, error);
        return 'acknowledged';
      }
      await params.sleep(backoffDelay(attempt, { baseMs: params.policy.initialDelayMs, maxMs: params.policy.maxDelayMs }));
      if (params.stopped?.()) return 'stopped';
    }
  }
}
