import { AuthProviderConfig, OrganizationLookupInput, OrganizationSummary } from '@dv/contracts';
import { type Server } from '@dv/kit';
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
    { config: { auth: false }, schema: { body: OrganizationLookupInput, response: { 200: OrganizationSummary } } },
    (request) => organizations.lookup(request.body),
  );
}
