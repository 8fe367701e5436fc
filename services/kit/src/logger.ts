import pino, { type DestinationStream, type Logger as PinoLogger, type LevelWithSilent } from 'pino';

export type Logger = PinoLogger;

/** Field names that never reach a log line, at any of the first four levels of nesting. */
export const ALWAYS_REDACTED_FIELDS: readonly string[] = [
  'password',
  'newPassword',
  'currentPassword',
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'clientSecret',
  'client_secret',
];

const NESTING_DEPTH = 4;

function pathFor(field: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
}

/** fast-redact has no recursive wildcard, so every field is listed at each depth. */
export function redactionPaths(fields: readonly string[]): string[] {
  const paths: string[] = [];
  for (const field of fields) {
    const leaf = pathFor(field);
    for (let depth = 0; depth < NESTING_DEPTH; depth += 1) {
      const prefix = '*.'.repeat(depth);
      paths.push(leaf.startsWith('[') ? `${prefix.replace(/\.$/, '')}${leaf}` : `${prefix}${leaf}`);
    }
  }
  return paths;
}

export interface LoggerOptions {
  /** Service name, on every line. */
  readonly name: string;
  readonly level?: LevelWithSilent;
  /** Extra field names to remove, on top of {@link ALWAYS_REDACTED_FIELDS}. */
  readonly redact?: readonly string[];
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  readonly destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const fields = [...new Set([...ALWAYS_REDACTED_FIELDS, ...(options.redact ?? [])])];
  return pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      redact: { paths: redactionPaths(fields), remove: true },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  );
}
