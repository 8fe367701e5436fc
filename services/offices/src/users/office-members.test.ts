/**
 * /api/management/offices/{id}/users (issue 18): an office's users and their roles there. Company admins add an
 * existing user, change their roles at the office and remove them; readers list them, paged and searched; office
 * users and the goduser are refused (route-roles.test.ts tries every role on every call).
 */
import { BILLING_MESSAGES, FEATURE_FLAGS, InvitedUser, ManagedUser, OFFICES_TOPICS, OfficeMember, pageOf } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';
import { rolesWith } from './office-members.service';

const MemberPage = pageOf(OfficeMember);
let seq = 0;

describe('rolesWith', () => {
  it('keeps a list for a user of one office, keys by office when they have others, sets the key otherwise', () => {
    expect(rolesWith(['staff'], ['o1'], 'o1', ['staffmanager'])).toEqual(['staffmanager']);
    expect(rolesWith(['staff'], [], 'o1', ['staff'])).toEqual(['staff']);
    expect(rolesWith(['groupmanager'], ['o1', 'o2'], 'o1', ['staff'])).toEqual({ o2: ['groupmanager'], o1: ['staff'] });
    expect(rolesWith(['staff'], ['o2'], 'o1', ['staffmanager'])).toEqual({ o2: ['staff'], o1: ['staffmanager'] });
    expect(rolesWith({ o1: ['staff'], o2: ['staff'] }, ['o1', 'o2'], 'o2', ['staffmanager'])).toEqual({ o1: ['staff'], o2: ['staffmanager'] });
    // A registering user given an office is no longer registering there; the role is never keyed by an office.
    expect(rolesWith(['doregistration'], ['o2'], 'o1', ['staff'])).toEqual({ o2: [], o1: ['staff'] });
  });
});

describe('management API: an office’s users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const members = async (officeId: string, query = '', role = 'agent') =>
    h.call('GET', `/api/management/offices/${officeId}/users${query}`, { token: await h.tokenFor(role) });
  const put = async (officeId: string, userId: string, body: unknown, role = 'admin') =>
    h.call('PUT', `/api/management/offices/${officeId}/users/${userId}`, { token: await h.tokenFor(role), body });
  const remove = async (officeId: string, userId: string, role = 'admin') =>
    h.call('DELETE', `/api/management/offices/${officeId}/users/${userId}`, { token: await h.tokenFor(role) });
  async function invite(body: Record<string, unknown> = {}): Promise<InvitedUser> {
    seq += 1;
    const response = await h.call('POST', '/api/management/users', {
      token: await h.tokenFor('superadministrator'),
      body: { email: `member-${seq}@demo.test`, name: `Member ${seq}`, roles: ['staff'], ...body },
    });
    expect(response.statusCode).toBe(201);
    return InvitedUser.parse(response.json());
  }

  it('lists the office’s users with their roles there, paged and searchable by name or e-mail', async () => {
    const page = MemberPage.parse((await members('office-demo-2', '?pageSize=100')).json());
    expect(page.items.map((member) => [member.userId, member.roles])).toEqual([
      ['user-groupmanager', ['groupmanager']],
      ['user-groupmember', ['groupmember']],
      ['user-staffmanager', ['staff']],
      ['user-oakmanager', ['staffmanager']],
    ]);
    expect(page.items[2]).toMatchObject({ email: 'staffmanager@demo.test', active: true, otherOfficeIds: ['office-demo-1'] });
    const second = MemberPage.parse((await members('office-demo-1', '?page=2&pageSize=2')).json());
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(2);
    const search = MemberPage.parse((await members('office-demo-1', '?search=TAYLOR')).json());
    expect(search.items.map((member) => member.userId)).toEqual(['user-staff']);
    const beyond = MemberPage.parse((await members('office-demo-1', '?page=9')).json());
    expect(beyond).toMatchObject({ total: 4, items: [] });
  });

  it('400 for paging out of bounds and for a search too long; 404 for an office not of the organization', async () => {
    for (const query of ['?page=0', '?pageSize=0', '?pageSize=101', '?page=x', `?search=${'a'.repeat(101)}`]) {
      const response = await members('office-demo-1', query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await members('office-nope')).statusCode).toBe(404);
    expect((await members('office-acme-1')).statusCode).toBe(404);
  });

  it('an admin adds an existing user to an office with roles; user.updated is published; the user keeps the rest', async () => {
    const events = await h.collect(OFFICES_TOPICS.user);
    const user = await invite({ allowedOfficeIds: ['office-demo-2'] });
    const added = await put('office-demo-1', user.id, { roles: ['staffmanager'] });
    expect(added.statusCode).toBe(200);
    expect(OfficeMember.parse(added.json())).toMatchObject({ userId: user.id, roles: ['staffmanager'], otherOfficeIds: ['office-demo-2'] });
    const read = ManagedUser.parse((await h.call('GET', `/api/management/users/${user.id}`, { token: await h.tokenFor('admin') })).json());
    expect(read).toMatchObject({
      allowedOfficeIds: ['office-demo-2', 'office-demo-1'],
      roles: { 'office-demo-2': ['staff'], 'office-demo-1': ['staffmanager'] },
      officeId: 'office-demo-2',
    });
    expect((await events.waitFor('user.updated', user.id)).payload).toMatchObject({ allowedOfficeIds: ['office-demo-2', 'office-demo-1'] });
    const changed = await put('office-demo-1', user.id, { roles: ['staff', 'staffmanager'] }, 'superadministrator');
    expect(changed.json()).toMatchObject({ roles: ['staff', 'staffmanager'] });
    const removed = await remove('office-demo-2', user.id);
    expect(removed.statusCode).toBe(204);
    const after = ManagedUser.parse((await h.call('GET', `/api/management/users/${user.id}`, { token: await h.tokenFor('admin') })).json());
    expect(after).toMatchObject({ allowedOfficeIds: ['office-demo-1'], roles: { 'office-demo-1': ['staff', 'staffmanager'] }, officeId: 'office-demo-1' });
    expect((await remove('office-demo-2', user.id)).statusCode).toBe(404);
  });

  it('400 with the field and reason: no role, a role twice, a company or unknown role, a company user', async () => {
    const user = await invite();
    const cases: [unknown, string, string][] = [
      [{ roles: [] }, 'roles', 'Give at least one role'],
      [{ roles: ['staff', 'staff'] }, 'roles', 'Name each role once'],
      [{ roles: ['admin'] }, 'roles.0', ''],
      [{ roles: ['root'] }, 'roles.0', ''],
      [{}, 'roles', ''],
      [{ roles: ['staff'], extra: true }, '', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await put('office-demo-1', user.id, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      if (path !== '') expect(response.json()).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ path })]) });
      if (message !== '') expect(response.body).toContain(message);
    }
    const company = await put('office-demo-1', 'user-agent', { roles: ['staff'] });
    expect(company.statusCode).toBe(400);
    expect(company.json()).toMatchObject({ details: [{ location: 'params', path: 'userId' }] });
    expect((await put('office-demo-1', 'user-nobody', { roles: ['staff'] })).statusCode).toBe(404);
  });

  it('agents and office users read or nothing, never change; a full freemium office refuses (409)', async () => {
    const user = await invite();
    expect((await put('office-demo-1', user.id, { roles: ['staff'] }, 'agent')).statusCode).toBe(403);
    expect((await remove('office-demo-1', 'user-staff', 'agent')).statusCode).toBe(403);
    // Office users are no management writers, whatever their office.
    expect((await put('office-demo-1', user.id, { roles: ['staff'] }, 'staffmanager')).statusCode).toBe(403);
    const superToken = await h.tokenFor('superadministrator');
    const flag = `/api/management/features/${FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.name}`;
    const present = MemberPage.parse((await members('office-demo-2', '?pageSize=100')).json()).items.filter((member) => member.active).length;
    await h.call('PUT', flag, { token: superToken, body: { value: present, isActive: true } });
    const full = await put('office-demo-2', user.id, { roles: ['staff'] });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: BILLING_MESSAGES.freemiumUsersFull });
    await h.call('PUT', flag, { token: superToken, body: { value: -1, isActive: true } });
    expect((await put('office-demo-2', user.id, { roles: ['staff'] })).statusCode).toBe(200);
  });

  it('a deactivated office takes no new users (409) but its users’ roles still change; reactivated, it does', async () => {
    const admin = await h.tokenFor('admin');
    const user = await invite();
    await h.call('PATCH', '/api/management/offices/office-demo-2', { token: admin, body: { active: false } });
    try {
      const refused = await put('office-demo-2', user.id, { roles: ['staff'] });
      expect(refused.statusCode).toBe(409);
      expect((await put('office-demo-2', 'user-groupmember', { roles: ['groupmember'] })).statusCode).toBe(200);
    } finally {
      await h.call('PATCH', '/api/management/offices/office-demo-2', { token: admin, body: { active: true } });
    }
    expect((await put('office-demo-2', user.id, { roles: ['staff'] })).statusCode).toBe(200);
  });
});
