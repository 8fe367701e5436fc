/**
 * Which service answers which path prefix, and the proxy to each one. The prefixes are fixed here (they follow
 * the route table in contracts); the base URLs come from configuration, so a deployment without a service
 * answers its routes with a 503 envelope instead of failing to start.
 */
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { HttpError, ServiceUnavailable, type Server } from '@dv/kit';
import type { FastifyRequest } from 'fastify';
import { forwardedHeaders } from './identity-headers';

export const UPSTREAM_SERVICES = ['offices', 'portals', 'bugs', 'billing', 'verifications', 'schedule', 'realtime'] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

/** The environment variable that holds each service's base URL. */
export const UPSTREAM_URL_VARIABLES = {
  offices: 'OFFICES_URL',
  portals: 'PORTALS_URL',
  bugs: 'BUGS_URL',
  billing: 'BILLING_URL',
  verifications: 'VERIFICATIONS_URL',
  schedule: 'SCHEDULE_URL',
  realtime: 'REALTIME_URL',
} as const satisfies Record<UpstreamService, string>;

export interface UpstreamRoute {
  /** A path prefix; the path is passed to the service unchanged. */
  readonly prefix: string;
  readonly service: UpstreamService;
  /** Also proxies WebSocket upgrades under the prefix. */
  readonly websocket?: boolean;
}

/** The longest matching prefix wins (Fastify's router prefers the more specific route). */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  { prefix: '/api/features', service: 'offices' },
  { prefix: '/api/auth', service: 'offices' },
  { prefix: '/api/dentaloffice', service: 'offices' },
  { prefix: '/api/management/offices', service: 'offices' },
  { prefix: '/api/management/groups', service: 'offices' },
  { prefix: '/api/management/users', service: 'offices' },
  { prefix: '/api/management/features', service: 'offices' },
  { prefix: '/api/portals', service: 'portals' },
  { prefix: '/api/management/portals', service: 'portals' },
  { prefix: '/api/bugReports', service: 'bugs' },
  { prefix: '/api/management/bugs', service: 'bugs' },
  { prefix: '/api/stripe', service: 'billing' },
  { prefix: '/api/verifications', service: 'verifications' },
  { prefix: '/api/plans', service: 'verifications' },
  { prefix: '/api/carriers', service: 'verifications' },
  { prefix: '/api/management/x271', service: 'verifications' },
  { prefix: '/api/schedule', service: 'schedule' },
  { prefix: '/socket.io', service: 'realtime', websocket: true },
];

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
