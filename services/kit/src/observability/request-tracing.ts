/**
 * A server span for every request a kit server answers (buildServer wires both parts):
 *
 * - `tracedRequestLogger` is Fastify's child logger factory, the first thing that runs for a request: it starts
 *   the span, continuing the caller's W3C `traceparent` when there is one (the browser's at the gateway, the
 *   gateway's at a service), and marks the request's logger with it, so even Fastify's 'incoming request' line
 *   carries the trace id;
 * - `traceRequests` names the span after the route pattern ('POST /api/verifications'), makes it the active
 *   context (with the request id) for the hooks and the handler, and ends it with the status code.
 *
 * Probes and /metrics get no span: an orchestrator calls them every few seconds, and a trace of them tells nothing.
 * Attributes are the method, the route pattern and the status: never the URL, whose query may name a patient.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider } from 'fastify';
import { bindLoggerToSpan, withRequestId } from './trace-context';

interface RequestSpan {
  readonly span: Span;
  readonly parent: Context;
}

/** By the raw request (Node's, or the proxy's view of it, typed for HTTP/2 too). */
const requestSpans = new WeakMap<object, RequestSpan>();

const UNTRACED_PATHS = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

/** Fastify's childLoggerFactory: the request's logger, and its span started (see above). */
export function tracedRequestLogger(serviceName: string) {
  return function requestLogger(
    logger: FastifyBaseLogger,
    bindings: Record<string, unknown>,
    options: Parameters<FastifyBaseLogger['child']>[1],
    rawRequest: IncomingMessage,
  ): FastifyBaseLogger {
    // Fastify passes {} for a route without a log level or serializers of its own; without options pino takes
    // its quick path (no serializers and formatters copied for every request).
    const child = options === undefined || Object.keys(options).length === 0 ? logger.child(bindings) : logger.child(bindings, options);
    if (UNTRACED_PATHS.test(rawRequest.url ?? '/')) return child;
    const parent = propagation.extract(ROOT_CONTEXT, rawRequest.headers);
    const method = rawRequest.method ?? 'GET';
    const span = trace
      .getTracer(serviceName)
      .startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
    requestSpans.set(rawRequest, { span, parent });
    bindLoggerToSpan(child, span.spanContext());
    return child;
  };
}

function endRequestSpan(rawRequest: IncomingMessage, statusCode: number | undefined): void {
  const traced = requestSpans.get(rawRequest);
  if (!traced) return;
  requestSpans.delete(rawRequest);
  const { span } = traced;
  if (statusCode === undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'request aborted' });
  } else {
    span.setAttribute('http.response.status_code', statusCode);
    if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** The hooks that name, activate and end the spans `tracedRequestLogger` starts. Register before other hooks. */
export function traceRequests<L extends FastifyBaseLogger, P extends FastifyTypeProvider>(
  app: FastifyInstance<HttpServer, IncomingMessage, ServerResponse, L, P>,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const traced = requestSpans.get(request.raw);
    if (!traced) {
      done();
      return;
    }
    const route = request.routeOptions.url;
    if (route !== undefined) {
      traced.span.updateName(`${request.method} ${route}`);
      traced.span.setAttribute('http.route', route);
    }
    // Everything after this hook (the other hooks, body parsing, the handler) runs in this context.
    context.with(withRequestId(trace.setSpan(traced.parent, traced.span), request.id), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    endRequestSpan(request.raw, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    endRequestSpan(request.raw, undefined);
    done();
  });
}

/**
 * The `traceparent` (and `tracestate`) that makes the next hop's span a child of this request's: the gateway
 * sends it upstream in place of the browser's. Empty for a request without a span.
 */
export function traceHeadersOf(request: { readonly raw: object }): Record<string, string> {
  const traced = requestSpans.get(request.raw);
  if (!traced) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, traced.span), carrier);
  return carrier;
}
