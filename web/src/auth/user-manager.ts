/**
 * oidc-client-ts set up for the product (any OpenID Connect issuer; the development provider locally):
 * authorization code + PKCE S256, public client, renewal with the refresh token only (no iframes: the SPA's
 * hosts and the issuer are different sites), tokens in the shared token store.
 */
import { type AuthProviderConfig } from '@dv/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { authorityOf } from './auth-config';
import { tokenStore } from './token-store';

export const OIDC_SCOPE = 'openid profile email offline_access api';

export function createUserManager(config: AuthProviderConfig, origin: string): UserManager {
  return new UserManager({
    authority: authorityOf(config.domain),
    client_id: config.clientId,
    redirect_uri: `${origin}/handleLogin`,
    post_logout_redirect_uri: `${origin}/login`,
    response_type: 'code',
    scope: OIDC_SCOPE,
    userStore: tokenStore,
    stateStore: new WebStorageStateStore({ store: globalThis.localStorage, prefix: 'oidc.' }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    // Revocation is ours (revokeRefreshToken): oidc-client-ts insists on a JSON answer, and RFC 7009 servers
    // may answer 200 with an empty body of any type.
    revokeTokensOnSignout: false,
  });
}

/** RFC 7009 revocation of the refresh token, best effort: signing out goes on whatever the answer. */
export async function revokeRefreshToken(users: UserManager, refreshToken: string, clientId: string): Promise<void> {
  const endpoint = await users.metadataService.getRevocationEndpoint(false);
  if (!endpoint) return;
  await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: clientId }),
  });
}
