/**
 * Which service answers which path prefix, derived from contracts' API_ROUTES (each route names the service that
 * serves it) and the realtime service's socket: nothing here is typed twice. A route's prefix is the shortest run
 * of its leading literal segments (at least `/api/<name>`) under which no route of another service lies, so
 * `/api/portals` goes to portals while `/api/management/portals` and `/api/management/offices` part ways.
 *
 * The gateway proxies every path under a prefix, but only after its request guard let the call through, and the
 * guard refuses (404) every call that API_ROUTES does not have.
 */
import { API_ROUTES, SERVICE_NAMES, SOCKET_ROUTE, type ApiRoute, type ServiceName } from '@dv/contracts';

export const UPSTREAM_SERVICES: readonly ServiceName[] = SERVICE_NAMES;
export type UpstreamService = ServiceName;

/** The environment variable that holds a service's base URL: OFFICES_URL, PORTALS_URL ... */
export type UpstreamUrlVariable<S extends UpstreamService = UpstreamService> = `${Uppercase<S>}_URL`;

export const UPSTREAM_URL_VARIABLES = Object.fromEntries(
  UPSTREAM_SERVICES.map((service) => [service, `${service.toUpperCase()}_URL`]),
) as { readonly [S in UpstreamService]: UpstreamUrlVariable<S> };

export interface UpstreamRoute {
  /** A path prefix; the path is passed to the service unchanged. */
  readonly prefix: string;
  readonly service: UpstreamService;
  /** Also proxies WebSocket upgrades under the prefix. */
  readonly websocket?: boolean;
}

const isParameter = (segment: string) => segment.startsWith('{');

/** Whether some path of the pattern lies at or under the prefix (a `{name}` segment matches any segment). */
function mayLieUnder(patternSegments: readonly string[], prefixSegments: readonly string[]): boolean {
  if (patternSegments.length < prefixSegments.length) return false;
  return prefixSegments.every((segment, index) => {
    const own = patternSegments[index] ?? '';
    return own === segment || isParameter(own);
  });
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** The route's prefix (see above); a route whose service no prefix tells apart is a table to be fixed. */
function prefixOf(route: ApiRoute, routes: readonly ApiRoute[]): string {
  const own = segmentsOf(route.path);
  const literal = own.findIndex(isParameter) === -1 ? own : own.slice(0, own.findIndex(isParameter));
  for (let length = 2; length <= literal.length; length += 1) {
    const prefix = literal.slice(0, length);
    const shared = routes.some((other) => other.service !== route.service && mayLieUnder(segmentsOf(other.path), prefix));
    if (!shared) return `/${prefix.join('/')}`;
  }
  throw new Error(`${route.method} ${route.path} (${route.service}): no path prefix tells its service from another's`);
}

/** The upstream table of a route table: one entry per prefix, then the realtime socket. */
export function upstreamRoutesOf(routes: readonly ApiRoute[]): UpstreamRoute[] {
  const services = new Map<string, UpstreamService>();
  for (const route of routes) services.set(prefixOf(route, routes), route.service);
  return [
    ...[...services].map(([prefix, service]) => ({ prefix, service })),
    { prefix: SOCKET_ROUTE.path, service: SOCKET_ROUTE.service, websocket: true },
  ];
}

/** Prefixes never nest: one that held another service's route would not have been chosen. */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = upstreamRoutesOf(API_ROUTES);
