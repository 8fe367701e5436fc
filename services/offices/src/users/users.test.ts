import { ManagedUser, OFFICES_TOPICS, pageOf } from '@dv/contracts';
import { USERS } from '@dv/dev-idp';
import { createHarness, type Harness } from '../testing/harness';

const UserPage = pageOf(ManagedUser);

describe('management API: users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const invite = async (role: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/management/users', { token: await h.tokenFor(role), body });

  it('company users list the seeded users of their organization, paged and searchable by name or e-mail', async () => {
    const token = await h.tokenFor('agent');
    const all = UserPage.parse((await h.call('GET', '/api/management/users?pageSize=100', { token })).json());
    expect(all.total).toBe(USERS.length);
    expect(all.items.map((user) => user.id).sort()).toEqual(USERS.map((user) => user.id).sort());
    const byEmail = UserPage.parse((await h.call('GET', '/api/management/users?search=STAFFMANAGER@', { token })).json());
    expect(byEmail.items).toEqual([
      expect.objectContaining({
        id: 'user-staffmanager',
        roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
        allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
      }),
    ]);
    const byName = UserPage.parse((await h.call('GET', '/api/management/users?search=taylor', { token })).json());
    expect(byName.items.map((user) => user.email)).toEqual(['staff@demo.test']);
    const paged = UserPage.parse((await h.call('GET', '/api/management/users?page=2&pageSize=4', { token })).json());
    expect(paged.items).toHaveLength(4);
    expect((await h.call('GET', '/api/management/users', { token: await h.tokenFor('staffmanager') })).statusCode).toBe(403);
    const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
    expect((await h.call('GET', '/api/management/users', { token: acmeAdmin })).json()).toMatchObject({ total: 0 });
    expect((await h.call('GET', '/api/management/users/user-staff', { token: acmeAdmin })).statusCode).toBe(404);
  });

  it('admins invite a user (201) with roles keyed by office; user.created is published', async () => {
    const events = await h.collect(OFFICES_TOPICS.user);
    const response = await invite('admin', {
      email: 'New.Manager@Demo.test',
      name: 'Nina New',
      roles: { 'office-demo-2': ['staffmanager'] },
      allowedOfficeIds: ['office-demo-2'],
      groupIds: ['group-demo'],
    });
    expect(response.statusCode).toBe(201);
    const user = ManagedUser.parse(response.json());
    expect(user).toMatchObject({
      email: 'New.Manager@Demo.test',
      orgId: 'org-demo',
      officeId: 'office-demo-2',
      roles: { 'office-demo-2': ['staffmanager'] },
      editGlobalCustomization: false,
    });
    expect((await events.waitFor('user.created', user.id)).payload).toEqual(user);
    const duplicate = await invite('superadministrator', { email: 'new.manager@demo.TEST', name: 'Again', roles: ['staff'] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ details: [{ path: 'email' }] });
  });

  it('400 with field and reason: bad e-mail, unknown role, keyed roles outside allowedOfficeIds, foreign office or group', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', name: 'X', roles: ['staff'] }, 'email'],
      [{ email: 'x1@demo.test', name: '', roles: ['staff'] }, 'name'],
      [{ email: 'x2@demo.test', name: 'X', roles: ['root'] }, 'roles'],
      [{ email: 'x3@demo.test', name: 'X', roles: { 'office-demo-1': ['staff'] } }, 'roles.office-demo-1'],
      [{ email: 'x4@demo.test', name: 'X', roles: { 'office-demo-1': ['admin'] }, allowedOfficeIds: ['office-demo-1'] }, 'roles.office-demo-1'],
      [{ email: 'x5@demo.test', name: 'X', roles: ['staff'], allowedOfficeIds: ['office-acme-1'] }, 'allowedOfficeIds.0'],
      [{ email: 'x6@demo.test', name: 'X', roles: ['staff'], groupIds: ['group-nope'] }, 'groupIds.0'],
    ];
    for (const [body, path] of cases) {
      const response = await invite('admin', body);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(response.json()).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining(path) })]) });
    }
  });

  it('an admin may not grant superadministrator or goduser; agents invite nobody', async () => {
    expect((await invite('admin', { email: 'boss@demo.test', name: 'Boss', roles: ['superadministrator'] })).statusCode).toBe(403);
    expect((await invite('admin', { email: 'god@demo.test', name: 'God', roles: ['goduser'] })).statusCode).toBe(403);
    expect((await invite('agent', { email: 'a@demo.test', name: 'A', roles: ['staff'] })).statusCode).toBe(403);
    const superadmin = await invite('superadministrator', { email: 'boss@demo.test', name: 'Boss', roles: ['superadministrator'] });
    expect(superadmin.statusCode).toBe(201);
  });

  it('admins update roles and memberships; keyed roles follow allowedOfficeIds; user.updated is published', async () => {
    const token = await h.tokenFor('admin');
    const events = await h.collect(OFFICES_TOPICS.user);
    const created = ManagedUser.parse(
      (
        await invite('admin', {
          email: 'two.offices@demo.test',
          name: 'Two Offices',
          roles: { 'office-demo-1': ['staff'], 'office-demo-2': ['staffmanager'] },
          allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
        })
      ).json(),
    );
    const narrowed = await h.call('PATCH', `/api/management/users/${created.id}`, { token, body: { allowedOfficeIds: ['office-demo-2'] } });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json()).toMatchObject({
      allowedOfficeIds: ['office-demo-2'],
      officeId: 'office-demo-2',
      roles: { 'office-demo-2': ['staffmanager'] },
    });
    expect((await events.waitFor('user.updated', created.id)).payload).toMatchObject({ allowedOfficeIds: ['office-demo-2'] });

    const listed = await h.call('PATCH', `/api/management/users/${created.id}`, { token, body: { roles: ['agent'], name: 'Now Agent' } });
    expect(listed.json()).toMatchObject({ roles: ['agent'], name: 'Now Agent' });
    expect((await h.call('GET', `/api/management/users/${created.id}`, { token })).json()).toMatchObject({ roles: ['agent'] });
    expect((await h.call('PATCH', `/api/management/users/${created.id}`, { token, body: {} })).statusCode).toBe(400);
    expect((await h.call('PATCH', '/api/management/users/user-nobody', { token, body: { name: 'X' } })).statusCode).toBe(404);
  });

  it('nobody changes their own roles; an admin does not change a super administrator', async () => {
    const admin = await h.tokenFor('admin');
    const self = await h.call('PATCH', '/api/management/users/user-admin', { token: admin, body: { roles: ['superadministrator', 'admin'] } });
    expect(self.statusCode).toBe(403);
    const rename = await h.call('PATCH', '/api/management/users/user-admin', { token: admin, body: { name: 'Alex A. Admin' } });
    expect(rename.statusCode).toBe(200);
    const demote = await h.call('PATCH', '/api/management/users/user-superadministrator', { token: admin, body: { roles: ['staff'] } });
    expect(demote.statusCode).toBe(403);
    const superadmin = await h.tokenFor('superadministrator');
    const promote = await h.call('PATCH', '/api/management/users/user-agent', { token: superadmin, body: { roles: ['agent', 'admin'] } });
    expect(promote.statusCode).toBe(200);
  });
});
