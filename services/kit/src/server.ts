import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawRequestDefaultExpression,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ID_PATTERN, REQUEST_BODY_MAX_BYTES } from '@dv/contracts';
import { z } from 'zod';
import { withDeadline } from './deadline';
import { errorHandler, notFoundHandler, ServiceUnavailable, TooManyRequests } from './errors';
import { registerJsonBodyParser } from './json-body';
import { createLogger, type Logger } from './logger';
import { tracedRequestLogger, traceRequests } from './observability/request-tracing';
import { REQUEST_ID_HEADER } from './observability/trace-context';
import { registerSecurityHeaders } from './security-headers';

/** A readiness check resolves when the dependency is usable and throws (or rejects) when it is not. */
export type ReadinessCheck = () => Promise<void> | void;

export interface ReadinessCheckOptions {
  /** Default true: a failure makes the service unavailable (503). */
  readonly required?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a check that GET /readyz runs; the service is ready only when every required check passes. A check
     * marked `required: false` is a dependency the service works without (one feature fails meanwhile): its
     * failure shows in the reply as `degraded`, still 200, so an orchestrator keeps sending the rest of the traffic.
     */
    addReadinessCheck(name: string, check: ReadinessCheck, options?: ReadinessCheckOptions): void;
  }
  interface FastifyContextConfig {
    /** `false` marks a route that needs no bearer token (see auth.ts). */
    auth?: false;
  }
}

/** What buildServer returns: Fastify with the zod type provider (route schemas type the handlers). */
export type Server = FastifyInstance<HttpServer, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface RateLimitOptions {
  /** Requests allowed per client (IP by default) in each window. */
  readonly max: number;
  readonly timeWindowMs: number;
  /** Passed through to @fastify/rate-limit, e.g. `redis` to share counters between replicas, `keyGenerator`. */
  readonly plugin?: Omit<RateLimitPluginOptions, 'max' | 'timeWindow' | 'global' | 'errorResponseBuilder'>;
}

export interface BuildServerOptions {
  /** Service name; names the logger when none is given. */
  readonly name: string;
  readonly logger?: Logger;
  /** Largest accepted request body in bytes (default contracts' REQUEST_BODY_MAX_BYTES, 1 MiB). */
  readonly bodyLimit?: number;
  /**
   * Per-client rate limit, required so that every service decides: the gateway limits per client IP; an
   * internal service behind it sees one client (the gateway) and passes `false` or a `keyGenerator`.
   */
  readonly rateLimit: RateLimitOptions | false;
  readonly helmet?: FastifyHelmetOptions;
  readonly trustProxy?: boolean | string | string[];
  /** How long one readiness check may take before it counts as failed. */
  readonly readinessTimeoutMs?: number;
}

export { REQUEST_ID_HEADER };

/** Keeps a caller's request id when it is a plausible id, so one id follows a call across services. */
export function requestIdFor(request: RawRequestDefaultExpression): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

const HealthReply = z.object({ status: z.literal('ok') });
const ReadinessReply = z.object({
  /** degraded: every required check passed, an optional one failed. */
  status: z.enum(['ready', 'degraded', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});

function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  // Through then(), a check that throws at once fails like one that rejects.
  return withDeadline(Promise.resolve().then(check), timeoutMs, `readiness check timed out after ${timeoutMs} ms`);
}

/**
 * A Fastify 5 instance with the house defaults: security headers, rate limit, zod validation and
 * serialization (response schemas strip undeclared fields), JSON bodies of bounded size and depth, one error
 * envelope, request ids, and probes.
 */
export async function buildServer(options: BuildServerOptions): Promise<Server> {
  const logger = options.logger ?? createLogger({ name: options.name });
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Starts each request's span (observability/request-tracing.ts), so every line of the request carries it.
    childLoggerFactory: tracedRequestLogger(options.name),
    bodyLimit: options.bodyLimit ?? REQUEST_BODY_MAX_BYTES,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  traceRequests(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  registerJsonBodyParser(app);

  // While shutting down, requests that still arrive get the envelope (not Fastify's bare 503) and every
  // response closes its connection, so keep-alive clients move to another instance and close() can finish.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback hooks: they run for every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) done(new ServiceUnavailable('Shutting down, retry'));
    else done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });

  await registerSecurityHeaders(app, options.helmet ?? {});
  const limit = options.rateLimit;
  if (limit !== false) {
    await app.register(rateLimit, {
      ...limit.plugin,
      global: true,
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_request, context) =>
        new TooManyRequests(`Rate limit exceeded, retry in ${context.after}`),
    });
  }

  const checks = new Map<string, { check: ReadinessCheck; required: boolean }>();
  app.decorate('addReadinessCheck', (name: string, check: ReadinessCheck, checkOptions: ReadinessCheckOptions = {}) => {
    if (checks.has(name)) throw new Error(`Readiness check '${name}' is already registered`);
    checks.set(name, { check, required: checkOptions.required ?? true });
  });
  const readinessTimeoutMs = options.readinessTimeoutMs ?? 2_000;

  app.get(
    '/healthz',
    { config: { auth: false, rateLimit: false }, schema: { response: { 200: HealthReply } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { config: { auth: false, rateLimit: false }, schema: { response: { 200: ReadinessReply, 503: ReadinessReply } } },
    async (request, reply) => {
      const entries = [...checks.entries()];
      const outcomes = await Promise.allSettled(entries.map(([, { check }]) => withTimeout(check, readinessTimeoutMs)));
      const results: Record<string, 'ok' | 'failed'> = {};
      let status: 'ready' | 'degraded' | 'unavailable' = 'ready';
      for (const [index, outcome] of outcomes.entries()) {
        const [name, { required }] = entries[index] ?? [String(index), { required: true }];
        results[name] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
        if (outcome.status === 'fulfilled') continue;
        request.log.warn({ check: name, required, err: outcome.reason as unknown }, required ? 'not ready' : 'degraded');
        if (required) status = 'unavailable';
        else if (status === 'ready') status = 'degraded';
      }
      return reply.status(status === 'unavailable' ? 503 : 200).send({ status, checks: results });
    },
  );

  return app as unknown as Server;
}

export interface ListenOptions {
  readonly port: number;
  readonly host?: string;
  /** Signals that start a graceful shutdown. */
  readonly signals?: readonly NodeJS.Signals[];
  /** After this long the process exits with code 1 even if requests are still running. */
  readonly shutdownTimeoutMs?: number;
  /** Injected by tests; `process.exit` otherwise. */
  readonly exit?: (code: number) => void;
}

/**
 * Listens, then on the first SIGTERM/SIGINT: stops accepting connections, lets in-flight requests finish,
 * runs the instance's onClose hooks (close the store, the bus, the relay there) and exits.
 * A second signal exits at once.
 */
export async function listenWithGracefulShutdown(
  app: FastifyInstance | Server,
  options: ListenOptions,
): Promise<string> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
  let shuttingDown = false;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal, exiting now');
      exit(1);
      return;
    }
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out, exiting');
      exit(1);
    }, timeoutMs);
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        app.log.info('shut down cleanly');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(force);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };

  for (const signal of signals) process.on(signal, onSignal);
  app.server.once('close', () => {
    for (const signal of signals) process.off(signal, onSignal);
  });
  return app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
}
