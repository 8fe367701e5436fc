/**
 * Whether the Redis of the integration tests answers (REDIS_URL, default redis://127.0.0.1:6379). Asked
 * synchronously, in a short child process, because jest decides which tests exist before any async hook runs.
 */
import { spawnSync } from 'node:child_process';

export const TEST_REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

export function redisAvailability(url: string = TEST_REDIS_URL): { available: true } | { available: false; reason: string } {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const Redis = require('ioredis');
       const client = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
       client.on('error', () => undefined);
       client.connect().then(() => client.ping()).then(() => process.exit(0), () => process.exit(1));`,
      url,
    ],
    { cwd: __dirname, stdio: 'ignore', timeout: 10_000 },
  );
  return probe.status === 0 ? { available: true } : { available: false, reason: `no Redis answers at ${url}` };
}
