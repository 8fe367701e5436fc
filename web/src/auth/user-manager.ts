/**
 * oidc-client-ts set up for the product (any OpenID Connect issuer; the development provider locally):
 * authorization code + PKCE S256, public client, renewal with the refresh token only (no iframes: the SPA's
 * hosts and the issuer are different sites), tokens in the shared token store.
 *
 * The library (about 21 KB gzipped) loads on the first call that needs the provider: a sign-in, a silent renewal,
 * a sign-out. Reading the stored session needs only local storage, so a signed-in page renders without it.
 */
import { type AuthProviderConfig, SIGN_OUT_REVOCATION_WAIT_MS, STORAGE_KEYS } from '@dv/contracts';
import { type UserManager } from 'oidc-client-ts';
import { authorityOf } from './auth-config';
import { type UserManagerPort } from './session-controller';
import { readStoredUser, tokenStore } from './token-store';

export const OIDC_SCOPE = 'openid profile email offline_access api';

export type ProviderSession = UserManagerPort & {
  /** RFC 7009 revocation of the refresh token, best effort: signing out goes on whatever the answer. */
  revokeRefreshToken: (refreshToken: string) => Promise<void>;
};

async function loadUserManager(config: AuthProviderConfig, origin: string): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
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

export function createUserManager(config: AuthProviderConfig, origin: string): ProviderSession {
  let loaded: Promise<UserManager> | undefined;
  const users = () => (loaded ??= loadUserManager(config, origin));
  return {
    getUser: () => Promise.resolve(readStoredUser()),
    signinRedirect: async (...args) => (await users()).signinRedirect(...args),
    signinRedirectCallback: async (...args) => (await users()).signinRedirectCallback(...args),
    signinSilent: async (...args) => (await users()).signinSilent(...args),
    signoutRedirect: async (...args) => (await users()).signoutRedirect(...args),
    signoutCallback: async (...args) => (await users()).signoutCallback(...args),
    removeUser: async () => {
      await tokenStore.remove(STORAGE_KEYS.token);
    },
    async revokeRefreshToken(refreshToken) {
      const endpoint = await (await users()).metadataService.getRevocationEndpoint(false);
      if (!endpoint) return;
      await fetch(endpoint, {
        // The sign-out waits this long at most (session-controller); the request itself ends then too.
        signal: AbortSignal.timeout(SIGN_OUT_REVOCATION_WAIT_MS),
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: config.clientId }),
      });
    },
  };
}
