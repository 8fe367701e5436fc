/**
 * What the host adds to every service's app for observability (buildServiceApp calls `observeService` once):
 * the process's tracer provider (tracing.ts), the service's metrics registry with request durations and, for a
 * service with an outbox, its lag; /metrics where it belongs (metrics.ts); and the bus the service's code gets,
 * traced and measured (bus-instrumentation.ts). The request spans themselves come with every kit server
 * (buildServer, request-tracing.ts).
 */
import type { EventBus } from '../bus/bus';
import type { Logger } from '../logger';
import type { Server } from '../server';
import type { Store } from '../store/store';
import { instrumentBus } from './bus-instrumentation';
import { createServiceMetrics, listenForMetrics, measureRequests, serveMetricsRoute, type MetricsListener, type MetricsRegistry } from './metrics';
import { measureOutbox } from './outbox-metrics';
import { flushTraces, initTracing } from './tracing';

export interface ServiceObservability {
  /** The service's metrics registry; `context.metrics`, where a service adds its own. */
  readonly registry: MetricsRegistry;
  /** The exposition text a scrape gets (tests read it without HTTP). */
  scrape(): Promise<string>;
  /** The metrics listener's URL (METRICS_PORT) once the app is ready; null when /metrics has no listener of its own. */
  metricsUrl(): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the service host (buildServiceApp); absent on a server built without it. */
    observability?: ServiceObservability;
  }
}

export interface ObserveServiceOptions {
  readonly name: string;
  readonly logger: Logger;
  /** Set: /metrics on a listener of its own, not on the app. */
  readonly metricsPort?: number;
  /** Default 127.0.0.1. */
  readonly metricsHost?: string;
  /** The app's listener faces the internet (the gateway): /metrics is never one of its routes. */
  readonly publicListener: boolean;
  /** The store whose outbox the service's relay publishes. */
  readonly outboxStore?: Pick<Store, 'collection'>;
  readonly closeWith: (close: () => Promise<void>) => void;
}

export function observeService(
  app: Server,
  options: ObserveServiceOptions,
): ServiceObservability & { instrumentBus(bus: EventBus): EventBus } {
  initTracing({ serviceName: options.name, logger: options.logger });
  const metrics = createServiceMetrics();
  const { registry } = metrics;
  measureRequests(app, registry);
  if (options.outboxStore) measureOutbox({ store: options.outboxStore, registry, logger: options.logger });

  let listener: MetricsListener | undefined;
  const { metricsPort } = options;
  if (metricsPort !== undefined) {
    app.addHook('onReady', async () => {
      listener = await listenForMetrics(metrics, { port: metricsPort, host: options.metricsHost ?? '127.0.0.1' });
      options.logger.info({ url: listener.url }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  } else if (!options.publicListener) {
    serveMetricsRoute(app, metrics);
  }
  // Spans still buffered for the collector go out before the process exits.
  options.closeWith(flushTraces);

  const observability: ServiceObservability = {
    registry,
    scrape: () => metrics.scrape(),
    metricsUrl: () => listener?.url ?? null,
  };
  app.decorate('observability', observability);
  return { ...observability, instrumentBus: (bus) => instrumentBus(bus, { serviceName: options.name, registry }) };
}
