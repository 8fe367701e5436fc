import { MESSAGES, ManagedGroup, ManagedOffice, OFFICES_TOPICS, pageOf } from '@dv/contracts';
import { GROUP_NOT_FOUND } from './groups.service';
import { createHarness, type Harness } from '../testing/harness';

describe('management API: groups', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const newOffice = async (name: string): Promise<ManagedOffice> => {
    const response = await h.call('POST', '/api/management/offices', { token: await h.tokenFor('admin'), body: { name } });
    expect(response.statusCode).toBe(201);
    return ManagedOffice.parse(response.json());
  };

  it('company users of /management list the groups of their organization with their offices', async () => {
    for (const role of ['agent', 'admin']) {
      const response = await h.call('GET', '/api/management/groups', { token: await h.tokenFor(role) });
      expect(response.statusCode).toBe(200);
      expect(pageOf(ManagedGroup).parse(response.json())).toEqual({
        items: [{ id: 'group-demo', orgId: 'org-demo', name: 'Bright Smiles Dental Group', officeIds: ['office-demo-1', 'office-demo-2'] }],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    }
    for (const role of ['groupmanager', 'staff', 'goduser']) {
      expect((await h.call('GET', '/api/management/groups', { token: await h.tokenFor(role) })).statusCode).toBe(403);
    }
    const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
    expect((await h.call('GET', '/api/management/groups', { token: acmeAdmin })).json()).toMatchObject({ total: 0, items: [] });
    expect((await h.call('GET', '/api/management/groups/group-demo', { token: acmeAdmin })).statusCode).toBe(404);
  });

  it('create, rename, add and remove an office; every change is published', async () => {
    const token = await h.tokenFor('admin');
    const groupEvents = await h.collect(OFFICES_TOPICS.group);
    const officeEvents = await h.collect(OFFICES_TOPICS.office);
    const office = await newOffice('North Office');

    const created = await h.call('POST', '/api/management/groups', { token, body: { name: 'North', officeIds: [office.id] } });
    expect(created.statusCode).toBe(201);
    const group = ManagedGroup.parse(created.json());
    expect(group).toMatchObject({ orgId: 'org-demo', name: 'North', officeIds: [office.id] });
    expect((await groupEvents.waitFor('group.created', group.id)).payload).toEqual(group);
    expect((await groupEvents.waitFor('group.office-added', group.id)).payload).toEqual({ groupId: group.id, orgId: 'org-demo', officeId: office.id });
    expect((await officeEvents.waitFor('office.updated', office.id)).payload).toMatchObject({ groupId: group.id });

    const renamed = await h.call('PATCH', `/api/management/groups/${group.id}`, { token, body: { name: 'North Region' } });
    expect(renamed.json()).toMatchObject({ name: 'North Region', officeIds: [office.id] });
    expect((await groupEvents.waitFor('group.updated', group.id)).payload).toMatchObject({ name: 'North Region' });

    const removed = await h.call('DELETE', `/api/management/groups/${group.id}/offices/${office.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ officeIds: [] });
    expect((await groupEvents.waitFor('group.office-removed', group.id)).payload).toMatchObject({ officeId: office.id });
    expect((await h.call('DELETE', `/api/management/groups/${group.id}/offices/${office.id}`, { token })).statusCode).toBe(404);

    const added = await h.call('POST', `/api/management/groups/${group.id}/offices`, { token, body: { officeId: office.id } });
    expect(added.json()).toMatchObject({ officeIds: [office.id] });
    // Adding again is idempotent.
    const again = await h.call('POST', `/api/management/groups/${group.id}/offices`, { token, body: { officeId: office.id } });
    expect(again.statusCode).toBe(200);
    expect((await h.call('GET', `/api/management/offices/${office.id}`, { token })).json()).toMatchObject({ groupId: group.id });
  });

  it("answers a missing group or office with messages of its own, never the SPA's sign-out 'Dental Office not found'", async () => {
    const token = await h.tokenFor('admin');
    const office = await newOffice('Lonely Office');
    const missing = [
      ['GET', '/api/management/groups/group-nope', undefined, GROUP_NOT_FOUND],
      ['PATCH', '/api/management/groups/group-nope', { name: 'Nobody' }, GROUP_NOT_FOUND],
      ['POST', '/api/management/groups/group-nope/offices', { officeId: office.id }, GROUP_NOT_FOUND],
      ['DELETE', `/api/management/groups/group-nope/offices/${office.id}`, undefined, GROUP_NOT_FOUND],
      ['DELETE', `/api/management/groups/group-demo/offices/${office.id}`, undefined, 'The office is not in this group'],
      ['DELETE', '/api/management/groups/group-demo/offices/office-nope', undefined, 'The office is not in this group'],
    ] as const;
    for (const [method, url, body, message] of missing) {
      const response = await h.call(method, url, { token, body });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message });
      expect(response.json().message).not.toBe(MESSAGES.DENTAL_OFFICE_NOT_FOUND);
    }
  });

  it('an office in another group is a conflict; names are unique per organization', async () => {
    const token = await h.tokenFor('superadministrator');
    const busy = await h.call('POST', '/api/management/groups/group-demo/offices', { token, body: { officeId: 'office-demo-1' } });
    expect(busy.statusCode).toBe(200);
    const other = ManagedGroup.parse((await h.call('POST', '/api/management/groups', { token, body: { name: 'South' } })).json());
    const conflict = await h.call('POST', `/api/management/groups/${other.id}/offices`, { token, body: { officeId: 'office-demo-1' } });
    expect(conflict.statusCode).toBe(409);
    const duplicate = await h.call('POST', '/api/management/groups', { token, body: { name: ' south ' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ details: [{ path: 'name' }] });
    const rename = await h.call('PATCH', `/api/management/groups/${other.id}`, { token, body: { name: 'Bright Smiles Dental Group' } });
    expect(rename.statusCode).toBe(409);
  });

  it("validation (400) and ownership: another organization's office cannot join", async () => {
    const token = await h.tokenFor('admin');
    expect((await h.call('POST', '/api/management/groups', { token, body: { name: '' } })).json()).toMatchObject({
      statusCode: 400,
      details: [{ path: 'name' }],
    });
    expect((await h.call('POST', '/api/management/groups/group-demo/offices', { token, body: {} })).json()).toMatchObject({
      statusCode: 400,
      details: [{ path: 'officeId' }],
    });
    const foreign = await h.call('POST', '/api/management/groups/group-demo/offices', { token, body: { officeId: 'office-acme-1' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ details: [{ path: 'officeId', message: 'No such office in your organization' }] });
    const foreignCreate = await h.call('POST', '/api/management/groups', { token, body: { name: 'Foreign', officeIds: ['office-acme-1'] } });
    expect(foreignCreate.json()).toMatchObject({ statusCode: 400, details: [{ path: 'officeIds.0' }] });
    expect((await h.call('GET', '/api/management/groups?search=foreign', { token })).json()).toMatchObject({ total: 0 });
  });

  it('agents read but do not write (403); the goduser does neither', async () => {
    for (const role of ['agent', 'goduser']) {
      const token = await h.tokenFor(role);
      expect((await h.call('GET', '/api/management/groups/group-demo', { token })).statusCode).toBe(role === 'agent' ? 200 : 403);
      expect((await h.call('POST', '/api/management/groups', { token, body: { name: 'Nope' } })).statusCode).toBe(403);
      expect((await h.call('PATCH', '/api/management/groups/group-demo', { token, body: { name: 'Nope' } })).statusCode).toBe(403);
      expect((await h.call('DELETE', '/api/management/groups/group-demo/offices/office-demo-2', { token })).statusCode).toBe(403);
    }
  });
});
