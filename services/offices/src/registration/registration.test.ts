/**
 * POST /api/registration/office (/register-do): a user in registration registers their practice once, into their
 * own organization, and becomes its staff manager; a super administrator registers one without a role change;
 * every other role is refused; bad details are refused with the field and the reason, and nothing is created.
 */
import {
  DevAccountLookup,
  ManagedUser,
  NPI_MESSAGES,
  OFFICES_TOPICS,
  OfficeDetails,
  OfficeRegistration,
  REGISTRATION_MESSAGES,
  UserOfficeSettingsReply,
  npiCheckDigit,
} from '@dv/contracts';
import fc from 'fast-check';
import { INTERNAL_TOKEN_HEADER } from '../internal/internal-token';
import { createHarness, TEST_INTERNAL_TOKEN, type Harness } from '../testing/harness';

const PRACTICE = {
  name: 'Lakeside Family Dentistry',
  npi: '1245319599',
  taxId: '123456789',
  phone: '+1 (312) 555-0142',
  address: { street1: '100 Lake Shore Dr', city: 'Chicago', state: 'IL', zipCode: '60601' },
};

type Refusal = { message: string; details?: { path: string; message: string }[] };

describe('registering a dental practice', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ devIdpAccounts: true });
  });
  afterAll(() => h.close());

  const register = (token: string | null, body: unknown = PRACTICE) => h.call('POST', '/api/registration/office', { token, body });
  const officeCount = async (orgId = 'org-demo') => (await h.store.collection('offices').find({ orgId })).length;
  /** A token of a user signed up at the identity provider: no office, no role yet. */
  const newcomer = (sub: string, claims: Record<string, unknown> = {}) =>
    h.sign({ sub, org: 'org-demo', email: `${sub}@demo.test`, roles: [], allowedOfficeIds: [], ...claims });

  it('makes the registering user the staff manager of a new freemium office of their organization', async () => {
    const offices = await h.collect(OFFICES_TOPICS.office);
    const users = await h.collect(OFFICES_TOPICS.user);
    const response = await register(await h.tokenFor('doregistration'));
    expect(response.statusCode).toBe(201);
    const registered = OfficeRegistration.parse(response.json());
    expect(registered).toEqual({ officeId: expect.any(String), name: PRACTICE.name, planType: 'freemium', role: 'staffmanager' });
    const officeId = registered.officeId;

    // The user record, which the development provider issues the renewed token from.
    const user = ManagedUser.parse((await h.call('GET', '/api/management/users/user-doregistration', { token: await h.tokenFor('admin') })).json());
    expect(user).toMatchObject({ roles: { [officeId]: ['staffmanager'] }, allowedOfficeIds: [officeId], officeId, orgId: 'org-demo' });
    const lookup = await h.call('GET', '/internal/dev-accounts/user-doregistration', { headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN } });
    expect(DevAccountLookup.parse(lookup.json())).toMatchObject({
      status: 'active',
      account: { user: { officeId, allowedOfficeIds: [officeId] }, office: { id: officeId, name: PRACTICE.name, planType: 'freemium', integration: null } },
    });
    await offices.waitFor('office.created', officeId);
    await users.waitFor('user.updated', 'user-doregistration');

    // With the renewed token: the office is theirs, its details as registered (normalized) and editable by them.
    const renewed = await h.sign({ sub: 'user-doregistration', org: 'org-demo', roles: { [officeId]: ['staffmanager'] }, allowedOfficeIds: [officeId], officeId });
    const mine = UserOfficeSettingsReply.parse((await h.call('GET', '/api/dentaloffice/user/all', { token: renewed })).json());
    expect(mine).toEqual([expect.objectContaining({ id: officeId, name: PRACTICE.name, ableToFullfillForm: false, paymentType: null, outsource: null })]);
    const details = await h.call('GET', `/api/management/offices/${officeId}/details`, { token: renewed, headers: { 'connected-dental-office': officeId } });
    expect(OfficeDetails.parse(details.json())).toEqual({
      officeId,
      name: PRACTICE.name,
      planType: 'freemium',
      npi: '1245319599',
      taxId: '12-3456789',
      phone: '(312) 555-0142',
      address: PRACTICE.address,
      editable: { details: true, settings: ['scheduleIntegration'] },
    });
  });

  it('refuses a second registration, with the old token too (409), and creates nothing', async () => {
    const before = await officeCount();
    const again = await register(await h.tokenFor('doregistration'), { ...PRACTICE, name: 'Second Practice' });
    expect({ status: again.statusCode, message: again.json<Refusal>().message }).toEqual({ status: 409, message: REGISTRATION_MESSAGES.alreadyRegistered });
    expect(await officeCount()).toBe(before);
  });

  it('registers one office when the same newcomer sends the form twice at once', async () => {
    const before = await officeCount();
    const token = await newcomer('user-twice');
    const answers = await Promise.all([register(token), register(token), register(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await officeCount()).toBe(before + 1);
  });

  it('keeps a registration in the token’s organization: a body naming another is refused, a record elsewhere too', async () => {
    const token = await newcomer('user-elsewhere');
    for (const body of [{ ...PRACTICE, orgId: 'org-acme' }, { ...PRACTICE, organizationId: 'org-acme' }]) {
      const response = await register(token, body);
      expect(response.statusCode).toBe(400);
    }
    // The seeded registering account of org-demo, signed for org-acme: its record says otherwise.
    const acme = await h.sign({ sub: 'user-twice', org: 'org-acme', email: 'user-twice@demo.test', roles: [], allowedOfficeIds: [] });
    const response = await register(acme);
    expect({ status: response.statusCode, message: response.json<Refusal>().message }).toEqual({ status: 403, message: REGISTRATION_MESSAGES.otherOrganization });
    expect(await officeCount('org-acme')).toBe(1);

    // A newcomer of org-acme registers into org-acme, which org-demo's administrators never see.
    const acmeNewcomer = await h.sign({ sub: 'user-acme-new', org: 'org-acme', email: 'new@acme.test', roles: [], allowedOfficeIds: [] });
    const acmeOffice = OfficeRegistration.parse((await register(acmeNewcomer, { ...PRACTICE, name: 'Acme Smiles' })).json());
    expect(await officeCount('org-acme')).toBe(2);
    const demoList = await h.call('GET', '/api/management/offices?pageSize=100', { token: await h.tokenFor('admin') });
    expect(demoList.body).not.toContain(acmeOffice.officeId);
    const demoRead = await h.call('GET', `/api/management/offices/${acmeOffice.officeId}`, { token: await h.tokenFor('admin') });
    expect(demoRead.statusCode).toBe(404);
  });

  it('lets a super administrator register an office for the organization, with no role change', async () => {
    const response = await register(await h.tokenFor('superadministrator'), { ...PRACTICE, name: 'Company Registered Practice' });
    expect(response.statusCode).toBe(201);
    expect(OfficeRegistration.parse(response.json())).toMatchObject({ name: 'Company Registered Practice', role: null });
    const self = ManagedUser.parse((await h.call('GET', '/api/management/users/user-superadministrator', { token: await h.tokenFor('admin') })).json());
    expect(self).toMatchObject({ roles: ['superadministrator'], allowedOfficeIds: [] });
  });

  it('refuses every other role with 403, and an anonymous caller with 401', async () => {
    const before = await officeCount();
    for (const role of ['admin', 'agent', 'goduser', 'staffmanager', 'staff', 'groupmanager', 'groupmember']) {
      const response = await register(await h.tokenFor(role));
      expect({ role, status: response.statusCode, message: response.json<Refusal>().message }).toEqual({ role, status: 403, message: REGISTRATION_MESSAGES.notRegistering });
    }
    expect((await register(null)).statusCode).toBe(401);
    expect(await officeCount()).toBe(before);
  });

  it('makes the user record of a newcomer the identity provider alone knew, from their token', async () => {
    const response = await register(await newcomer('user-fresh', { name: 'Fran Fresh' }));
    const registered = OfficeRegistration.parse(response.json());
    const user = ManagedUser.parse((await h.call('GET', '/api/management/users/user-fresh', { token: await h.tokenFor('admin') })).json());
    expect(user).toMatchObject({ email: 'user-fresh@demo.test', name: 'Fran Fresh', roles: { [registered.officeId]: ['staffmanager'] }, officeId: registered.officeId });
  });

  it('refuses a newcomer whose token names no e-mail, or the e-mail of another account', async () => {
    const noEmail = await h.sign({ sub: 'user-anonymous', org: 'org-demo', roles: [], allowedOfficeIds: [] });
    const first = await register(noEmail);
    expect({ status: first.statusCode, message: first.json<Refusal>().message }).toEqual({ status: 403, message: REGISTRATION_MESSAGES.noEmail });
    const taken = await h.sign({ sub: 'user-impostor', org: 'org-demo', email: 'STAFF@demo.test', roles: [], allowedOfficeIds: [] });
    const second = await register(taken);
    expect({ status: second.statusCode, message: second.json<Refusal>().message }).toEqual({ status: 409, message: REGISTRATION_MESSAGES.emailTaken });
  });

  describe('validation (nothing is created)', () => {
    let token: string;
    let before: number;
    beforeAll(async () => {
      token = await newcomer('user-validation');
      before = await officeCount();
    });
    afterAll(async () => {
      expect(await officeCount()).toBe(before);
    });

    const refusal = async (body: unknown) => {
      const response = await register(token, body);
      expect(response.statusCode).toBe(400);
      return (response.json<Refusal>().details ?? []).map(({ path, message }) => ({ path, message }));
    };

    it.each([
      ['npi', { npi: '1245319590' }, NPI_MESSAGES.checkDigit],
      ['npi', { npi: '12453195' }, NPI_MESSAGES.format],
      ['npi', { npi: '124-531-9599' }, NPI_MESSAGES.format],
      ['taxId', { taxId: '12-345678' }, REGISTRATION_MESSAGES.taxId],
      ['taxId', { taxId: 'AB-CDEFGHI' }, REGISTRATION_MESSAGES.taxId],
      ['phone', { phone: '555-0142' }, REGISTRATION_MESSAGES.phone],
      ['phone', { phone: '(112) 555-0142' }, REGISTRATION_MESSAGES.phone],
      ['name', { name: '   ' }, undefined],
      ['address.zipCode', { address: { ...PRACTICE.address, zipCode: '6060' } }, REGISTRATION_MESSAGES.zipCode],
      ['address.state', { address: { ...PRACTICE.address, state: 'Illinois' } }, REGISTRATION_MESSAGES.state],
      ['address.street1', { address: { ...PRACTICE.address, street1: '' } }, REGISTRATION_MESSAGES.required],
    ])('names %s: %j', async (path, change, message) => {
      const details = await refusal({ ...PRACTICE, ...change });
      expect(details).toContainEqual({ path, message: message ?? expect.any(String) });
    });

    it('names every missing field', async () => {
      const paths = (await refusal({})).map((detail) => detail.path).sort();
      expect(paths).toEqual(['address', 'name', 'npi', 'phone', 'taxId']);
    });

    it('refuses every ten digits whose check digit is wrong, naming the NPI (generated cases)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 1, max: 9 }), async (base, shift) => {
          const npi = `${base}${(npiCheckDigit(base) + shift) % 10}`;
          expect(await refusal({ ...PRACTICE, npi })).toContainEqual({ path: 'npi', message: NPI_MESSAGES.checkDigit });
        }),
        { numRuns: 40 },
      );
    });

    it('never names a right NPI, and never answers 500 to any body (generated cases)', async () => {
      const anything = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
      await fc.assert(
        fc.asyncProperty(fc.stringMatching(/^\d{9}$/), anything, async (base, zipCode) => {
          // A right NPI with a broken ZIP code: refused for the ZIP code only.
          const details = await refusal({ ...PRACTICE, npi: `${base}${npiCheckDigit(base)}`, address: { ...PRACTICE.address, zipCode: `x${String(zipCode)}` } });
          expect([...new Set(details.map((detail) => detail.path))]).toEqual(['address.zipCode']);
        }),
        { numRuns: 40 },
      );
    });
  });
});
