/**
 * The signed-in session: loads the shared token, signs in and out through the identity provider, refreshes the
 * token with the refresh token (one tab at a time) and tells the other tabs. Framework-free; React reads it
 * through session-context.tsx.
 */
import { DEFAULT_PUBLIC_ROUTE, PATHS, type SessionClaims, SIGN_OUT_REVOCATION_WAIT_MS } from '@dv/contracts';
import { type User, type UserManager } from 'oidc-client-ts';
import { clearStored } from '../platform/browser-storage';
import { withinTime } from '../platform/within-time';
import { type TabMessage, type TabSync } from '../session/tab-sync';
import { safeReturnPath, withReturn } from './return-path';
import { decodeSessionClaims } from './session-claims';

export type SignedIn = {
  status: 'signedIn';
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  claims: SessionClaims;
  canRefresh: boolean;
};

export type SessionState =
  | { status: 'loading' }
  /** `renewalFailed`: the stored session could not be renewed at start-up and local storage was cleared. */
  | { status: 'signedOut'; ended?: 'renewalFailed' }
  | SignedIn;

/** What the session reads of the stored user record (oidc-client-ts's User has these fields). */
export type StoredUser = Pick<User, 'access_token' | 'refresh_token' | 'id_token' | 'expires_at'>;

export type UserManagerPort = Pick<
  UserManager,
  'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'signoutRedirect' | 'signoutCallback' | 'removeUser'
> & { getUser: () => Promise<StoredUser | null> };

export type LockPort = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export type SessionControllerDeps = {
  users: UserManagerPort;
  tabs: TabSync;
  origin: string;
  now?: () => number;
  /** Revokes a refresh token at the provider when the user signs out. */
  revokeRefreshToken?: (refreshToken: string) => Promise<void>;
  /** Serializes refreshes across tabs (a refresh token is spent on use). Default: the Web Locks API if any. */
  locks?: LockPort | null;
};

export type SignOutOptions = {
  sessionEnd: boolean;
  returnTo?: string;
  /**
   * End the session in this browser only and land on the default public page, without the provider's round trip
   * (which would end at its sign-in): an authentication failure on a page public for such failures (SPEC section 2).
   */
  toDefault?: boolean;
};

export type SignOutResult = { redirected: true } | { redirected: false; next: string };

export type SessionController = {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  accessToken: () => string | null;
  load: () => Promise<void>;
  signIn: (returnTo?: string) => Promise<void>;
  /** Finishes the sign-in on /handleLogin; answers the return path. */
  completeSignIn: (url: string) => Promise<string | undefined>;
  refresh: () => Promise<void>;
  /** After another tab said it refreshed: false when no valid token is stored. */
  adoptFromOtherTab: () => Promise<boolean>;
  signOut: (options: SignOutOptions) => Promise<SignOutResult>;
  /** Back from the provider's sign-out: the return path, if the sign-out carried one. */
  completeSignOut: (url: string) => Promise<string | undefined>;
  /** Another tab signed out: forget the session here without calling anyone. */
  forget: () => void;
  /** Drops the session and everything in local storage and tells the other tabs (SPEC section 8, failed silent sign-in). */
  clearAll: () => Promise<void>;
  /** Messages from the other tabs of this origin. */
  onTabMessage: (listener: (message: TabMessage) => void) => () => void;
  dispose: () => void;
};

const REFRESH_LOCK = 'verific-token-refresh';

function defaultLocks(): LockPort | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // The lock API resolves with the callback's promise flattened.
  return locks ? { request: <T,>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as unknown as Promise<T> } : null;
}

function returnToOf(state: unknown): string | undefined {
  return safeReturnPath((state as { returnTo?: unknown } | null | undefined)?.returnTo);
}

export function createSessionController(deps: SessionControllerDeps): SessionController {
  const now = deps.now ?? Date.now;
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  const listeners = new Set<() => void>();
  let state: SessionState = { status: 'loading' };
  // From the first step of a sign-out: the refresh token is being revoked, so nothing may spend it any more (a
  // click on Sign out is also a user action, which would otherwise ask for a refresh during the revocation).
  let signingOut = false;

  function set(next: SessionState) {
    state = next;
    listeners.forEach((listener) => listener());
  }

  function stateOf(user: StoredUser | null): SessionState {
    if (!user?.access_token) return { status: 'signedOut' };
    const claims = decodeSessionClaims(user.access_token);
    if (!claims) return { status: 'signedOut' };
    const expiresAt = claims.exp !== undefined ? claims.exp * 1000 : (user.expires_at ?? 0) * 1000;
    return { status: 'signedIn', accessToken: user.access_token, expiresAt, claims, canRefresh: Boolean(user.refresh_token) };
  }

  const isValid = (next: SessionState): boolean => next.status === 'signedIn' && next.expiresAt > now();

  function withLock<T>(callback: () => Promise<T>): Promise<T> {
    return locks ? locks.request(REFRESH_LOCK, callback) : callback();
  }

  async function renew(): Promise<void> {
    const user = await deps.users.signinSilent();
    const next = stateOf(user);
    if (next.status !== 'signedIn') throw new Error('The identity provider returned no session');
    set(next);
    deps.tabs.publish({ type: 'refreshed' });
  }

  async function clearAll(ended?: 'renewalFailed') {
    await deps.users.removeUser();
    clearStored('local');
    // The token in local storage was every tab's: they are signed out as well.
    deps.tabs.publish({ type: 'signedOut' });
    set(ended === undefined ? { status: 'signedOut' } : { status: 'signedOut', ended });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accessToken: () => (state.status === 'signedIn' ? state.accessToken : null),

    async load() {
      const user = await deps.users.getUser();
      const stored = stateOf(user);
      if (stored.status !== 'signedIn' || isValid(stored)) {
        set(stored);
        return;
      }
      // An expired token: renew it silently when a refresh token allows, else the user signs in again.
      if (!stored.canRefresh) {
        await deps.users.removeUser();
        set({ status: 'signedOut' });
        return;
      }
      try {
        await withLock(renew);
      } catch {
        // SPEC section 8: a failed silent sign-in clears local storage and goes to /login (session-context.tsx).
        await clearAll('renewalFailed');
      }
    },

    async signIn(returnTo) {
      const safe = safeReturnPath(returnTo);
      await deps.users.signinRedirect(safe === undefined ? {} : { state: { returnTo: safe } });
    },

    async completeSignIn(url) {
      const user = await deps.users.signinRedirectCallback(url);
      set(stateOf(user));
      deps.tabs.publish({ type: 'refreshed' });
      return returnToOf(user.state);
    },

    refresh() {
      return withLock(async () => {
        if (signingOut) return;
        const current = state.status === 'signedIn' ? state.accessToken : null;
        const stored = stateOf(await deps.users.getUser());
        // Another tab renewed while this one waited for the lock: take its token instead of spending ours again.
        if (stored.status === 'signedIn' && isValid(stored) && stored.accessToken !== current) {
          set(stored);
          return;
        }
        if (stored.status !== 'signedIn' || !stored.canRefresh) throw new Error('No refresh token');
        await renew();
      });
    },

    async adoptFromOtherTab() {
      const stored = stateOf(await deps.users.getUser());
      if (!isValid(stored)) return false;
      set(stored);
      return true;
    },

    async signOut({ sessionEnd, returnTo, toDefault = false }) {
      signingOut = true;
      const user = await deps.users.getUser();
      // Revoked first, while the page is still ours: once the state says signed out the app leaves (for the
      // provider or /login), and the browser aborts a request still under way. Bounded: a provider that does not
      // answer does not keep anyone signed in.
      if (user?.refresh_token && deps.revokeRefreshToken) {
        await withinTime(deps.revokeRefreshToken(user.refresh_token), SIGN_OUT_REVOCATION_WAIT_MS).catch((error: unknown) => {
          console.warn('Revoking the refresh token failed', error);
        });
      }
      deps.tabs.publish({ type: 'signedOut' });
      set({ status: 'signedOut' });
      const target = sessionEnd ? PATHS.sessionEnd : PATHS.login;
      const safe = safeReturnPath(returnTo);
      if (toDefault) {
        await deps.users.removeUser();
        return { redirected: false, next: DEFAULT_PUBLIC_ROUTE.path };
      }
      if (user?.id_token) {
        try {
          // The id token tells the provider which session ends, so it signs out without asking the user again.
          await deps.users.signoutRedirect({
            id_token_hint: user.id_token,
            post_logout_redirect_uri: `${deps.origin}${target}`,
            ...(safe === undefined ? {} : { state: { returnTo: safe } }),
          });
          return { redirected: true };
        } catch (error) {
          // The provider cannot be reached: end the session here at least.
          console.warn('Sign-out at the identity provider failed', error);
        }
      }
      await deps.users.removeUser();
      return { redirected: false, next: withReturn(target, safe) };
    },

    async completeSignOut(url) {
      try {
        const response = await deps.users.signoutCallback(url);
        return returnToOf(response?.userState);
      } catch {
        return undefined;
      }
    },

    forget() {
      set({ status: 'signedOut' });
    },

    clearAll: () => clearAll(),

    onTabMessage: (listener) => deps.tabs.subscribe(listener),

    dispose() {
      listeners.clear();
      deps.tabs.close();
    },
  };
}
