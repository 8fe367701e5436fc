/**
 * The provider beside an account directory (issue 18): invited users sign in with the password the directory
 * knows; a deactivated user, seeded or invited, can sign in no more, and their refresh token stops working; an
 * active account's claims are the directory's. The directory here is an in-memory one behind the port; the
 * offices service's real one is tried end to end in services/standalone (dev-accounts.int.test.ts).
 */
import { decodeJwt } from 'jose';
import { type AccountDirectory, type DirectoryAccount, type DirectoryLookup } from './account-directory';
import { createDevIdp, type DevIdp, WEB_CLIENT_ID } from './app';
import { SIGN_IN_ERROR } from './pages';
import { openSignInPage, signInWithCodeFlow, silentLogger, submitSignIn } from './testing';
import { DEMO_OFFICES, USERS } from './users';

const INVITED: DirectoryAccount = {
  user: {
    id: 'user-invited',
    email: 'invited@demo.test',
    name: 'Ivy Invited',
    orgId: 'org-demo',
    roles: ['staffmanager'],
    allowedOfficeIds: ['office-new'],
    officeId: 'office-new',
    groupIds: [],
    editGlobalCustomization: false,
    editGlobalCarriers: false,
    appMetadata: { orgId: 'org-demo', groupIds: [] },
  },
  office: { id: 'office-new', orgId: 'org-demo', groupId: null, name: 'New Office', paymentType: 'manual', planType: 'freemium', integration: null },
};
const INVITED_PASSWORD = 'made-at-invitation-0123';

/** A directory in memory: the invited account, and who is deactivated. */
function memoryDirectory() {
  const deactivated = new Set<string>();
  const accounts = new Map<string, DirectoryAccount>([[INVITED.user.id, INVITED]]);
  const staff = USERS.find((user) => user.id === 'user-staff');
  if (staff) accounts.set(staff.id, { user: { ...staff, name: 'Taylor Renamed' }, office: DEMO_OFFICES[0] ?? null });
  const directory: AccountDirectory = {
    signIn(email, password) {
      const found = email.trim().toLowerCase() === INVITED.user.email && password === INVITED_PASSWORD && !deactivated.has(INVITED.user.id);
      return Promise.resolve(found ? INVITED : null);
    },
    lookup(id): Promise<DirectoryLookup> {
      const account = accounts.get(id);
      if (!account) return Promise.resolve({ status: 'unknown' });
      return Promise.resolve(deactivated.has(id) ? { status: 'deactivated' } : { status: 'active', account });
    },
  };
  return { directory, deactivated };
}

async function refresh(url: string, refreshToken: string): Promise<Response> {
  return fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: WEB_CLIENT_ID, refresh_token: refreshToken }).toString(),
  });
}

describe('the provider beside an account directory', () => {
  let idp: DevIdp;
  let url: string;
  const memory = memoryDirectory();
  beforeAll(async () => {
    idp = createDevIdp({ logger: silentLogger });
    ({ url } = await idp.start());
    // Connected after start, as the standalone does once the offices service listens.
    idp.useAccountDirectory(memory.directory);
  });
  afterAll(() => idp.close());
  beforeEach(() => memory.deactivated.clear());

  it('signs an invited user in with their password; the tokens carry the directory’s claims', async () => {
    const tokens = await signInWithCodeFlow({ baseUrl: url, email: ' Invited@Demo.test ', password: INVITED_PASSWORD });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: 'user-invited',
      org: 'org-demo',
      roles: ['staffmanager'],
      allowedOfficeIds: ['office-new'],
      officeId: 'office-new',
      paymentType: 'manual',
      planType: 'freemium',
    });
    expect(decodeJwt(tokens.id_token ?? '')).toMatchObject({ sub: 'user-invited', name: 'Ivy Invited' });
  });

  it('a seeded user the directory knows gets its claims; one it does not know keeps the seeded ones', async () => {
    const staff = await signInWithCodeFlow({ baseUrl: url, email: 'staff@demo.test', password: 'demo' });
    expect(decodeJwt(staff.id_token ?? '')).toMatchObject({ sub: 'user-staff', name: 'Taylor Renamed' });
    const admin = await signInWithCodeFlow({ baseUrl: url, email: 'admin@demo.test', password: 'demo' });
    expect(decodeJwt(admin.access_token)).toMatchObject({ sub: 'user-admin', roles: ['admin'] });
  });

  it('refuses a wrong password and a deactivated user (seeded or invited) on the sign-in page', async () => {
    for (const [email, password] of [
      ['invited@demo.test', 'wrong'],
      ['invited@demo.test', ''],
    ] as const) {
      const page = await openSignInPage({ baseUrl: url });
      const answer = await submitSignIn(url, page, email, password);
      expect({ email, status: answer.status }).toEqual({ email, status: 401 });
    }
    memory.deactivated.add('user-invited');
    memory.deactivated.add('user-staff');
    for (const [email, password] of [
      ['invited@demo.test', INVITED_PASSWORD],
      ['staff@demo.test', 'demo'],
    ] as const) {
      const page = await openSignInPage({ baseUrl: url });
      const answer = await submitSignIn(url, page, email, password);
      expect({ email, status: answer.status }).toEqual({ email, status: 401 });
      expect(await answer.text()).toContain(SIGN_IN_ERROR);
    }
  });

  it('a deactivated user’s refresh token stops working (invalid_grant); reactivated, they sign in again', async () => {
    const tokens = await signInWithCodeFlow({ baseUrl: url, email: 'invited@demo.test', password: INVITED_PASSWORD });
    const renewed = await refresh(url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const { refresh_token: next } = (await renewed.json()) as { refresh_token: string };
    memory.deactivated.add('user-invited');
    const refused = await refresh(url, next);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    memory.deactivated.delete('user-invited');
    await expect(signInWithCodeFlow({ baseUrl: url, email: 'invited@demo.test', password: INVITED_PASSWORD })).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  });
});

describe('the provider without a directory', () => {
  it('knows the seeded users only', async () => {
    const idp = createDevIdp({ logger: silentLogger });
    const { url } = await idp.start();
    try {
      const page = await openSignInPage({ baseUrl: url });
      expect((await submitSignIn(url, page, 'invited@demo.test', INVITED_PASSWORD)).status).toBe(401);
      await expect(signInWithCodeFlow({ baseUrl: url, email: 'staff@demo.test', password: 'demo' })).resolves.toMatchObject({ access_token: expect.any(String) });
    } finally {
      await idp.close();
    }
  });
});
