import { MESSAGES, ManagedOffice, OFFICES_TOPICS, pageOf } from '@dv/contracts';
import { AccessTokenClaims, resolveActor } from '@dv/kit';
import { createHarness, type Harness } from '../testing/harness';
import { OFFICE_NOT_FOUND, officeService } from './offices.service';

const OfficePage = pageOf(ManagedOffice);

describe('management API: offices', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  describe('list', () => {
    it('company users of /management read their organization’s offices, paged and searchable', async () => {
      for (const role of ['agent', 'admin', 'superadministrator']) {
        const response = await h.call('GET', '/api/management/offices', { token: await h.tokenFor(role) });
        expect(response.statusCode).toBe(200);
        const page = OfficePage.parse(response.json());
        expect(page.items.map((office) => office.id)).toEqual(['office-demo-1', 'office-demo-2']);
        expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      }
      const token = await h.tokenFor('agent');
      const second = OfficePage.parse((await h.call('GET', '/api/management/offices?page=2&pageSize=1', { token })).json());
      expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: 'office-demo-2' }] });
      const search = OfficePage.parse((await h.call('GET', '/api/management/offices?search=OAK', { token })).json());
      expect(search).toMatchObject({ total: 1, items: [{ id: 'office-demo-2', name: 'Bright Smiles Dental – Oak Ave' }] });
      const none = OfficePage.parse((await h.call('GET', '/api/management/offices?search=acme', { token })).json());
      expect(none).toEqual({ total: 0, page: 1, pageSize: 20, items: [] });
    });

    it('office users, registering users and the goduser (no /management page) get 403', async () => {
      for (const role of ['staffmanager', 'staff', 'groupmanager', 'groupmember', 'doregistration', 'goduser']) {
        const response = await h.call('GET', '/api/management/offices', { token: await h.tokenFor(role) });
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('office-demo');
      }
    });

    it('400 for a bad page or page size', async () => {
      const token = await h.tokenFor('admin');
      const response = await h.call('GET', '/api/management/offices?pageSize=1000', { token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ location: 'querystring', path: 'pageSize' }] });
      expect((await h.call('GET', '/api/management/offices?page=0', { token })).statusCode).toBe(400);
    });
  });

  describe('create', () => {
    it('admins create an office (201) and the relay publishes office.created', async () => {
      const events = await h.collect(OFFICES_TOPICS.office);
      const response = await h.call('POST', '/api/management/offices', {
        token: await h.tokenFor('admin'),
        body: { name: ' Bright Smiles – Elm St ', planType: 'standard', settings: { paymentType: 'manual', ableToFullfillForm: true } },
      });
      expect(response.statusCode).toBe(201);
      const office = ManagedOffice.parse(response.json());
      expect(office).toMatchObject({
        orgId: 'org-demo',
        name: 'Bright Smiles – Elm St',
        groupId: null,
        planType: 'standard',
        integration: null,
        settings: { id: office.id, paymentType: 'manual', ableToFullfillForm: true, scheduleIntegration: null, outsource: null },
      });
      const event = await events.waitFor('office.created', office.id);
      expect(event.payload).toEqual(office);
      // The new office is visible to company users of the organization at once.
      const detail = await h.call('GET', `/api/dentaloffice/${office.id}`, { token: await h.tokenFor('agent') });
      expect(detail.json()).toMatchObject({ id: office.id, planType: 'standard' });
    });

    it('defaults to the freemium plan; places the office in a group of the organization', async () => {
      const response = await h.call('POST', '/api/management/offices', {
        token: await h.tokenFor('superadministrator'),
        body: { name: 'Grouped', groupId: 'group-demo', integration: { subdomain: 'grouped' } },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ planType: 'freemium', groupId: 'group-demo', integration: { subdomain: 'grouped' } });
    });

    it('400 with field and reason for bad input; unknown or foreign groups are refused', async () => {
      const token = await h.tokenFor('admin');
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ name: '' }, 'name'],
        [{ name: 'x', planType: 'gold' }, 'planType'],
        [{ name: 'x', settings: { paymentType: 'cash' } }, 'settings.paymentType'],
        [{ name: 'x', integration: { subdomain: 'a b' } }, 'integration.subdomain'],
        [{ name: 'x', groupId: 'group-nope' }, 'groupId'],
      ];
      for (const [body, path] of cases) {
        const response = await h.call('POST', '/api/management/offices', { token, body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, details: expect.arrayContaining([expect.objectContaining({ path })]) });
      }
      const unknownField = await h.call('POST', '/api/management/offices', { token, body: { name: 'x', orgId: 'org-acme' } });
      expect(unknownField.statusCode).toBe(400);
    });

    it('the office and its event commit together: when the outbox write fails, no office is stored', async () => {
      const admin = await resolveActor({
        claims: AccessTokenClaims.parse({ sub: 'user-admin', org: 'org-demo', roles: ['admin'] }),
        officeHeader: undefined,
      });
      const failing = officeService({ store: h.store, outbox: { add: () => Promise.reject(new Error('outbox unavailable')) } });
      await expect(failing.create(admin, { name: 'Half Written' })).rejects.toThrow('outbox unavailable');
      await expect(failing.updateSettings(admin, 'office-demo-2', { paymentType: 'invoice' })).rejects.toThrow('outbox unavailable');
      const token = await h.tokenFor('admin');
      expect((await h.call('GET', '/api/management/offices?search=half', { token })).json()).toMatchObject({ total: 0 });
      expect((await h.call('GET', '/api/management/offices/office-demo-2', { token })).json()).toMatchObject({
        settings: { paymentType: 'auto' },
      });
    });

    it('agents, god users and office users may not create (403)', async () => {
      for (const role of ['agent', 'goduser', 'staffmanager', 'groupmanager']) {
        const response = await h.call('POST', '/api/management/offices', { token: await h.tokenFor(role), body: { name: 'Nope' } });
        expect(response.statusCode).toBe(403);
      }
      const list = (await h.call('GET', '/api/management/offices?search=nope', { token: await h.tokenFor('admin') })).json();
      expect(list.total).toBe(0);
    });
  });

  describe('get and update', () => {
    it('company users read an office of their organization; managers their own office', async () => {
      expect((await h.call('GET', '/api/management/offices/office-demo-1', { token: await h.tokenFor('agent') })).statusCode).toBe(200);
      // staffmanager manages office-demo-1 and is staff at office-demo-2 (roles keyed by office).
      const manager = await h.tokenFor('staffmanager');
      expect((await h.call('GET', '/api/management/offices/office-demo-1', { token: manager })).json()).toMatchObject({ id: 'office-demo-1' });
      expect((await h.call('GET', '/api/management/offices/office-demo-2', { token: manager })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/management/offices/office-demo-2', { token: await h.tokenFor('staff') })).statusCode).toBe(404);
    });

    it("another organization's office is not found, for reading and for writing", async () => {
      const token = await h.tokenFor('superadministrator');
      for (const [method, url, body] of [
        ['GET', '/api/management/offices/office-acme-1', undefined],
        ['PATCH', '/api/management/offices/office-acme-1', { name: 'Taken over' }],
        ['PATCH', '/api/management/offices/office-acme-1/settings', { paymentType: 'manual' }],
      ] as const) {
        const response = await h.call(method, url, { token, body });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Acme');
      }
      const acmeAdmin = await h.sign({ sub: 'user-acme-admin', org: 'org-acme', roles: ['admin'] });
      expect((await h.call('GET', '/api/management/offices/office-acme-1', { token: acmeAdmin })).json()).toMatchObject({
        name: 'Acme Dental – Downtown',
        planType: 'premium',
      });
    });

    it("answers a missing office with its own message, never the SPA's sign-out 'Dental Office not found'", async () => {
      const token = await h.tokenFor('superadministrator');
      for (const id of ['office-nope', 'office-acme-1']) {
        for (const [method, url, body] of [
          ['GET', `/api/management/offices/${id}`, undefined],
          ['PATCH', `/api/management/offices/${id}`, { name: 'Renamed' }],
          ['PATCH', `/api/management/offices/${id}/settings`, { paymentType: 'manual' }],
        ] as const) {
          const response = await h.call(method, url, { token, body });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: OFFICE_NOT_FOUND });
          expect(response.json().message).not.toBe(MESSAGES.DENTAL_OFFICE_NOT_FOUND);
        }
      }
    });

    it('admins rename and change the plan type; office.updated is published', async () => {
      const events = await h.collect(OFFICES_TOPICS.office);
      const token = await h.tokenFor('admin');
      const created = ManagedOffice.parse(
        (await h.call('POST', '/api/management/offices', { token, body: { name: 'Renamed Later' } })).json(),
      );
      const response = await h.call('PATCH', `/api/management/offices/${created.id}`, {
        token,
        body: { name: 'Renamed Now', planType: 'premium' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Renamed Now', planType: 'premium' });
      const event = await events.waitFor('office.updated', created.id);
      expect(event.payload).toMatchObject({ id: created.id, name: 'Renamed Now', planType: 'premium' });
      expect((await h.call('PATCH', `/api/management/offices/${created.id}`, { token, body: {} })).statusCode).toBe(400);
      const agent = await h.call('PATCH', `/api/management/offices/${created.id}`, { token: await h.tokenFor('agent'), body: { name: 'x' } });
      expect(agent.statusCode).toBe(403);
    });
  });

  describe('settings', () => {
    const integration = { type: 'nexHealth', pmsType: 'openDental', integration: { subdomain: 'bright-smiles-main', locationId: 7 } };

    it('an office manager changes the schedule integration of their own office, and nothing else', async () => {
      const events = await h.collect(OFFICES_TOPICS.office);
      const manager = await h.tokenFor('staffmanager');
      const response = await h.call('PATCH', '/api/management/offices/office-demo-1/settings', {
        token: manager,
        body: { scheduleIntegration: integration },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: 'office-demo-1',
        scheduleIntegration: integration,
        outsource: { outsourceEnabled: true },
        paymentType: 'auto',
        ableToFullfillForm: false,
      });
      const event = await events.waitFor('office.updated', 'office-demo-1');
      expect(event.payload).toMatchObject({ settings: { scheduleIntegration: integration } });

      const payment = await h.call('PATCH', '/api/management/offices/office-demo-1/settings', { token: manager, body: { paymentType: 'invoice' } });
      expect(payment.statusCode).toBe(403);
      expect(payment.json()).toMatchObject({ message: 'Only company administrators may change paymentType' });
      // Staff at office-demo-2, not its manager.
      const other = await h.call('PATCH', '/api/management/offices/office-demo-2/settings', {
        token: manager,
        body: { scheduleIntegration: null },
      });
      expect(other.statusCode).toBe(403);
      const groupManager = await h.call('PATCH', '/api/management/offices/office-demo-2/settings', {
        token: await h.tokenFor('groupmanager'),
        body: { scheduleIntegration: null },
      });
      expect(groupManager.statusCode).toBe(200);
      for (const role of ['staff', 'groupmember', 'agent', 'goduser']) {
        const refused = await h.call('PATCH', '/api/management/offices/office-demo-1/settings', {
          token: await h.tokenFor(role),
          body: { scheduleIntegration: null },
        });
        expect(refused.statusCode).toBe(403);
      }
    });

    it('admins change every setting; absent settings stay; the SPA sees the change', async () => {
      const token = await h.tokenFor('admin');
      const response = await h.call('PATCH', '/api/management/offices/office-demo-1/settings', {
        token,
        body: { paymentType: 'locked', ableToFullfillForm: true, outsource: { outsourceEnabled: false } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ paymentType: 'locked', ableToFullfillForm: true, outsource: { outsourceEnabled: false } });
      const mine = (await h.call('GET', '/api/dentaloffice/user/all', { token: await h.tokenFor('staff') })).json();
      expect(mine).toEqual([expect.objectContaining({ id: 'office-demo-1', paymentType: 'locked', scheduleIntegration: integration })]);
    });

    it('400 with field and reason for bad settings', async () => {
      const token = await h.tokenFor('admin');
      const cases: [unknown, string][] = [
        [{}, ''],
        [{ paymentType: 'cash' }, 'paymentType'],
        [{ outsource: { outsourceEnabled: 'yes' } }, 'outsource.outsourceEnabled'],
        [{ scheduleIntegration: { type: 'fax' } }, 'scheduleIntegration.type'],
        [{ scheduleIntegration: { type: 'manual', integration: { 'a.b': 1 } } }, 'scheduleIntegration.integration.a.b'],
        [{ ableToFullfillForm: 1 }, 'ableToFullfillForm'],
      ];
      for (const [body, path] of cases) {
        const response = await h.call('PATCH', '/api/management/offices/office-demo-1/settings', { token, body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ path })]) });
      }
    });
  });
});
