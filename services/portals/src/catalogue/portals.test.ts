/** The portals catalogue: seeded per organization, written by company admins only, walled off per organization. */
import { type Portal } from '@dv/contracts';
import { createHarness, OFFICE_A1, OFFICE_B1, USERS, type Harness } from '../testing/harness';
import { portalIdFromName } from './portals.service';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.close());

const admin = { as: USERS.adminA };
const portalsOf = async (options: Parameters<Harness['call']>[2]) => (await h.call('GET', '/api/portals', options)).json<Portal[]>();

describe('management of the catalogue', () => {
  it('an admin adds, edits and deletes a portal; the organization sees each change', async () => {
    const created = await h.call('POST', '/api/management/portals', {
      ...admin,
      body: { name: 'Careington Provider Portal', url: 'https://www.careington.com/providers', carriers: ['Careington', 'Solstice'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: 'careington-provider-portal',
      name: 'Careington Provider Portal',
      url: 'https://www.careington.com/providers',
      carriers: ['Careington', 'Solstice'],
    });
    expect((await portalsOf({ as: USERS.managerA1, office: OFFICE_A1 })).map((portal) => portal.id)).toContain('careington-provider-portal');

    const updated = await h.call('PUT', '/api/management/portals/careington-provider-portal', {
      ...admin,
      body: { name: 'Careington', url: 'https://www.careington.com', carriers: ['Careington'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: 'careington-provider-portal', name: 'Careington', carriers: ['Careington'] });

    expect((await h.call('DELETE', '/api/management/portals/careington-provider-portal', admin)).statusCode).toBe(204);
    expect((await portalsOf(admin)).map((portal) => portal.id)).not.toContain('careington-provider-portal');
    expect((await h.call('DELETE', '/api/management/portals/careington-provider-portal', admin)).statusCode).toBe(404);
  });

  it('a deleted default portal stays deleted', async () => {
    expect((await h.call('DELETE', '/api/management/portals/principal', admin)).statusCode).toBe(204);
    expect((await portalsOf(admin)).map((portal) => portal.id)).not.toContain('principal');
  });

  it('ids are unique within the organization; another organization has its own catalogue', async () => {
    const body = { id: 'regional-dental', name: 'Regional Dental', url: 'https://regional.example', carriers: [] };
    expect((await h.call('POST', '/api/management/portals', { ...admin, body })).statusCode).toBe(201);
    const again = await h.call('POST', '/api/management/portals', { ...admin, body });
    expect(again.statusCode).toBe(409);
    const other = await portalsOf({ as: USERS.adminB });
    expect(other.map((portal) => portal.id)).not.toContain('regional-dental');
    expect(other.map((portal) => portal.id)).toContain('principal');
    expect((await h.call('PUT', '/api/management/portals/regional-dental', { as: USERS.adminB, body })).statusCode).toBe(404);
    expect((await h.call('POST', '/api/management/portals', { as: USERS.adminB, body })).statusCode).toBe(201);
  });

  it('refuses to delete a portal offices still have credentials for', async () => {
    const credential = await h.call('POST', '/api/portals/cigna/credentials/', {
      as: USERS.managerA1,
      office: OFFICE_A1,
      body: { username: 'frontdesk', password: 'secret' },
    });
    expect(credential.statusCode).toBe(201);
    const refused = await h.call('DELETE', '/api/management/portals/cigna', admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('1 credential') });
    const { id } = credential.json<{ id: string }>();
    await h.call('DELETE', `/api/portals/credentials/${id}`, { as: USERS.managerA1, office: OFFICE_A1 });
  });

  it('only admins and super administrators write; others get 403', async () => {
    const body = { name: 'Nope', url: 'https://nope.example', carriers: [] };
    for (const options of [{ as: USERS.agentA }, { as: USERS.managerA1, office: OFFICE_A1 }, { as: USERS.managerB1, office: OFFICE_B1 }]) {
      expect((await h.call('POST', '/api/management/portals', { ...options, body })).statusCode).toBe(403);
      expect((await h.call('PUT', '/api/management/portals/cigna', { ...options, body })).statusCode).toBe(403);
      expect((await h.call('DELETE', '/api/management/portals/cigna', options)).statusCode).toBe(403);
    }
  });

  it('validates the entry', async () => {
    const response = await h.call('POST', '/api/management/portals', { ...admin, body: { name: '', url: 'ftp://x', carriers: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ path: 'name' })]) });
    const badId = await h.call('POST', '/api/management/portals', { ...admin, body: { id: 'Bad Id', name: 'x', url: 'https://x.example' } });
    expect(badId.statusCode).toBe(400);
  });
});

describe('portalIdFromName', () => {
  it('makes a slug', () => {
    expect(portalIdFromName('Guardian Anytime')).toBe('guardian-anytime');
    expect(portalIdFromName('  MetLife (MetDental) ')).toBe('metlife-metdental');
    expect(portalIdFromName('Über Dental')).toBe('uber-dental');
    expect(portalIdFromName('!!!')).toBe('portal');
  });
});
