/**
 * The realtime service, defined for the kit's host (configuration, logging, probes, the bus, graceful shutdown):
 * the Socket.IO endpoint on the service's listener, the Redis adapter when REDIS_URL is set, the dedupe of applied
 * events, and the forwarding of bus events to the sockets' rooms. It keeps no documents, and sockets verify their
 * tokens themselves (socket-server.ts), so HTTP has no bearer authentication. Closing stops forwarding and
 * disconnects this process's sockets before the listener waits for its connections, then leaves Redis and the bus.
 * `startRealtime` may also serve the sockets on a server its caller owns, without a listener of its own.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  buildServiceApp,
  closeRedis,
  createClosers,
  createLogger,
  defineService,
  openConfiguredBus,
  type ServiceContext,
  startService,
  type StartOptions,
} from '@dv/kit';
import Redis from 'ioredis';
import { type Server as SocketServer } from 'socket.io';
import { memoryAppliedEvents, redisAppliedEvents } from './applied-events';
import { RealtimeEnv, type RealtimeConfig } from './config';
import { forwardBusEvents } from './forwarding';
import { measureSockets } from './socket-metrics';
import { attachSocketServer } from './socket-server';

export interface RealtimeOptions {
  /**
   * Serve Socket.IO on this server instead of the app's own (see startRealtime): it is left to its owner, not
   * listened on, not closed.
   */
  readonly httpServer?: HttpServer;
}

export interface RealtimeParts {
  readonly io: SocketServer;
}

export type StartRealtimeOptions = StartOptions<RealtimeConfig, RealtimeOptions>;

export interface RunningRealtime extends RealtimeParts {
  /** The HTTP base URL sockets connect to (path /socket.io); '' for a caller's server that is not listening. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The adapter's connections queue commands through a short outage (ioredis' defaults) rather than failing fast like
 * the kit's shared-state connection: the adapter publishes without waiting for an answer.
 */
async function connectAdapterRedis(
  url: string,
  role: 'pub' | 'sub',
  context: Pick<ServiceContext<RealtimeConfig>, 'logger' | 'closeWith'>,
): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, connectionName: `realtime-${role}` });
  // Without a listener ioredis would crash the process on a connection error; it reconnects by itself.
  client.on('error', (error: Error) => context.logger.warn({ err: error, role }, 'redis connection error'));
  context.closeWith(() => closeRedis(client));
  await client.connect();
  return client;
}

export const realtimeService = defineService<RealtimeConfig, RealtimeOptions, RealtimeParts>({
  name: 'realtime',
  env: RealtimeEnv,
  http: { authenticate: false },
  async build(app, context, options) {
    const { config, logger, bus } = context;
    const { redisUrl } = config;
    const redis = redisUrl
      ? { pub: await connectAdapterRedis(redisUrl, 'pub', context), sub: await connectAdapterRedis(redisUrl, 'sub', context) }
      : undefined;
    const applied = redis
      ? redisAppliedEvents(redis.pub, { prefix: config.redisKeyPrefix, ttlMs: config.dedupeTtlMs })
      : memoryAppliedEvents({ ttlMs: config.dedupeTtlMs });

    const sockets = attachSocketServer(options.httpServer ?? app.server, {
      verifier: context.verifier,
      logger,
      authTimeoutMs: config.authTimeoutMs,
      pingIntervalMs: config.pingIntervalMs,
    });
    measureSockets(context.metrics, sockets.io);
    if (redis) {
      sockets.io.adapter(createAdapter(redis.pub, redis.sub, { key: config.redisKeyPrefix }));
      logger.info({ channelPrefix: config.redisKeyPrefix }, 'socket rooms shared through redis');
      const { pub } = redis;
      app.addReadinessCheck('redis', async () => void (await pub.ping()));
    }
    const forwarding = await forwardBusEvents({ bus, io: sockets.io, applied, logger }).catch(async (error: unknown) => {
      await sockets.close();
      throw error;
    });
    // Before the listener waits for its connections, which open sockets would hold: forwarding stops, then this
    // process's sockets are disconnected and the adapter leaves its channels. Redis and the bus close after.
    app.addHook('preClose', async () => {
      await forwarding.close();
      await sockets.close();
    });
    return { io: sockets.io };
  },
});

function urlOf(server: HttpServer): string {
  const address = server.address();
  if (address === null || typeof address === 'string') return '';
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The service on a server its caller owns: the host's app is built, never listens, and carries the closing. */
async function serveOn(httpServer: HttpServer, options: StartRealtimeOptions): Promise<RunningRealtime> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ name: realtimeService.name, level: config.logLevel ?? 'info' });
  const { add: closeWith, closeAll } = createClosers(logger);
  try {
    let { bus } = options;
    if (!bus) {
      const opened = await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: realtimeService.name, logger });
      closeWith(() => opened.close());
      bus = opened;
    }
    const { app, built } = await buildServiceApp(realtimeService, { ...options, bus, logger, closeWith, httpServer });
    app.addHook('onClose', closeAll);
    await app.ready();
    return { url: urlOf(httpServer), io: built.io, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Starts the realtime service on its own listener, or with `httpServer`, on its caller's. */
export function startRealtime(options: StartRealtimeOptions): Promise<RunningRealtime> {
  return options.httpServer ? serveOn(options.httpServer, options) : startService(realtimeService, options);
}
