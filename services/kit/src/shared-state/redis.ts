/**
 * The Redis connection of the state that replicas share (rate counters, revoked sessions) when REDIS_URL is set.
 * Commands fail fast while Redis is unreachable (one retry), so a caller answers 503 instead of hanging.
 */
import Redis from 'ioredis';

export type { Redis };

export interface RedisConnectionOptions {
  /** redis:// or rediss:// */
  readonly url: string;
  /** Shown in Redis' CLIENT LIST. */
  readonly name: string;
  readonly logger: { warn(fields: Record<string, unknown>, message: string): void };
}

export function connectRedis(options: RedisConnectionOptions): Redis {
  const client = new Redis(options.url, { connectionName: options.name, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // Without a listener ioredis would crash the process on a connection error; it reconnects by itself.
  client.on('error', (error: Error) => {
    options.logger.warn({ err: { type: error.name, message: error.message } }, 'redis connection error');
  });
  return client;
}

/** Closes the connection, waiting for replies in flight; a connection already gone is closed at once. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
