/**
 * The proxy to each service, by the prefixes of upstream-table.ts. The base URLs come from configuration, so a
 * deployment without a service answers its routes with a 503 envelope instead of failing to start.
 */
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { HttpError, ServiceUnavailable, type Server } from '@dv/kit';
import type { FastifyRequest } from 'fastify';
import { forwardedHeaders } from '../guard/identity-headers';
import { UPSTREAM_URL_VARIABLES, type UpstreamRoute, type UpstreamService } from './upstream-table';

export interface UpstreamOptions {
  readonly routes: readonly UpstreamRoute[];
  readonly upstreams: Readonly<Partial<Record<UpstreamService, string>>>;
  readonly timeoutMs: number;
}

const TIMEOUT_CODES = new Set([
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);

/** Error codes along the cause chain (not `instanceof Error`: errors from Node's own realm may not pass it). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}

/** What the client hears when a service could not be reached or did not answer in time. */
export function upstreamFailure(service: UpstreamService, error: unknown, timeoutMs: number): HttpError {
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code))) {
    return new HttpError(504, `The ${service} service did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
  }
  if (codes.some((code) => UNREACHABLE_CODES.has(code))) {
    return new ServiceUnavailable(`The ${service} service is unavailable, retry later`);
  }
  return new HttpError(502, `The ${service} service failed to answer`);
}

function notConfigured(service: UpstreamService) {
  return function serviceNotConfigured(request: FastifyRequest): never {
    request.log.warn({ service, variable: UPSTREAM_URL_VARIABLES[service] }, 'no upstream configured');
    throw new ServiceUnavailable(`The ${service} service is not available on this deployment`);
  };
}

export async function registerUpstreams(app: Server, options: UpstreamOptions): Promise<void> {
  for (const route of options.routes) {
    const upstream = options.upstreams[route.service];
    if (upstream === undefined) {
      const handler = notConfigured(route.service);
      app.all(route.prefix, handler);
      app.all(`${route.prefix}/*`, handler);
      continue;
    }
    const { service } = route;
    const proxy: FastifyHttpProxyOptions = {
      upstream,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      // Bodies were read (with the route's size limit) by the gateway's own parser; see body-limit.ts.
      proxyPayloads: false,
      disableRequestLogging: true,
      undici: { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({ ...headers, ...forwardedHeaders(request) }),
        onError: (reply, { error }) => {
          reply.log.warn({ service, err: error }, 'upstream request failed');
          void reply.send(upstreamFailure(service, error, options.timeoutMs));
        },
        // reply-from would silently retry GETs answered with 503 up to ten times; the caller decides instead.
        retryDelay: () => null,
      },
    };
    if (route.websocket) {
      // The upgrade to the service carries no client header but cookies (the plugin's default): the socket
      // authenticates with its authorization event, and nothing identity-like can ride along.
      await app.register(httpProxy, { ...proxy, websocket: true });
    } else {
      await app.register(httpProxy, proxy);
    }
  }
}
