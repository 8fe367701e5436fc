/**
 * The bus a service's code uses, traced and measured (the host wraps the adapter once per service):
 *
 * - publish: an event published directly (not through the outbox, whose rows carry their headers already) gets
 *   the active trace and request id as headers;
 * - subscribe: each delivery runs its handler in a consumer span whose parent is the producer's context from the
 *   event's headers (the request that wrote the outbox row), with that request's id, so the handler's log lines
 *   and the events it writes belong to the same trace;
 * - metrics: handler durations by outcome, deliveries in flight, and for the in-process bus the events each of the
 *   service's groups has not yet acknowledged (Kafka's offset lag is the broker's to report: kafka-exporter).
 */
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Gauge, Histogram } from 'prom-client';
import type { BusEvent, EventBus, EventHandler, SubscribeOptions, Subscription } from '../bus/bus';
import type { MetricsRegistry } from './metrics';
import { contextOfEventHeaders, eventHeadersOf } from './trace-context';

/** An adapter that can tell how many events a group has not acknowledged yet (the in-process bus). */
interface QueueDepthSource {
  queueDepth(topic: string, group: string): number;
}

function hasQueueDepth(bus: EventBus): bus is EventBus & QueueDepthSource {
  return typeof (bus as Partial<QueueDepthSource>).queueDepth === 'function';
}

const HANDLER_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

interface Consumer {
  readonly topic: string;
  readonly group: string;
}

function consumerMetrics(registry: MetricsRegistry, bus: EventBus, subscribed: ReadonlyMap<string, Consumer>) {
  const labelNames = ['topic', 'group'] as const;
  const duration = new Histogram({
    name: 'bus_consumer_handler_duration_seconds',
    help: 'Time a handler took for one delivery of an event, by topic, consumer group and outcome (ok, error)',
    labelNames: [...labelNames, 'outcome'] as const,
    buckets: HANDLER_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'bus_consumer_in_flight',
    help: 'Deliveries whose handler is running, by topic and consumer group',
    labelNames,
    registers: [registry],
  });
  if (hasQueueDepth(bus)) {
    new Gauge({
      name: 'bus_consumer_queue_depth',
      help: 'Events a consumer group has not acknowledged yet (in-process bus), by topic and group',
      labelNames,
      registers: [registry],
      collect() {
        for (const { topic, group } of subscribed.values()) this.set({ topic, group }, bus.queueDepth(topic, group));
      },
    });
  }
  return { duration, inFlight };
}

function tracedHandler(
  serviceName: string,
  topic: string,
  group: string,
  handler: EventHandler,
  metrics: ReturnType<typeof consumerMetrics>,
): EventHandler {
  const labels = { topic, group };
  return async (event, delivery) => {
    const parent = contextOfEventHeaders(event.headers);
    const span = trace.getTracer(serviceName).startSpan(
      `process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.destination.name': topic,
          'messaging.consumer.group.name': group,
          'messaging.message.id': event.id,
          'messaging.message.type': event.type,
          'messaging.delivery.attempt': delivery.attempt,
        },
      },
      parent,
    );
    const stopTimer = metrics.duration.startTimer(labels);
    metrics.inFlight.inc(labels);
    let outcome: 'ok' | 'error' = 'error';
    try {
      await context.with(trace.setSpan(parent, span), () => handler(event, delivery));
      outcome = 'ok';
    } catch (error) {
      // The error's kind, not its message: the bus logs the failure itself (bus.ts, onFailure).
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
      throw error;
    } finally {
      metrics.inFlight.dec(labels);
      stopTimer({ outcome });
      span.end();
    }
  };
}

/** The service's view of the bus: traced and measured as above; closing it closes the adapter. */
export function instrumentBus(bus: EventBus, options: { readonly serviceName: string; readonly registry: MetricsRegistry }): EventBus {
  const subscribed = new Map<string, Consumer>();
  const metrics = consumerMetrics(options.registry, bus, subscribed);
  return {
    publish(topic: string, event: BusEvent): Promise<void> {
      if (event.headers !== undefined) return bus.publish(topic, event);
      const headers = eventHeadersOf();
      return bus.publish(topic, headers === undefined ? event : { ...event, headers });
    },
    async subscribe(topic: string, group: string, handler: EventHandler, subscribeOptions?: SubscribeOptions): Promise<Subscription> {
      const subscription = await bus.subscribe(topic, group, tracedHandler(options.serviceName, topic, group, handler, metrics), subscribeOptions);
      subscribed.set(`${topic}\u0000${group}`, { topic, group });
      return subscription;
    },
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
