/**
 * Who may call a route, as OpenAPI says it: contracts' API_ROUTES is the one table of access rules, and both a
 * service's own document and the gateway's merged one annotate each operation from it, the same way.
 *
 * - `x-access`: 'public' (no token), 'authenticated' (any valid token) or 'roles' (a token with one of x-roles);
 * - `x-roles`: the roles that may call it (empty unless x-access is 'roles');
 * - `security`: none for a public call, the bearer scheme otherwise;
 * - the description's first line says the same in words, for readers of the reference UI.
 */
import { API_ROUTES, type ApiRoute } from '@dv/contracts';

/** The name of the bearer token scheme in every document's components.securitySchemes. */
export const BEARER_SCHEME = 'bearer';

export const BEARER_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'An RFC 9068 access token (typ at+jwt) of the configured OpenID Connect issuer.',
} as const;

export type AccessKind = 'public' | 'authenticated' | 'roles';

export interface AccessExtensions {
  readonly 'x-access': AccessKind;
  readonly 'x-roles': readonly string[];
}

/** `:name` (Fastify) and `{name}` (contracts, OpenAPI) spell the same segment: this key ignores the names. */
export function routeShape(path: string): string {
  return path.replace(/\{[^}]+\}|:[^/]+/g, '{}').replace(/(.)\/+$/, '$1');
}

/** A Fastify URL in OpenAPI's spelling: `/api/plans/:id` -> `/api/plans/{id}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The parameter names of a path in either spelling, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}|:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? match[2] ?? '');
}

/** The table's entry for a registered route: same method, same path shape (parameter names aside). */
export function apiRouteOf(method: string, url: string, routes: readonly ApiRoute[] = API_ROUTES): ApiRoute | undefined {
  const shape = routeShape(url);
  const wanted = method.toUpperCase();
  return routes.find((route) => route.method === wanted && routeShape(route.path) === shape);
}

export function accessExtensions(route: Pick<ApiRoute, 'access'>): AccessExtensions {
  const { access } = route;
  if (access === 'public' || access === 'authenticated') return { 'x-access': access, 'x-roles': [] };
  return { 'x-access': 'roles', 'x-roles': [...access] };
}

/** The operation's security requirement: none for a public call. */
export function securityOf(route: Pick<ApiRoute, 'access'>): { [scheme: string]: string[] }[] {
  return route.access === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
}

/** One line for the description: who may call it. */
export function accessSentence(route: Pick<ApiRoute, 'access'>): string {
  const { access } = route;
  if (access === 'public') return 'Access: public, no token.';
  if (access === 'authenticated') return 'Access: any signed-in user.';
  return `Access: the roles ${access.join(', ')}.`;
}

/** The description with the access line first, replacing an access line already there. */
export function describeAccess(route: Pick<ApiRoute, 'access'>, description?: unknown): string {
  const rest = typeof description === 'string' ? description.replace(/^Access: [^\n]*\n*/, '') : '';
  return rest === '' ? accessSentence(route) : `${accessSentence(route)}\n\n${rest}`;
}
