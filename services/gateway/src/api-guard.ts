/**
 * The onRequest hook in front of every route: strips identity headers from every request, refuses upgrades
 * outside /socket.io, and for /api calls resolves the organization and decides access before any body is read.
 */
import type { ClientType, OrganizationSummary } from '@dv/contracts';
import { Invalid, NotFound, OFFICE_HEADER, Unauthorized, type Actor } from '@dv/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizeApiCall, type ApiCallAccess, type AuthorizeDeps } from './auth/authorize-api-call';
import { checkDeclaredLength, type BodyLimitFor } from './body-limit';
import type { OfficesDirectory } from './directory/offices-directory';
import { ORGANIZATION_HEADER, stripIdentityHeaders } from './identity-headers';

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

const ORGANIZATION_ID = /^[\w.:-]{1,128}$/;

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function isWebSocketPath(pathname: string): boolean {
  return pathname === '/socket.io' || pathname.startsWith('/socket.io/');
}

/**
 * A path whose segments decode to dot segments or contain (encoded) slashes could be read differently by the
 * route table and by the service's router; such paths are refused outright.
 */
export function hasAmbiguousSegments(pathname: string): boolean {
  return pathname.split('/').some((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return decoded === '.' || decoded === '..' || /[/\\]/.test(decoded);
  });
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

export function apiGuard(deps: ApiGuardDeps) {
  const officeBelongsToOrg = async (officeId: string, orgId: string) =>
    (await deps.directory.organizationOfOffice(officeId)) === orgId;

  return async function guardRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Read before stripping: the SPA's organization id is a hint for resolution, not something to pass on.
    const organizationHeader = request.headers[ORGANIZATION_HEADER];
    const removed = stripIdentityHeaders(request.raw.headers);
    if (removed.length > 0) request.log.info({ removed }, 'client-supplied identity headers removed');

    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (request.headers.upgrade !== undefined && !isWebSocketPath(pathname)) {
      throw new NotFound(`No WebSocket endpoint at ${pathname}`);
    }
    if (!isApiPath(pathname)) return;
    if (hasAmbiguousSegments(pathname)) throw new Invalid('The path is not valid');

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
      const log = request.log.child({ userId: access.actor.userId, orgId: access.actor.orgId, officeId: access.actor.officeId });
      request.log = log;
      reply.log = log;
    } else {
      // A public call goes on without an organization when the lookup fails: it is only context there.
      await lookUpOrganization().catch((error: unknown) => {
        request.log.warn({ err: error }, 'organization lookup failed for a public call');
      });
    }
    checkDeclaredLength(request, deps.bodyLimitFor);
  };
}
