/** GET /api/auth/credentials/auth0: the identity provider's issuer (`domain`) and the SPA's client id. */
import { AuthProviderConfig } from '@dv/contracts';
import { type HttpClient } from '../http/http-client';

export const AUTH_CONFIG_QUERY_KEY = ['auth-config'] as const;

export async function fetchAuthConfig(http: HttpClient): Promise<AuthProviderConfig> {
  const result = await http.get('/api/auth/credentials/auth0', undefined, { authenticated: false });
  const parsed = AuthProviderConfig.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The sign-in settings could not be read.');
  return parsed.data;
}

/** An Auth0 tenant is configured by its bare domain; any other issuer by its URL. */
export function authorityOf(domain: string): string {
  return /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`;
}
