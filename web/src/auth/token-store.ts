/**
 * Where oidc-client-ts keeps the signed-in user: local storage under STORAGE_KEYS.token, so every tab of the
 * origin shares one session (SPEC sections 4 and 9).
 *
 * The stored value is oidc-client-ts's own user record (JSON with access_token, refresh_token, id_token,
 * expires_at in epoch seconds, profile). Browser tests put a token from the development provider's
 * POST /dev/token here in the same shape to start a session without the sign-in page (see e2e/README.md); that
 * grants nothing a signed-in user does not already have, since every call is checked by the gateway.
 */
import { STORAGE_KEYS } from '@dv/contracts';
import { type StateStore } from 'oidc-client-ts';
import { readStored, removeStored, writeStored } from '../platform/browser-storage';

/** The user store holds one record, whatever key oidc-client-ts derives for it. */
export const tokenStore: StateStore = {
  set(_key, value) {
    writeStored('local', STORAGE_KEYS.token, value);
    return Promise.resolve();
  },
  get() {
    return Promise.resolve(readStored('local', STORAGE_KEYS.token));
  },
  remove() {
    const previous = readStored('local', STORAGE_KEYS.token);
    removeStored('local', STORAGE_KEYS.token);
    return Promise.resolve(previous);
  },
  getAllKeys() {
    return Promise.resolve(readStored('local', STORAGE_KEYS.token) === null ? [] : [STORAGE_KEYS.token]);
  },
};

/** The stored access token, before any session is loaded (the developer tools on the start-up screens show it). */
export function readStoredAccessToken(): string | null {
  try {
    const token = (JSON.parse(readStored('local', STORAGE_KEYS.token) ?? 'null') as { access_token?: unknown } | null)
      ?.access_token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}
