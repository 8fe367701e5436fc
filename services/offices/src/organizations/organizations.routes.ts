import { AuthProviderConfig, OrganizationLookupInput, OrganizationSummary } from '@dv/contracts';
import { type Server } from '@dv/kit';
import { z } from 'zod';
import { type OrganizationService } from './organizations.service';

export interface IdentityProviderSettings {
  /** The OpenID Connect issuer URL; the SPA's sign-in library takes it as the provider's domain. */
  readonly issuer: string;
  readonly clientId: string;
}

/** The public calls the SPA makes before anyone has signed in (SPEC section 7). */
export function publicAuthRoutes(
  app: Server,
  { organizations, identityProvider }: { organizations: OrganizationService; identityProvider: IdentityProviderSettings },
): void {
  const providerConfig = AuthProviderConfig.parse({ domain: identityProvider.issuer, clientId: identityProvider.clientId });

  app.get(
    '/api/auth/credentials/auth0',
    { config: { auth: false }, schema: { response: { 200: AuthProviderConfig } } },
    () => providerConfig,
  );

  app.post(
    '/api/auth/organization',
    { config: { auth: false }, schema: { body: OrganizationLookupInput, response: { 200: OrganizationSummary, 204: z.undefined() } } },
    async (request, reply) => {
      const { body } = request;
      if ('organizationName' in body) return organizations.lookupName(body.organizationName);
      // A host that names no organization: 204, no body (the SPA then asks for the name; not an error).
      const found = await organizations.lookupDomain(body.organizationDomain);
      return found ?? reply.code(204).send();
    },
  );
}
