/**
 * The gateway's decision for one /api call, in the order a caller should learn about problems:
 * unknown call (404), public call (no token), token (401), organization (403), office (400/403), role (403).
 */
import {
  apiAccess,
  effectiveRoles,
  isInRegistration,
  rolesOf,
} from '@dv/contracts';
import {
  Forbidden,
  NotFound,
  resolveActor,
  Unauthorized,
  type Actor,
  type OfficeBelongsToOrg,
  type TokenVerifier,
} from '@dv/kit';

export interface ApiCall {
  readonly method: string;
  /** Path, with or without the query string. */
  readonly path: string;
  readonly authorization: string | undefined;
  readonly officeHeader: string | readonly string[] | undefined;
  /**
   * The organization the request was made for (host, else the SPA's header), null when none resolves. Asked
   * only once the token is valid, so an anonymous caller never causes a lookup.
   */
  readonly organizationId: () => Promise<string | null>;
}

export interface AuthorizeDeps {
  readonly verifier: TokenVerifier;
  readonly officeBelongsToOrg: OfficeBelongsToOrg;
}

export type ApiCallAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'user'; readonly actor: Actor; readonly roles: readonly string[] };

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/i;

export function bearerToken(header: string | undefined): string {
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match?.[1]) throw new Unauthorized('A bearer access token is required');
  return match[1];
}

export async function authorizeApiCall(call: ApiCall, deps: AuthorizeDeps): Promise<ApiCallAccess> {
  const bare = call.path.split('?', 1)[0] ?? call.path;
  const access = apiAccess(call.method, bare, []);
  if (access === 'unknown') throw new NotFound(`Route ${call.method} ${bare} not found`);
  if (access === 'public') return { kind: 'public' };

  const { claims } = await deps.verifier.verify(bearerToken(call.authorization));
  const organizationId = await call.organizationId();
  if (organizationId !== null && claims.org !== organizationId) {
    throw new Forbidden('Your account does not belong to this organization');
  }
  const actor = await resolveActor({
    claims,
    officeHeader: call.officeHeader,
    officeBelongsToOrg: deps.officeBelongsToOrg,
  });
  const inRegistration = isInRegistration({
    hasToken: true,
    roles: rolesOf(claims),
    officeId: claims.officeId ?? null,
    allowedOfficeIds: claims.allowedOfficeIds,
  });
  const roles = effectiveRoles(actor.roles, inRegistration);
  if (apiAccess(call.method, bare, roles) !== 'allowed') throw new Forbidden('Your role does not allow this call');
  return { kind: 'user', actor, roles };
}
