/**
 * /internal/dev-accounts: what the development identity provider asks about invited users. Only served beside the
 * development provider, only with the internal token; a deactivated user is refused sign-in and look-up; claims
 * leave deactivated offices out.
 */
import { DevAccount, DevAccountLookup, InvitedUser } from '@dv/contracts';
import { INTERNAL_TOKEN_HEADER } from '../internal/internal-token';
import { createHarness, TEST_INTERNAL_TOKEN, type Harness } from '../testing/harness';

const internal = { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN };

describe('the development identity provider’s account look-up', () => {
  let h: Harness;
  let invited: InvitedUser;
  let password: string;
  beforeAll(async () => {
    h = await createHarness({ devIdpAccounts: true });
    const response = await h.call('POST', '/api/management/users', {
      token: await h.tokenFor('admin'),
      body: {
        email: 'Dana.Dev@Demo.test',
        name: 'Dana Dev',
        roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
        allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
      },
    });
    invited = InvitedUser.parse(response.json());
    if (invited.signIn.kind !== 'developmentPassword') throw new Error('expected a development password');
    password = invited.signIn.password;
  });
  afterAll(() => h.close());

  const signIn = (email: string, secret: string, headers: Record<string, string> = internal) =>
    h.call('POST', '/internal/dev-accounts/sign-in', { headers, body: { email, password: secret } });

  it('signs an invited user in with the password made at invitation (e-mail case and spaces ignored)', async () => {
    const response = await signIn(' dana.dev@demo.TEST ', password);
    expect(response.statusCode).toBe(200);
    expect(DevAccount.parse(response.json())).toEqual({
      user: {
        id: invited.id,
        email: 'Dana.Dev@Demo.test',
        name: 'Dana Dev',
        orgId: 'org-demo',
        roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
        allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
        officeId: 'office-demo-1',
        groupIds: [],
        editGlobalCustomization: false,
        editGlobalCarriers: false,
        appMetadata: { orgId: 'org-demo', groupIds: [] },
      },
      office: {
        id: 'office-demo-1',
        orgId: 'org-demo',
        groupId: 'group-demo',
        name: 'Bright Smiles Dental – Main St',
        paymentType: 'auto',
        planType: 'standard',
        integration: { subdomain: 'bright-smiles-main' },
      },
    });
  });

  it('401 for a wrong password, an unknown e-mail, a seeded user (no development password) or no internal token', async () => {
    for (const [email, secret] of [
      ['dana.dev@demo.test', `${password}x`],
      ['dana.dev@demo.test', ''],
      ['nobody@demo.test', password],
      ['staff@demo.test', 'demo'],
    ] as const) {
      const response = await signIn(email, secret);
      expect({ email, status: response.statusCode }).toEqual({ email, status: 401 });
      expect(response.body).not.toContain('org-demo');
    }
    for (const headers of [{}, { [INTERNAL_TOKEN_HEADER]: 'wrong-token-wrong-token' }] as Record<string, string>[]) {
      expect((await signIn('dana.dev@demo.test', password, headers)).statusCode).toBe(401);
      expect((await h.call('GET', `/internal/dev-accounts/${invited.id}`, { headers })).statusCode).toBe(401);
    }
    const bearer = await h.call('GET', `/internal/dev-accounts/${invited.id}`, { token: await h.tokenFor('superadministrator') });
    expect(bearer.statusCode).toBe(401);
  });

  it('400 with the field for a malformed request', async () => {
    const response = await h.call('POST', '/internal/dev-accounts/sign-in', { headers: internal, body: { email: 'x@demo.test', password: 'p'.repeat(201) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ path: 'password' }] });
  });

  it('looks an account up by id: active with its claims, 404 when unknown (seeded users too are found)', async () => {
    const found = DevAccountLookup.parse((await h.call('GET', `/internal/dev-accounts/${invited.id}`, { headers: internal })).json());
    expect(found).toMatchObject({ status: 'active', account: { user: { id: invited.id } } });
    const seeded = DevAccountLookup.parse((await h.call('GET', '/internal/dev-accounts/user-staff', { headers: internal })).json());
    expect(seeded).toMatchObject({ status: 'active', account: { user: { id: 'user-staff', allowedOfficeIds: ['office-demo-1'] } } });
    expect((await h.call('GET', '/internal/dev-accounts/user-nobody', { headers: internal })).statusCode).toBe(404);
  });

  it('leaves a deactivated office out of the claims: the session starts in the next one', async () => {
    const admin = await h.tokenFor('admin');
    await h.call('PATCH', '/api/management/offices/office-demo-1', { token: admin, body: { active: false } });
    try {
      const account = DevAccount.parse((await signIn('dana.dev@demo.test', password)).json());
      expect(account.user).toMatchObject({ allowedOfficeIds: ['office-demo-2'], officeId: 'office-demo-2', roles: { 'office-demo-2': ['staff'] } });
      expect(account.office).toMatchObject({ id: 'office-demo-2', planType: 'freemium', integration: null });
    } finally {
      await h.call('PATCH', '/api/management/offices/office-demo-1', { token: admin, body: { active: true } });
    }
  });

  it('refuses a deactivated user: no sign-in (401), the look-up says deactivated; reactivated, both work again', async () => {
    const admin = await h.tokenFor('admin');
    await h.call('PATCH', `/api/management/users/${invited.id}`, { token: admin, body: { active: false } });
    expect((await signIn('dana.dev@demo.test', password)).statusCode).toBe(401);
    expect((await h.call('GET', `/internal/dev-accounts/${invited.id}`, { headers: internal })).json()).toEqual({ status: 'deactivated' });
    await h.call('PATCH', `/api/management/users/${invited.id}`, { token: admin, body: { active: true } });
    expect((await signIn('dana.dev@demo.test', password)).statusCode).toBe(200);
  });
});

describe('beside a production identity provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('the look-up is not served at all, even with the internal token', async () => {
    expect(h.app.hasRoute({ method: 'POST', url: '/internal/dev-accounts/sign-in' })).toBe(false);
    expect(h.app.hasRoute({ method: 'GET', url: '/internal/dev-accounts/:id' })).toBe(false);
    // An unknown path without a bearer token: the host's authentication answers first.
    const signIn = await h.call('POST', '/internal/dev-accounts/sign-in', { headers: internal, body: { email: 'staff@demo.test', password: 'demo' } });
    expect([401, 404]).toContain(signIn.statusCode);
    expect(signIn.body).not.toContain('user-staff');
  });
});
