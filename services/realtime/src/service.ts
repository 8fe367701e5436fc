/**
 * Starts the realtime service: the Socket.IO endpoint (on its own HTTP listener with /healthz and /readyz, or on
 * an HTTP server the caller owns), the Redis adapter when REDIS_URL is set, and the forwarding of bus events.
 * Closing stops forwarding, disconnects this process's sockets, leaves the Redis channels, then closes what this
 * call opened.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  buildServer,
  createClosers,
  createLogger,
  type EventBus,
  type KeySource,
  listenOrClose,
  type Logger,
  openConfiguredBus,
  type TokenVerifier,
} from '@dv/kit';
import Redis from 'ioredis';
import { type Server as SocketServer } from 'socket.io';
import { memoryAppliedEvents, redisAppliedEvents, type AppliedEvents } from './applied-events';
import { tokenVerifierFor } from './auth/token-verification';
import { type RealtimeConfig } from './config';
import { forwardBusEvents } from './forwarding';
import { attachSocketServer } from './socket-server';

export interface StartRealtimeOptions {
  readonly config: RealtimeConfig;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly bus?: EventBus;
  readonly logger?: Logger;
  /**
   * Serve Socket.IO on this server (e.g. the standalone product's gateway) instead of an own listener. It is
   * left to its owner: not listened on, not closed.
   */
  readonly httpServer?: HttpServer;
  /** The identity provider's keys; default: OIDC_JWKS_URL, else the issuer's discovery document. */
  readonly keys?: KeySource;
  readonly verifier?: TokenVerifier;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts). */
  readonly handleSignals?: boolean;
}

export interface RunningRealtime {
  /** The HTTP base URL sockets connect to (path /socket.io); '' for a caller's server that is not listening. */
  readonly url: string;
  readonly io: SocketServer;
  close(): Promise<void>;
}

function urlOf(server: HttpServer): string {
  const address = server.address();
  if (address === null || typeof address === 'string') return '';
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

async function connectRedis(url: string, logger: Logger, role: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, connectionName: `realtime-${role}` });
  // Without a listener ioredis would crash the process on a connection error; it reconnects by itself.
  client.on('error', (error: Error) => logger.warn({ err: error, role }, 'redis connection error'));
  await client.connect();
  return client;
}

export async function startRealtime(options: StartRealtimeOptions): Promise<RunningRealtime> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ name: 'realtime', level: config.logLevel ?? 'info' });
  const { add: closeWith, closeAll } = createClosers(logger);

  try {
    const bus = options.bus ?? (await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: 'realtime', logger }));
    if (!options.bus) closeWith(() => bus.close());

    let redis: { pub: Redis; sub: Redis } | undefined;
    if (config.redisUrl) {
      const pub = await connectRedis(config.redisUrl, logger, 'pub');
      closeWith(async () => void (await pub.quit()));
      const sub = await connectRedis(config.redisUrl, logger, 'sub');
      closeWith(async () => void (await sub.quit()));
      redis = { pub, sub };
    }
    const applied: AppliedEvents = redis
      ? redisAppliedEvents(redis.pub, { prefix: config.redisKeyPrefix, ttlMs: config.dedupeTtlMs })
      : memoryAppliedEvents({ ttlMs: config.dedupeTtlMs });

    const keys = options.keys ?? (config.oidcJwksUrl ? { jwksUri: config.oidcJwksUrl } : undefined);
    const verifier =
      options.verifier ?? tokenVerifierFor({ issuer: config.oidcIssuer, audience: config.oidcAudience, ...(keys ? { keys } : {}) });

    // An own listener: Fastify with the kit's probes; Socket.IO takes the /socket.io requests before it.
    const app = options.httpServer ? undefined : await buildServer({ name: 'realtime', logger, rateLimit: false });
    const httpServer = options.httpServer ?? (app as NonNullable<typeof app>).server;
    const sockets = attachSocketServer(httpServer, {
      verifier,
      logger,
      authTimeoutMs: config.authTimeoutMs,
      pingIntervalMs: config.pingIntervalMs,
    });
    closeWith(() => sockets.close());
    if (redis) {
      sockets.io.adapter(createAdapter(redis.pub, redis.sub, { key: config.redisKeyPrefix }));
      logger.info({ channelPrefix: config.redisKeyPrefix }, 'socket rooms shared through redis');
    }

    const forwarding = await forwardBusEvents({ bus, io: sockets.io, applied, logger });
    closeWith(() => forwarding.close());

    if (!app) {
      return { url: urlOf(httpServer), io: sockets.io, close: closeAll };
    }
    app.addReadinessCheck('bus', () => bus.ping());
    if (redis) {
      const { pub } = redis;
      app.addReadinessCheck('redis', async () => void (await pub.ping()));
    }
    // Before the listener waits for its connections: sockets and subscriptions go first, then the rest.
    app.addHook('preClose', closeAll);
    await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    const url = urlOf(httpServer);
    logger.info({ url }, 'realtime service listening');
    return { url, io: sockets.io, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
