/** A session controller for component tests: a fixed signed-in (or signed-out) state, calls recorded. */
import { type SessionClaims, SessionClaims as SessionClaimsSchema, type SessionClaimsInput } from '@dv/contracts';
import { type SessionController, type SessionState } from '../auth/session-controller';

export type FakeSession = SessionController & { calls: { signIn: (string | undefined)[]; signOut: unknown[] } };

export function claims(input: SessionClaimsInput): SessionClaims {
  return SessionClaimsSchema.parse(input);
}

export function fakeSession(input: SessionClaimsInput | null, expiresInMs = 3_600_000): FakeSession {
  const listeners = new Set<() => void>();
  let state: SessionState = input
    ? { status: 'signedIn', accessToken: 'token', expiresAt: Date.now() + expiresInMs, claims: claims(input), canRefresh: true }
    : { status: 'signedOut' };
  const calls: FakeSession['calls'] = { signIn: [], signOut: [] };
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    calls,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accessToken: () => (state.status === 'signedIn' ? state.accessToken : null),
    load: () => Promise.resolve(),
    signIn: (returnTo) => {
      calls.signIn.push(returnTo);
      return Promise.resolve();
    },
    completeSignIn: () => Promise.resolve(undefined),
    refresh: () => Promise.resolve(),
    adoptFromOtherTab: () => Promise.resolve(true),
    signOut: (options) => {
      calls.signOut.push(options);
      set({ status: 'signedOut' });
      return Promise.resolve({ redirected: false, next: '/login' });
    },
    completeSignOut: () => Promise.resolve(undefined),
    forget: () => set({ status: 'signedOut' }),
    clearAll: () => Promise.resolve(),
    onTabMessage: () => () => undefined,
    dispose: () => undefined,
  };
}

const OFFICE_1 = 'office-demo-1';
const OFFICE_2 = 'office-demo-2';
const office1Claims = {
  officeId: OFFICE_1,
  paymentType: 'auto',
  planType: 'standard',
  integration: { subdomain: 'bright-smiles-main' },
} as const;

/** The seeded users' session claims (services/dev-idp/src/users.ts), one per role. */
export const ROLE_CLAIMS: Record<string, SessionClaimsInput> = {
  superadministrator: { email: 'superadministrator@demo.test', org: 'org-demo', roles: ['superadministrator'] },
  admin: { email: 'admin@demo.test', org: 'org-demo', roles: ['admin'] },
  agent: { email: 'agent@demo.test', org: 'org-demo', roles: ['agent'] },
  staffmanager: {
    email: 'staffmanager@demo.test',
    org: 'org-demo',
    roles: { [OFFICE_1]: ['staffmanager'], [OFFICE_2]: ['staff'] },
    allowedOfficeIds: [OFFICE_1, OFFICE_2],
    ...office1Claims,
  },
  staff: { email: 'staff@demo.test', org: 'org-demo', roles: ['staff'], allowedOfficeIds: [OFFICE_1], ...office1Claims },
  groupmanager: {
    email: 'groupmanager@demo.test',
    org: 'org-demo',
    roles: ['groupmanager'],
    allowedOfficeIds: [OFFICE_1, OFFICE_2],
    ...office1Claims,
  },
  groupmember: {
    email: 'groupmember@demo.test',
    org: 'org-demo',
    roles: ['groupmember'],
    allowedOfficeIds: [OFFICE_1, OFFICE_2],
    ...office1Claims,
  },
  doregistration: { email: 'doregistration@demo.test', org: 'org-demo', roles: ['doregistration'] },
  goduser: { email: 'goduser@demo.test', org: 'org-demo', roles: ['goduser'] },
};
