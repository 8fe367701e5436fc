/**
 * Issue 18: users are deactivated, never deleted (tickets name them), by company administrators only, never by
 * themselves; an invitation says how the user signs in (a development password only beside the development
 * identity provider, answered once and never stored in clear).
 */
import { BILLING_MESSAGES, FEATURE_FLAGS, InvitedUser, ManagedUser, OFFICES_TOPICS } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';
import { userRecords } from './users.store';

let seq = 0;
const nextEmail = () => {
  seq += 1;
  return `status-${seq}@demo.test`;
};

describe('deactivating and reactivating users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  async function invite(body: Record<string, unknown> = {}): Promise<InvitedUser> {
    const response = await h.call('POST', '/api/management/users', {
      token: await h.tokenFor('admin'),
      body: { email: nextEmail(), name: 'Status Person', roles: ['staff'], allowedOfficeIds: ['office-demo-1'], ...body },
    });
    expect(response.statusCode).toBe(201);
    return InvitedUser.parse(response.json());
  }

  it('an admin deactivates a user (user.updated says so) and reactivates them; the list shows it', async () => {
    const events = await h.collect(OFFICES_TOPICS.user);
    const user = await invite();
    expect(user).toMatchObject({ active: true });
    const token = await h.tokenFor('admin');
    const off = await h.call('PATCH', `/api/management/users/${user.id}`, { token, body: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(ManagedUser.parse(off.json())).toMatchObject({ id: user.id, active: false });
    expect((await events.waitFor('user.updated', user.id)).payload).toMatchObject({ active: false });
    const listed = await h.call('GET', `/api/management/users?search=${encodeURIComponent(user.email)}`, { token: await h.tokenFor('agent') });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: user.id, active: false }] });
    const on = await h.call('PATCH', `/api/management/users/${user.id}`, { token, body: { active: true } });
    expect(on.json()).toMatchObject({ active: true });
  });

  it('seeded users (stored before deactivation existed) read as active', async () => {
    const response = await h.call('GET', '/api/management/users/user-staff', { token: await h.tokenFor('agent') });
    expect(response.json()).toMatchObject({ active: true });
  });

  it('nobody deactivates themselves; an admin not a super administrator; agents and office users nobody (403, nothing changed)', async () => {
    const cases: [role: string, userId: string][] = [
      ['admin', 'user-admin'],
      ['superadministrator', 'user-superadministrator'],
      ['admin', 'user-superadministrator'],
      ['agent', 'user-staff'],
      ['staffmanager', 'user-staff'],
      ['goduser', 'user-staff'],
    ];
    for (const [role, userId] of cases) {
      const response = await h.call('PATCH', `/api/management/users/${userId}`, { token: await h.tokenFor(role), body: { active: false } });
      expect({ role, userId, status: response.statusCode }).toEqual({ role, userId, status: 403 });
      const after = await h.call('GET', `/api/management/users/${userId}`, { token: await h.tokenFor('superadministrator') });
      expect(after.json()).toMatchObject({ active: true });
    }
  });

  it('400 for an active flag that is not a boolean; users have no delete route', async () => {
    const token = await h.tokenFor('admin');
    const bad = await h.call('PATCH', '/api/management/users/user-staff', { token, body: { active: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: [{ path: 'active' }] });
    expect((await h.call('DELETE', '/api/management/users/user-staff', { token })).statusCode).toBe(404);
  });

  it('a deactivated user frees their place in a freemium office; reactivating takes it again (409 when full)', async () => {
    const superToken = await h.tokenFor('superadministrator');
    const setLimit = (value: number) =>
      h.call('PUT', `/api/management/features/${FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.name}`, { token: superToken, body: { value, isActive: true } });
    const page = await h.call('GET', '/api/management/users?pageSize=100', { token: superToken });
    const present = page.json<{ items: ManagedUser[] }>().items.filter((user) => user.allowedOfficeIds.includes('office-demo-2') && user.active !== false).length;
    await setLimit(present + 1);
    const first = await invite({ allowedOfficeIds: ['office-demo-2'] });
    expect((await h.call('POST', '/api/management/users', { token: superToken, body: { email: nextEmail(), name: 'Too Many', roles: ['staff'], allowedOfficeIds: ['office-demo-2'] } })).statusCode).toBe(409);
    await h.call('PATCH', `/api/management/users/${first.id}`, { token: superToken, body: { active: false } });
    const second = await invite({ allowedOfficeIds: ['office-demo-2'] });
    const back = await h.call('PATCH', `/api/management/users/${first.id}`, { token: superToken, body: { active: true } });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ message: BILLING_MESSAGES.freemiumUsersFull });
    await h.call('PATCH', `/api/management/users/${second.id}`, { token: superToken, body: { active: false } });
    expect((await h.call('PATCH', `/api/management/users/${first.id}`, { token: superToken, body: { active: true } })).statusCode).toBe(200);
    await setLimit(-1);
  });

  it('without the development identity provider an invitation says the user signs in with the identity provider', async () => {
    const user = await invite();
    expect(user.signIn).toEqual({ kind: 'identityProvider' });
    const stored = await userRecords(h.store).findById(user.id);
    expect(stored?.devPassword).toBeUndefined();
  });
});

describe('invitations beside the development identity provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ devIdpAccounts: true });
  });
  afterAll(() => h.close());

  it('answer a development password once; only its hash is stored; reads and events never carry it', async () => {
    const events = await h.collect(OFFICES_TOPICS.user);
    const response = await h.call('POST', '/api/management/users', {
      token: await h.tokenFor('admin'),
      body: { email: nextEmail(), name: 'Dev Password', roles: ['staff'], allowedOfficeIds: ['office-demo-1'] },
    });
    expect(response.statusCode).toBe(201);
    const user = InvitedUser.parse(response.json());
    if (user.signIn.kind !== 'developmentPassword') throw new Error('expected a development password');
    const { password } = user.signIn;
    expect(password).toMatch(/^[\w-]{24}$/);
    const stored = await userRecords(h.store).findById(user.id);
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(stored?.devPassword).toEqual({ salt: expect.any(String), hash: expect.any(String) });
    const read = await h.call('GET', `/api/management/users/${user.id}`, { token: await h.tokenFor('admin') });
    expect(read.body).not.toContain(password);
    expect(read.body).not.toContain('devPassword');
    const event = await events.waitFor('user.created', user.id);
    expect(JSON.stringify(event)).not.toContain(password);
    expect(JSON.stringify(event)).not.toContain(stored?.devPassword?.hash);
  });
});
