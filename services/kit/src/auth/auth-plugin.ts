import type { Role } from '@dv/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../errors';
import { OFFICE_HEADER, resolveActor, type Actor, type OfficeBelongsToOrg } from './office-access';
import type { TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every route that is not `config: { auth: false }`. */
    actor: Actor | null;
  }
}

export interface AuthPluginOptions {
  readonly verifier: TokenVerifier;
  /** Lets company users act for any office of their organization; without it they get their allowed offices only. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly companyRoles?: readonly Role[];
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/i;

function bearerToken(header: string | undefined): string {
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match?.[1]) throw new Unauthorized('A bearer access token is required');
  return match[1];
}

function challenge(reply: FastifyReply, error: unknown): void {
  if (error instanceof Unauthorized) void reply.header('www-authenticate', 'Bearer error="invalid_token"');
}

/**
 * Authenticates every route of the instance it is registered on (it is not encapsulated), except routes with
 * `config: { auth: false }`. The token is checked before the body is read.
 */
export const authPlugin = fp<AuthPluginOptions>(
  // eslint-disable-next-line @typescript-eslint/require-await -- fastify-plugin wants an async plugin or a callback
  async (app, options) => {
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.auth === false) return;
      try {
        const { claims } = await options.verifier.verify(bearerToken(request.headers.authorization));
        const actor = await resolveActor({
          claims,
          officeHeader: request.headers[OFFICE_HEADER],
          ...(options.officeBelongsToOrg ? { officeBelongsToOrg: options.officeBelongsToOrg } : {}),
          ...(options.companyRoles ? { companyRoles: options.companyRoles } : {}),
        });
        request.actor = actor;
        const log = request.log.child({ userId: actor.userId, orgId: actor.orgId, officeId: actor.officeId });
        request.log = log;
        reply.log = log;
      } catch (error) {
        challenge(reply, error);
        throw error;
      }
    });
  },
  { name: '@dv/kit/auth', fastify: '5.x' },
);

/** The authenticated caller; throws 401 on a route that skipped authentication. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}

/** A callback-style route preHandler; a plain function so that it fits routes of any type provider. */
export type RequestGuard = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/** A preHandler that lets the request through only when the actor holds one of the roles (for its office). */
export function requireRoles(...roles: readonly Role[]): RequestGuard {
  return function checkRoles(request, _reply, done) {
    if (!request.actor) {
      done(new Unauthorized());
    } else if (!request.actor.roles.some((role) => roles.includes(role))) {
      done(new Forbidden('Your role does not allow this'));
    } else {
      done();
    }
  };
}
