import { PATIENT_DATA_FIELDS } from '@dv/contracts';
import pino, { type DestinationStream, type Logger as PinoLogger, type LevelWithSilent } from 'pino';
import { defaultLogDestination } from './observability/pretty-logs';
import { logContextFields } from './observability/trace-context';

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

/** Fields are removed at the top of a log line and at the next three levels of nesting (an array is a level). */
const NESTING_DEPTH = 4;

/**
 * `value` without the fields named in `fields` among its own keys and, `levels` deep, its values' keys; what holds
 * none is returned as it is, and what holds one is copied (never changed in place: it is the caller's object).
 * Objects that write themselves (toJSON: dates, buffers) are left whole; any other object is copied as
 * JSON.stringify would write it, its own enumerable keys.
 *
 * Pino's `redact` option did this through @pinojs/redact, which parses each of its ~130 paths again for every
 * value it looks at (every child logger's bindings, every key of every line): a quarter of the gateway's own CPU
 * time per request. One walk over the value, with a set of names, writes the same line.
 */
export function withoutFields(value: unknown, fields: ReadonlySet<string>, levels = NESTING_DEPTH - 1): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    if (levels === 0) return value;
    value.forEach((item: unknown, index) => {
      const kept = withoutFields(item, fields, levels - 1);
      if (kept !== item) (copy ??= [...(value as unknown[])])[index] = kept;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (fields.has(key)) {
      copy ??= { ...record };
      delete copy[key];
    } else if (levels > 0) {
      const item = record[key];
      const kept = withoutFields(item, fields, levels - 1);
      if (kept !== item) (copy ??= { ...record })[key] = kept;
    }
  }
  return copy ?? record;
}

/**
 * Keys whose value a serializer writes (the kit's `req`, Fastify's `res`, pino's `err`): a line's formatter
 * leaves them to it, and the `err` serializer's output is cleared of the fields itself (an error's own
 * properties and its cause are written).
 */
const SERIALIZED_KEYS: ReadonlySet<string> = new Set(['req', 'res', 'err']);

/** The line's own keys and its values' keys, `withoutFields`, except the serialized keys' values. */
function withoutLineFields(line: Record<string, unknown>, fields: ReadonlySet<string>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(line)) {
    if (fields.has(key)) {
      copy ??= { ...line };
      delete copy[key];
    } else if (!SERIALIZED_KEYS.has(key)) {
      const item = line[key];
      const kept = withoutFields(item, fields, NESTING_DEPTH - 2);
      if (kept !== item) (copy ??= { ...line })[key] = kept;
    }
  }
  return copy ?? line;
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
  /**
   * Where lines go; stdout by default, human-readable at a terminal (LOG_PRETTY, observability/pretty-logs.ts).
   * Tests pass a stream to read what was logged.
   */
  readonly destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const fields: ReadonlySet<string> = new Set([...ALWAYS_REDACTED_FIELDS, ...(options.redact ?? [])]);
  const logger = pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      serializers: {
        // Fastify's own `req` serializer would log the URL as sent; this one wins over it (fastify keeps ours).
        req: requestLine,
        err: (error: unknown) => withoutFields(pino.stdSerializers.err(error as Error), fields, NESTING_DEPTH - 2),
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        // Patient data and secrets never reach a line's fields (nor a child's bindings: see below). Objects are
        // logged as fields, never interpolated into the message (%j, %o), which this does not see.
        log: (line) => scrubUrls(withoutLineFields(line, fields)),
      },
      // traceId and spanId of the active span, requestId of the request being served (observability/trace-context.ts).
      mixin: logContextFields,
    },
    options.destination ?? (options.level === 'silent' ? undefined : defaultLogDestination()),
  );
  // Pino applies `formatters.bindings` to the root's bindings only; every child (Fastify's per request, the auth
  // plugin's, a service's) inherits this child() from the root, so its bindings lose the fields too.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each logger's own `this`
  const pinoChild = logger.child;
  logger.child = function childWithoutFields(this: Logger, bindings, childOptions) {
    return pinoChild.call(this, withoutLineFields(bindings, fields), childOptions);
  } as Logger['child'];
  return logger;
}
