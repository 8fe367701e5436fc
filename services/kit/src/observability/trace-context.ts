/**
 * What follows a piece of work across the logs, the services and the bus: the trace (OpenTelemetry's active span)
 * and the request id, both kept in OpenTelemetry's context (one AsyncLocalStorage), so that a log line written
 * anywhere during a request, an outbox row written in its transaction and a consumer's handler of that row's event
 * know which request they belong to.
 *
 * On the bus the two travel as event headers (`traceparent`, `tracestate`, `x-request-id`): the outbox records
 * them when a row is written and the relay publishes them with the event.
 */
import { ID_PATTERN } from '@dv/contracts';
import { context, createContextKey, propagation, ROOT_CONTEXT, trace, type Context, type SpanContext } from '@opentelemetry/api';

/** The header a request id travels in, between the gateway and the services, and on the bus. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Event headers: string values only (Kafka headers, JSON on the in-process bus, a field of an outbox row). */
export type EventHeaders = Readonly<Record<string, string>>;

const REQUEST_ID = createContextKey('dv.request-id');

export function withRequestId(base: Context, requestId: string | undefined): Context {
  return requestId === undefined ? base : base.setValue(REQUEST_ID, requestId);
}

export function requestIdOf(current: Context = context.active()): string | undefined {
  const value = current.getValue(REQUEST_ID);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The request context's headers for an event written now: the active trace and request id. Undefined when there
 * is neither (work that no request started, with tracing off).
 */
export function eventHeadersOf(current: Context = context.active()): EventHeaders | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(current, carrier);
  const requestId = requestIdOf(current);
  if (requestId !== undefined) carrier[REQUEST_ID_HEADER] = requestId;
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** The context an event's headers describe: its producer's trace as the remote parent, and its request id. */
export function contextOfEventHeaders(headers: EventHeaders | undefined): Context {
  if (headers === undefined) return ROOT_CONTEXT;
  const requestId = headers[REQUEST_ID_HEADER];
  // Headers may come from any producer on a shared broker: an id that is not one of ours is not logged.
  return withRequestId(propagation.extract(ROOT_CONTEXT, headers), requestId !== undefined && ID_PATTERN.test(requestId) ? requestId : undefined);
}

/**
 * Set on a request's logger by request-tracing.ts: the request's span. Pino's children are made with
 * Object.create, so a child of the request's logger (the auth plugin's, with the user id) inherits it.
 */
const LOGGER_TRACE = Symbol('dv.logger-trace');

interface LoggerTrace {
  readonly traceId?: string;
  readonly spanId?: string;
}

type TracedLogger = { [LOGGER_TRACE]?: LoggerTrace };

/** Marks a request's logger: its lines carry this span when no other is active, and its request id is a binding. */
export function bindLoggerToSpan(logger: object, spanContext: SpanContext | undefined): void {
  const bound: LoggerTrace =
    spanContext !== undefined && trace.isSpanContextValid(spanContext) ? { traceId: spanContext.traceId, spanId: spanContext.spanId } : {};
  (logger as TracedLogger)[LOGGER_TRACE] = bound;
}

/**
 * The logger's mixin (logger.ts): `traceId` and `spanId` of the active span (else of the request the logger
 * belongs to), and `requestId` of the active context unless the logger is a request's (Fastify binds it there).
 * Runs for every line written, so it reads two values and allocates one small object.
 */
export function logContextFields(_merge: object, _level: number, logger: object): Record<string, string> {
  const fields: Record<string, string> = {};
  const bound = (logger as TracedLogger)[LOGGER_TRACE];
  const active = context.active();
  const spanContext = trace.getSpanContext(active);
  if (spanContext !== undefined && trace.isSpanContextValid(spanContext)) {
    fields.traceId = spanContext.traceId;
    fields.spanId = spanContext.spanId;
  } else if (bound?.traceId !== undefined && bound.spanId !== undefined) {
    fields.traceId = bound.traceId;
    fields.spanId = bound.spanId;
  }
  if (bound === undefined) {
    const requestId = requestIdOf(active);
    if (requestId !== undefined) fields.requestId = requestId;
  }
  return fields;
}
