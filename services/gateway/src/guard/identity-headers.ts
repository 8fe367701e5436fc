/**
 * Headers that claim an identity or the gateway's trust. A client never gets to send them on: services verify
 * the bearer token themselves, and a header that some other proxy or a careless service might read as "who is
 * calling" is removed before anything else looks at the request.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Invalid, OFFICE_HEADER, REQUEST_ID_HEADER, traceHeadersOf } from '@dv/kit';
import type { FastifyRequest } from 'fastify';

/** The SPA names the organization here when the host does not resolve to one (it stored it as organization_id). */
export const ORGANIZATION_HEADER = 'x-organization-id';

const IDENTITY_HEADER_NAMES: ReadonlySet<string> = new Set([
  'x-user',
  'x-user-id',
  'x-user-email',
  'x-user-roles',
  'x-email',
  'x-org',
  'x-org-id',
  'x-organization',
  ORGANIZATION_HEADER,
  'x-tenant-id',
  'x-office-id',
  'x-role',
  'x-roles',
  'x-actor',
  'x-internal-token',
  'x-internal',
  'x-remote-user',
  'remote-user',
  'x-authenticated-user',
  'x-authenticated-userid',
  'x-userinfo',
  'x-jwt-claims',
  'x-claims',
  'x-identity',
  'x-principal',
  'x-consumer-id',
  'x-consumer-username',
  'x-gateway-verified',
]);

/** Families of identity headers (x-actor-id, x-forwarded-user, x-forwarded-email, x-auth-request-user ...). */
const IDENTITY_HEADER_PREFIXES: readonly string[] = [
  'x-actor-',
  'x-user-',
  'x-org-',
  'x-role-',
  'x-internal-',
  'x-forwarded-user',
  'x-forwarded-email',
  'x-forwarded-groups',
  'x-forwarded-preferred-username',
  'x-forwarded-access-token',
  'x-auth-',
  'x-authenticated-',
  'x-jwt-',
  'x-consumer-',
  'x-gateway-',
];

export function isIdentityHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return IDENTITY_HEADER_NAMES.has(lower) || IDENTITY_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Removes identity headers in place (Node's header names are lower case); returns the names removed. */
export function stripIdentityHeaders(headers: IncomingHttpHeaders): string[] {
  const removed: string[] = [];
  for (const name of Object.keys(headers)) {
    if (!isIdentityHeader(name)) continue;
    delete headers[name];
    removed.push(name);
  }
  return removed;
}

/**
 * Headers that say who is calling or for whom, which a request may carry once. Node keeps the first of two
 * Authorization or Host headers and joins two office headers, while another reader (a proxy in front, a
 * service behind) may take the last: with two, the gateway could check one identity and pass on another.
 */
const SINGLE_HEADERS: ReadonlyMap<string, string> = new Map([
  ['authorization', 'Authorization'],
  ['host', 'Host'],
  [OFFICE_HEADER, OFFICE_HEADER],
  [ORGANIZATION_HEADER, ORGANIZATION_HEADER],
]);

/** Throws Invalid (400) when one of SINGLE_HEADERS is sent more than once, in any letter case. */
export function refuseRepeatedHeaders(rawHeaders: readonly string[]): void {
  const seen = new Set<string>();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]?.toLowerCase() ?? '';
    const label = SINGLE_HEADERS.get(name);
    if (label === undefined) continue;
    if (seen.has(name)) throw new Invalid(`Send one ${label} header, not several`);
    seen.add(name);
  }
}

/**
 * What the gateway adds for the service: where the call came from, the request id that follows it through
 * the logs, the gateway's span as the service's trace parent (in place of the browser's `traceparent`), and the
 * organization the gateway resolved (request context, never an identity: services take the user and the
 * organization from the verified token).
 */
export function forwardedHeaders(
  request: Pick<FastifyRequest, 'ip' | 'host' | 'protocol' | 'id' | 'organization'> & { readonly raw: object },
): Record<string, string> {
  return {
    'x-forwarded-for': request.ip,
    'x-forwarded-host': request.host,
    'x-forwarded-proto': request.protocol,
    [REQUEST_ID_HEADER]: request.id,
    ...traceHeadersOf(request),
    ...(request.organization ? { [ORGANIZATION_HEADER]: request.organization.id } : {}),
  };
}
