/**
 * Issue 18: company administrators deactivate an office (and reactivate it). It keeps its records (tickets name
 * it) and stays in the management lists, marked; its users no longer get it in the office switcher's list.
 */
import { ManagedOffice, OFFICES_TOPICS } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';

describe('deactivating an office', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const userOffices = async (role: string) =>
    (await h.call('GET', '/api/dentaloffice/user/all', { token: await h.tokenFor(role) })).json<{ id: string }[]>().map((office) => office.id);

  it('an admin deactivates and reactivates; office.updated says so; the switcher’s list leaves it out meanwhile', async () => {
    const events = await h.collect(OFFICES_TOPICS.office);
    const token = await h.tokenFor('admin');
    expect(await userOffices('staffmanager')).toEqual(['office-demo-1', 'office-demo-2']);
    const off = await h.call('PATCH', '/api/management/offices/office-demo-2', { token, body: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(ManagedOffice.parse(off.json())).toMatchObject({ id: 'office-demo-2', active: false });
    expect((await events.waitFor('office.updated', 'office-demo-2')).payload).toMatchObject({ active: false });
    expect(await userOffices('staffmanager')).toEqual(['office-demo-1']);
    expect(await userOffices('admin')).toEqual(['office-demo-1']);
    const listed = await h.call('GET', '/api/management/offices?search=oak', { token: await h.tokenFor('agent') });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: 'office-demo-2', active: false }] });
    const on = await h.call('PATCH', '/api/management/offices/office-demo-2', { token, body: { active: true } });
    expect(on.json()).toMatchObject({ active: true });
    expect(await userOffices('staffmanager')).toEqual(['office-demo-1', 'office-demo-2']);
  });

  it('seeded offices read as active; a created one is active', async () => {
    const token = await h.tokenFor('admin');
    expect((await h.call('GET', '/api/management/offices/office-demo-1', { token })).json()).toMatchObject({ active: true });
    const created = await h.call('POST', '/api/management/offices', { token, body: { name: 'Status Office' } });
    expect(created.json()).toMatchObject({ active: true });
  });

  it('only company administrators: agents and office managers 403, another organization 404, a non-boolean 400', async () => {
    for (const role of ['agent', 'staffmanager', 'goduser']) {
      const response = await h.call('PATCH', '/api/management/offices/office-demo-1', { token: await h.tokenFor(role), body: { active: false } });
      expect({ role, status: response.statusCode }).toEqual({ role, status: 403 });
    }
    const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
    expect((await h.call('PATCH', '/api/management/offices/office-demo-1', { token: acmeAdmin, body: { active: false } })).statusCode).toBe(404);
    const bad = await h.call('PATCH', '/api/management/offices/office-demo-1', { token: await h.tokenFor('admin'), body: { active: 'false' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: [{ path: 'active' }] });
    expect((await h.call('GET', '/api/management/offices/office-demo-1', { token: await h.tokenFor('admin') })).json()).toMatchObject({ active: true });
  });
});
