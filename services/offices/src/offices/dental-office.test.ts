import { MESSAGES, UserOfficeSettingsReply } from '@dv/contracts';
import { OFFICE_HEADER } from '@dv/kit';
import { createHarness, type Harness } from '../testing/harness';

const NOT_FOUND_BODY = {
  statusCode: 404,
  error: MESSAGES.NOT_FOUND_ERROR,
  message: MESSAGES.DENTAL_OFFICE_NOT_FOUND,
  requestId: expect.any(String),
};

describe('dental office calls of the SPA', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const officesOf = async (token: string, headers: Record<string, string> = {}) => {
    const response = await h.call('GET', '/api/dentaloffice/user/all', { token, headers });
    expect(response.statusCode).toBe(200);
    const settings = UserOfficeSettingsReply.parse(response.json());
    return settings.map((office) => office.id);
  };

  describe('GET /api/dentaloffice/user/all', () => {
    it("answers the settings of the user's offices, per the contract", async () => {
      const response = await h.call('GET', '/api/dentaloffice/user/all', { token: await h.tokenFor('staff') });
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json()).toEqual([
        {
          id: 'office-demo-1',
          name: 'Bright Smiles Dental – Main St',
          scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'bright-smiles-main' } },
          outsource: { outsourceEnabled: true },
          paymentType: 'auto',
          ableToFullfillForm: false,
        },
      ]);
    });

    it('office users get their allowed offices; registering users none', async () => {
      expect(await officesOf(await h.tokenFor('staffmanager'))).toEqual(['office-demo-1', 'office-demo-2']);
      expect(await officesOf(await h.tokenFor('groupmember'))).toEqual(['office-demo-1', 'office-demo-2']);
      expect(await officesOf(await h.tokenFor('doregistration'))).toEqual([]);
    });

    it('company users get every office of their organization, never another organization’s', async () => {
      for (const role of ['admin', 'agent', 'superadministrator', 'goduser']) {
        expect(await officesOf(await h.tokenFor(role))).toEqual(['office-demo-1', 'office-demo-2']);
      }
      const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
      expect(await officesOf(acmeAdmin)).toEqual(['office-acme-1']);
    });

    it("a token naming another organization's office in allowedOfficeIds still gets only its own organization's", async () => {
      const token = await h.sign({ sub: 'u-x', org: 'org-demo', roles: ['staff'], allowedOfficeIds: ['office-demo-2', 'office-acme-1'] });
      expect(await officesOf(token)).toEqual(['office-demo-2']);
    });

    it('works with the office header of an allowed office', async () => {
      expect(await officesOf(await h.tokenFor('staff'), { [OFFICE_HEADER]: 'office-demo-1' })).toEqual(['office-demo-1']);
    });
  });

  describe('GET /api/dentaloffice/{id}', () => {
    it('answers id, name, plan type and integration of a visible office', async () => {
      const response = await h.call('GET', '/api/dentaloffice/office-demo-1', { token: await h.tokenFor('staff') });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: 'office-demo-1',
        name: 'Bright Smiles Dental – Main St',
        planType: 'standard',
        integration: { subdomain: 'bright-smiles-main' },
      });
      const freemium = await h.call('GET', '/api/dentaloffice/office-demo-2', { token: await h.tokenFor('agent') });
      expect(freemium.json()).toMatchObject({ id: 'office-demo-2', planType: 'freemium', integration: null });
    });

    it("answers the exact 'Dental Office not found' body for a missing office", async () => {
      const response = await h.call('GET', '/api/dentaloffice/office-nope', { token: await h.tokenFor('admin') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND_BODY);
    });

    it("never reveals another organization's office, nor an office the user is not allowed for", async () => {
      for (const role of ['admin', 'superadministrator', 'goduser', 'staffmanager']) {
        const response = await h.call('GET', '/api/dentaloffice/office-acme-1', { token: await h.tokenFor(role) });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND_BODY);
        expect(response.body).not.toContain('Acme');
      }
      const staff = await h.call('GET', '/api/dentaloffice/office-demo-2', { token: await h.tokenFor('staff') });
      expect(staff.statusCode).toBe(404);
      expect(staff.body).not.toContain('Oak Ave');
      const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
      expect((await h.call('GET', '/api/dentaloffice/office-demo-1', { token: acmeAdmin })).statusCode).toBe(404);
    });

    it('answers 400 to an id that is not one', async () => {
      const response = await h.call('GET', `/api/dentaloffice/${encodeURIComponent('a b')}`, { token: await h.tokenFor('admin') });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ location: 'params', path: 'id' }] });
    });
  });
});
