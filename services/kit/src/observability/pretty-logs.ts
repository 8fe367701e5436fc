/**
 * Human-readable log lines (pino-pretty) for a developer at a terminal; JSON everywhere else. LOG_PRETTY=true or
 * false decides; unset, lines are pretty when stdout is a terminal, which a container, a pipe or CI never is.
 * pino-pretty is a development dependency: where it is not installed (a production image) lines stay JSON.
 */
import { createRequire } from 'node:module';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { envBoolean, loadConfig, type Environment } from '../config';

const PrettyEnv = z.object({ LOG_PRETTY: envBoolean.optional() });

export function wantsPrettyLogs(env: Environment, stdout: { readonly isTTY?: boolean }): boolean {
  return loadConfig(PrettyEnv, env).LOG_PRETTY ?? stdout.isTTY === true;
}

type PrettyFactory = (options: Record<string, unknown>) => DestinationStream;

/** pino-pretty's stream to stdout, or undefined where the package is not installed. */
export function prettyDestination(): DestinationStream | undefined {
  let pretty: PrettyFactory;
  try {
    // Loaded only when asked for: production installs have no development dependencies.
    pretty = createRequire(__filename)('pino-pretty') as PrettyFactory;
  } catch {
    return undefined;
  }
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}

/** Where a logger without a destination of its own writes: pretty as above, else pino's default (JSON on stdout). */
export function defaultLogDestination(env: Environment = process.env): DestinationStream | undefined {
  return wantsPrettyLogs(env, process.stdout) ? prettyDestination() : undefined;
}
