import { PATIENT_DATA_FIELDS } from '@dv/contracts';
import pino, { type DestinationStream, type Logger as PinoLogger, type LevelWithSilent } from 'pino';

export type Logger = PinoLogger;

/**
 * Field names that never reach a log line, at any of the first four levels of nesting: secrets, and the names
 * patient data travels under (contracts' PATIENT_DATA_FIELDS).
 */
export const ALWAYS_REDACTED_FIELDS: readonly string[] = [
  ...PATIENT_DATA_FIELDS,
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

/**
 * A URL with its query values replaced: '/api/verifications?memberId=X1&page=2' -> '/api/verifications?memberId=…&page=…'.
 * Query strings carry patient search terms (names, dates of birth, member ids); the parameter names stay, so
 * a log still tells what was asked.
 */
export function withoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0] ?? ''}=…`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** A record written as a literal; fastify's request is not one and goes through {@link requestLine} instead. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Every `url` field of a log line, at the top or one level down, without query values. */
function scrubUrls(object: Record<string, unknown>): Record<string, unknown> {
  let changed: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'url' && typeof value === 'string' && value.includes('?')) {
      changed ??= { ...object };
      changed[key] = withoutQueryValues(value);
    } else if (isPlainObject(value) && typeof value.url === 'string') {
      const inner = value as { url: string };
      if (!inner.url.includes('?')) continue;
      changed ??= { ...object };
      changed[key] = { ...inner, url: withoutQueryValues(inner.url) };
    }
  }
  return changed ?? object;
}

/** What fastify's request line and a logged request show (fastify passes its request as `req`). */
interface LoggedRequest {
  readonly method?: string;
  readonly url?: string;
  readonly host?: string;
  readonly ip?: string;
  readonly routeOptions?: { readonly url?: string };
}

/**
 * A request as a log line shows it: the method, the route's pattern ('/api/verifications/:id', when the request
 * matched one), the URL without query values, the host and the caller's address. Nothing of the body or the
 * headers: those go through the redaction above when a service logs them itself.
 */
export function requestLine(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    route: req.routeOptions?.url,
    url: typeof req.url === 'string' ? withoutQueryValues(req.url) : undefined,
    host: req.host,
    remoteAddress: req.ip,
  };
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
      // Fastify's own `req` serializer would log the URL as sent; this one wins over it (fastify keeps ours).
      serializers: { req: requestLine },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: scrubUrls },
    },
    options.destination,
  );
}
