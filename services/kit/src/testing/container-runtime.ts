import { spawnSync } from 'node:child_process';

let cached: boolean | undefined;

/**
 * Whether testcontainers finds a container engine (Docker or compatible). Asked synchronously, in a short
 * child process, because jest decides which suites exist before any async hook runs.
 */
export function containerRuntimeAvailable(): boolean {
  if (cached !== undefined) return cached;
  const probe = spawnSync(
    process.execPath,
    ['-e', "require('testcontainers').getContainerRuntimeClient().then(() => process.exit(0), () => process.exit(1))"],
    { cwd: __dirname, stdio: 'ignore', timeout: 20_000 },
  );
  cached = probe.status === 0;
  return cached;
}

export type ServerAvailability =
  | { readonly kind: 'configured'; readonly value: string }
  | { readonly kind: 'container' }
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * How an integration suite reaches its server: the environment variable, else a container, else not at all
 * (with the reason to print). Never a fake.
 */
export function serverAvailability(variable: string, env: NodeJS.ProcessEnv = process.env): ServerAvailability {
  const value = env[variable];
  if (value !== undefined && value.trim() !== '') return { kind: 'configured', value };
  if (containerRuntimeAvailable()) return { kind: 'container' };
  return { kind: 'unavailable', reason: `${variable} not set and no Docker engine` };
}
