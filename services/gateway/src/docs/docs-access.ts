/**
 * Who may read the merged API document: anyone where the deployment says the reference is public (development,
 * API_DOCS_PUBLIC), otherwise a company user (contracts' COMPANY_ROLES) with a valid access token. The document
 * shows every call and its roles: nothing secret, but no map of the API for strangers in production either.
 */
import { isCompanyAuthorized, rolesOf } from '@dv/contracts';
import { Forbidden, Unauthorized, type TokenVerifier } from '@dv/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authorize-api-call';

export interface DocsAccessOptions {
  readonly isPublic: boolean;
  /** The guard's verifier: tokens of signed-out sessions are refused here too. */
  readonly verifier: TokenVerifier;
}

export function docsAccess(options: DocsAccessOptions) {
  return async function checkDocsAccess(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (options.isPublic) return;
    try {
      const { claims } = await options.verifier.verify(bearerToken(request.headers.authorization));
      if (!isCompanyAuthorized(rolesOf(claims))) throw new Forbidden('The API reference is for company users');
    } catch (error) {
      if (error instanceof Unauthorized) void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw error;
    }
  };
}
