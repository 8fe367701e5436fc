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
import { type StoredUser } from './session-controller';

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

function readStoredRecord(): Record<string, unknown> | null {
  try {
    const record: unknown = JSON.parse(readStored('local', STORAGE_KEYS.token) ?? 'null');
    return typeof record === 'object' && record !== null ? { ...record } : null;
  } catch {
    return null;
  }
}

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The stored user record as oidc-client-ts's UserManager.getUser reads it, without loading the library: a
 * signed-in page renders from local storage alone.
 */
export function readStoredUser(): StoredUser | null {
  const record = readStoredRecord();
  const accessToken = record?.access_token;
  if (typeof accessToken !== 'string') return null;
  return {
    access_token: accessToken,
    refresh_token: stringOrUndefined(record?.refresh_token),
    id_token: stringOrUndefined(record?.id_token),
    expires_at: typeof record?.expires_at === 'number' ? record.expires_at : undefined,
  };
}

/** The stored access token, before any session is loaded (the developer tools on the start-up screens show it). */
export function readStoredAccessToken(): string | null {
  return readStoredUser()?.access_token ?? null;
}
