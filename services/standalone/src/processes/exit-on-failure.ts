import { ConfigError } from '@dv/kit';

/** A process that could not start says why on stderr (the logger may not exist yet) and exits 1. */
export function exitOnStartFailure(error: unknown): never {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
}
