/**
 * Prometheus metrics (prom-client): each service has its registry (its request durations, outbox, bus consumers
 * and whatever it adds through `context.metrics`); Node's default metrics (CPU, memory, event loop lag, GC) are
 * the process's, collected once however many services share the process, and every scrape shows both.
 *
 * Where they are served (service-observability.ts): a service behind the gateway answers GET /metrics on its own
 * port, which only the deployment reaches (the gateway proxies /api and /socket.io alone). The gateway's listener
 * is public, so it never serves /metrics; with METRICS_PORT set a service serves them on that port instead,
 * on METRICS_HOST (default 127.0.0.1).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export type MetricsRegistry = Registry;

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ServiceMetrics {
  readonly registry: MetricsRegistry;
  readonly contentType: string;
  /** The exposition text: the process's default metrics, then the service's. */
  scrape(): Promise<string>;
}

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  const process = processMetrics();
  return {
    registry,
    contentType: registry.contentType,
    async scrape() {
      const [processText, serviceText] = await Promise.all([process.metrics(), registry.metrics()]);
      return `${processText}\n${serviceText}`;
    },
  };
}

/** Seconds; from a probe's few milliseconds to the upstream timeout's 30 s. */
const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A request that matched no route: one label value, however many paths are tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/** `http_server_request_duration_seconds{method, route, status_code}`, by the route's pattern, never the URL. */
export function measureRequests(app: FastifyInstance, registry: MetricsRegistry): void {
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/** GET /metrics on the service's own app (see above: never the gateway's). */
export function serveMetricsRoute(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.get('/metrics', { config: { auth: false, rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.scrape()),
  );
}

export interface MetricsListener {
  readonly url: string;
  close(): Promise<void>;
}

/** GET /metrics alone, on a listener of its own (METRICS_PORT); anything else is 404. */
export async function listenForMetrics(
  metrics: ServiceMetrics,
  options: { readonly port: number; readonly host: string },
): Promise<MetricsListener> {
  const server: HttpServer = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
