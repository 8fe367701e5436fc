/**
 * The onRequest hook in front of every route: strips identity headers from every request, refuses repeated
 * identity headers and request targets that do not decode to one path, refuses upgrades outside /socket.io, and
 * for /api calls (on the decoded path) resolves the organization and decides access before any body is read.
 */
import { API_ROUTES, ID_PATTERN, pathOnly, patternToRegExp, type ClientType, type OrganizationSummary } from '@dv/contracts';
import { Invalid, NotFound, OFFICE_HEADER, Unauthorized, type Actor } from '@dv/kit';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { authorizeApiCall, type ApiCallAccess, type AuthorizeDeps } from '../auth/authorize-api-call';
import { checkDeclaredLength, type BodyLimitFor } from '../limits/body-limit';
import type { OfficesDirectory } from '../directory/offices-directory';
import { isApiDocsPath } from '../docs/reference-page';
import { ORGANIZATION_HEADER, refuseRepeatedHeaders, stripIdentityHeaders } from './identity-headers';
import { readRequestTarget, routeMatchesPath } from './request-target';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organization this request is for (host, else the SPA's header), when one resolved. */
    organization: RequestOrganization | null;
    /** The verified caller of an authenticated /api call. */
    caller: Actor | null;
  }
}

export interface RequestOrganization {
  readonly id: string;
  readonly source: 'host' | 'header';
  /** Known when the host resolved it. */
  readonly name?: string;
  readonly clientType?: ClientType;
}

export interface ApiGuardDeps extends Pick<AuthorizeDeps, 'verifier'> {
  readonly directory: OfficesDirectory;
  readonly bodyLimitFor: BodyLimitFor;
}

const ORGANIZATION_ID = ID_PATTERN;

/** `/API/...` is an API path too: it is refused below, never served as a page or left unchecked. */
function isApiPath(pathname: string): boolean {
  return /^\/api(\/|$)/i.test(pathname);
}

function isWebSocketPath(pathname: string): boolean {
  return pathname === '/socket.io' || pathname.startsWith('/socket.io/');
}

interface CasedPattern {
  readonly exact: RegExp;
  readonly ignoringCase: RegExp;
}

/** A path's shape, by which the patterns it may match are found: its number of segments and its second segment. */
const shapeOf = (segments: readonly string[], second = (segments[2] ?? '').toLowerCase()) => `${segments.length} ${second}`;
const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);
/** Stands for any second segment (a `{name}` there): no segment holds a slash. */
const ANY_SECOND = '/';

/**
 * Every route's pattern, exact and ignoring case, by shape: a `{name}` is one segment, so a path can match only
 * patterns of its own number of segments, and with its second segment (in any case), or a `{name}` there.
 */
const PATTERNS_BY_SHAPE = new Map<string, CasedPattern[]>();
for (const route of API_ROUTES) {
  const exact = patternToRegExp(route.path);
  const pattern = { exact, ignoringCase: new RegExp(exact.source, 'i') };
  const segments = route.path.split('/');
  const shape = shapeOf(segments, isParameter(segments[2] ?? '') ? ANY_SECOND : undefined);
  PATTERNS_BY_SHAPE.set(shape, [...(PATTERNS_BY_SHAPE.get(shape) ?? []), pattern]);
}

function patternsFor(segments: readonly string[]): readonly CasedPattern[] {
  const own = PATTERNS_BY_SHAPE.get(shapeOf(segments)) ?? [];
  const anySecond = PATTERNS_BY_SHAPE.get(shapeOf(segments, ANY_SECOND)) ?? [];
  return anySecond.length === 0 ? own : [...own, ...anySecond];
}

/**
 * Paths are case-sensitive, so `/api/Management/users` is no route of the table; a client that sends it made a
 * mistake (or probes a server that folds case), and hears so (400) instead of a 404 that hides the reason.
 */
function refuseLetterCaseVariant(pathname: string): void {
  const bare = pathOnly(pathname);
  const variant = patternsFor(bare.split('/')).some(({ exact, ignoringCase }) => ignoringCase.test(bare) && !exact.test(bare));
  if (variant) throw new Invalid('The request path is not valid: its letters differ in case from the API route');
}

/**
 * The decoded path, after refusing what cannot be decoded one way only (see request-target.ts). The request
 * goes on with that path re-encoded, so the service reads the path the checks were made on; and the route the
 * router chose must be the one for that path.
 */
function normaliseTarget(request: FastifyRequest): string {
  const target = readRequestTarget(request.raw.url ?? '/');
  const routeUrl = request.routeOptions.url;
  if (routeUrl !== undefined && !routeMatchesPath(routeUrl, target.path)) {
    throw new Invalid('The request path is not valid: it reads as another route once decoded');
  }
  if (request.raw.url !== target.url) request.raw.url = target.url;
  return target.path;
}

function organizationFromHeader(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new Invalid(`Send one ${ORGANIZATION_HEADER} header`);
  const id = value.trim();
  if (id === '') return null;
  if (!ORGANIZATION_ID.test(id)) throw new Invalid(`The ${ORGANIZATION_HEADER} header is not an organization id`);
  return id;
}

/**
 * The host's organization wins; the SPA's stored id applies only where the host does not resolve, and only when
 * such an organization exists: an unknown id is no organization, never passed on to a service as context.
 */
export async function resolveRequestOrganization(
  directory: OfficesDirectory,
  host: string,
  headerOrganizationId: string | null,
): Promise<RequestOrganization | null> {
  const byHost: OrganizationSummary | null = await directory.organizationForHost(host);
  if (byHost) return { id: byHost.id, source: 'host', name: byHost.name, clientType: byHost.clientType };
  if (headerOrganizationId === null) return null;
  const byId = await directory.organizationById(headerOrganizationId);
  return byId ? { id: byId.id, source: 'header', name: byId.name, clientType: byId.clientType } : null;
}

/** pino's in-place binding (every kit server logs with pino); Fastify's logger type does not name it. */
type BindableLogger = FastifyBaseLogger & { setBindings: (bindings: Record<string, unknown>) => void };

/**
 * The caller's ids on every later line of the request's log. The request's logger is already its own (Fastify
 * makes a child per request, shared with the reply), so the ids are added to it in place rather than through a
 * second child.
 */
function bindCaller(request: FastifyRequest, actor: Actor): void {
  (request.log as BindableLogger).setBindings({ userId: actor.userId, orgId: actor.orgId, officeId: actor.officeId });
}

export function apiGuard(deps: ApiGuardDeps) {
  const officeBelongsToOrg = async (officeId: string, orgId: string) =>
    (await deps.directory.organizationOfOffice(officeId)) === orgId;

  return async function guardRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Read before stripping: the SPA's organization id is a hint for resolution, not something to pass on.
    const organizationHeader = request.headers[ORGANIZATION_HEADER];
    const removed = stripIdentityHeaders(request.raw.headers);
    if (removed.length > 0) request.log.info({ removed }, 'client-supplied identity headers removed');

    refuseRepeatedHeaders(request.raw.rawHeaders);
    const pathname = normaliseTarget(request);
    if (request.headers.upgrade !== undefined && !isWebSocketPath(pathname)) {
      throw new NotFound(`No WebSocket endpoint at ${pathname}`);
    }
    // The API reference is the gateway's own (docs/), with its own access rule; it is no call of the table.
    if (!isApiPath(pathname) || isApiDocsPath(pathname)) return;
    refuseLetterCaseVariant(pathname);

    const headerOrganizationId = organizationFromHeader(organizationHeader);
    const lookUpOrganization = async () => {
      request.organization = await resolveRequestOrganization(deps.directory, request.hostname, headerOrganizationId);
      return request.organization?.id ?? null;
    };
    let access: ApiCallAccess;
    try {
      access = await authorizeApiCall(
        {
          method: request.method,
          path: pathname,
          authorization: request.headers.authorization,
          officeHeader: request.headers[OFFICE_HEADER],
          organizationId: lookUpOrganization,
        },
        { verifier: deps.verifier, officeBelongsToOrg },
      );
    } catch (error) {
      if (error instanceof Unauthorized) void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw error;
    }
    if (access.kind === 'user') {
      request.caller = access.actor;
      bindCaller(request, access.actor);
    } else {
      // A public call goes on without an organization when the lookup fails: it is only context there.
      await lookUpOrganization().catch((error: unknown) => {
        request.log.warn({ err: error }, 'organization lookup failed for a public call');
      });
    }
    checkDeclaredLength(request, deps.bodyLimitFor);
  };
}
