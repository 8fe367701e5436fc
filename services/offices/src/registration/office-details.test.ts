/**
 * GET/PATCH /api/management/offices/{id}/details (/dental-office-settings): the managers of that very office read
 * and change its NPI, tax id, address and phone; everyone else is refused (403), another organization's office
 * is not found (404) and tells nothing; bad values are refused with the field and the reason.
 */
import { NPI_MESSAGES, OfficeDetails, REGISTRATION_MESSAGES } from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, DEMO_SEED, type Harness } from '../testing/harness';
import { DETAILS_NOT_ALLOWED } from './office-details.service';

type Refusal = { message: string; details?: { path: string; message: string }[] };

const MAIN_ST = 'office-demo-1';
const OAK_AVE = 'office-demo-2';
const ACME = 'office-acme-1';
const ADDRESS = { street1: '12 Main St', street2: 'Suite 4', city: 'Springfield', state: 'IL', zipCode: '62701-1234' };

describe('an office’s practice details', () => {
  let h: Harness;
  beforeAll(async () => {
    // The demo offices as an office created on /management is: without practice details yet.
    h = await createHarness({ seed: { ...DEMO_SEED, offices: DEMO_SEED.offices.map(({ details: _details, ...office }) => office) } });
    // Org B's office gets details through a manager of its own, to see that nobody of org-demo ever reads them.
    const acmeManager = await h.sign({ sub: 'user-acme-manager', org: 'org-acme', roles: ['staffmanager'], allowedOfficeIds: [ACME] });
    const saved = await h.call('PATCH', `/api/management/offices/${ACME}/details`, {
      token: acmeManager,
      headers: { 'connected-dental-office': ACME },
      body: { npi: '1932102084', taxId: '98-7654321', phone: '646 555 0199' },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => h.close());

  const as = async (role: string, office: string | null) => ({
    token: await h.tokenFor(role),
    headers: office === null ? ({} as Record<string, string>) : { 'connected-dental-office': office },
  });
  const read = async (role: string, office: string, header: string | null = office) => h.call('GET', `/api/management/offices/${office}/details`, await as(role, header));
  const change = async (body: unknown, role = 'staffmanager', office = MAIN_ST) =>
    h.call('PATCH', `/api/management/offices/${office}/details`, { ...(await as(role, office)), body });

  it('shows a manager the office without details yet, and what they may change', async () => {
    const response = await read('staffmanager', MAIN_ST);
    expect(response.statusCode).toBe(200);
    expect(OfficeDetails.parse(response.json())).toEqual({
      officeId: MAIN_ST,
      name: 'Bright Smiles Dental – Main St',
      planType: 'standard',
      npi: null,
      taxId: null,
      address: null,
      phone: null,
      editable: { details: true, settings: ['scheduleIntegration'] },
    });
  });

  it('saves what a manager changes, normalized, and keeps the rest', async () => {
    const first = await change({ npi: ' 1245319599 ', taxId: '123456789' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ npi: '1245319599', taxId: '12-3456789', address: null, phone: null });
    const second = await change({ address: ADDRESS, phone: '217.555.0100' });
    expect(second.json()).toMatchObject({ npi: '1245319599', taxId: '12-3456789', address: ADDRESS, phone: '(217) 555-0100' });
    expect((await read('staffmanager', MAIN_ST)).json()).toEqual(second.json());
  });

  it('lets a group manager of the group read and change both offices', async () => {
    for (const office of [MAIN_ST, OAK_AVE]) {
      const response = await change({ phone: '2175550111' }, 'groupmanager', office);
      expect({ office, status: response.statusCode, phone: response.json<OfficeDetails>().phone }).toEqual({ office, status: 200, phone: '(217) 555-0111' });
    }
  });

  it('refuses every other role, and a staff manager at an office where they are staff (403)', async () => {
    const cases: [string, string][] = [
      ['staffmanager', OAK_AVE],
      ['staff', MAIN_ST],
      ['groupmember', MAIN_ST],
      ['admin', MAIN_ST],
      ['superadministrator', MAIN_ST],
      ['agent', MAIN_ST],
      ['goduser', MAIN_ST],
    ];
    for (const [role, office] of cases) {
      for (const response of [await read(role, office), await change({ phone: '2175550122' }, role, office)]) {
        expect({ role, office, status: response.statusCode, message: response.json<Refusal>().message }).toEqual({ role, office, status: 403, message: DETAILS_NOT_ALLOWED });
      }
    }
    // A staff manager naming Main St in the header still is only staff at Oak Ave.
    expect((await read('staffmanager', OAK_AVE, MAIN_ST)).statusCode).toBe(403);
    expect((await read('doregistration', MAIN_ST, null)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/management/offices/${MAIN_ST}/details`)).statusCode).toBe(401);
    expect((await read('staffmanager', MAIN_ST)).json<OfficeDetails>().phone).toBe('(217) 555-0111');
  });

  it("answers 404 for another organization's office, or one that does not exist, naming nothing", async () => {
    for (const role of ['staffmanager', 'groupmanager', 'admin', 'superadministrator']) {
      for (const office of [ACME, 'office-none']) {
        const response = await h.call('GET', `/api/management/offices/${office}/details`, await as(role, null));
        expect({ role, office, status: response.statusCode }).toEqual({ role, office, status: 404 });
        expect(response.body).not.toMatch(/1932102084|98-7654321|Acme/);
      }
    }
  });

  it.each([
    [{ npi: '1932102085' }, 'npi', NPI_MESSAGES.checkDigit],
    [{ npi: '193210208' }, 'npi', NPI_MESSAGES.format],
    [{ taxId: '1-23456789' }, 'taxId', REGISTRATION_MESSAGES.taxId],
    [{ phone: 'call me' }, 'phone', REGISTRATION_MESSAGES.phone],
    [{ address: { ...ADDRESS, state: 'XX' } }, 'address.state', REGISTRATION_MESSAGES.state],
    [{ address: { ...ADDRESS, city: ' ' } }, 'address.city', REGISTRATION_MESSAGES.required],
  ])('refuses %j naming %s', async (body, path, message) => {
    const response = await change(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<Refusal>().details).toContainEqual(expect.objectContaining({ path, message }));
  });

  it('refuses an empty change and the name (the company administrators’ field)', async () => {
    expect((await change({})).statusCode).toBe(400);
    const named = await change({ name: 'Renamed' });
    expect(named.statusCode).toBe(400);
    expect((await read('staffmanager', MAIN_ST)).json<OfficeDetails>().name).toBe('Bright Smiles Dental – Main St');
  });

  it('reaches only the offices a user manages in their organization, whatever the ids and headers (generated cases)', async () => {
    const roles = fc.constantFrom('staffmanager', 'staff', 'groupmanager', 'groupmember', 'admin', 'agent', 'superadministrator', 'goduser', 'doregistration');
    const offices = fc.oneof(fc.constantFrom(MAIN_ST, OAK_AVE, ACME, 'office-none'), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
    const headers = fc.constantFrom<string | null>(null, MAIN_ST, OAK_AVE, ACME);
    const managed: Record<string, readonly string[]> = { staffmanager: [MAIN_ST], groupmanager: [MAIN_ST, OAK_AVE] };
    await fc.assert(
      fc.asyncProperty(roles, offices, headers, fc.boolean(), async (role, office, header, write) => {
        const response = write ? await h.call('PATCH', `/api/management/offices/${office}/details`, { ...(await as(role, header)), body: { phone: '2175550111' } }) : await read(role, office, header);
        expect(response.statusCode).toBeLessThan(500);
        // The office's details as stored (the phone's digits); a random request id may hold '646' by chance.
        expect(response.body).not.toMatch(/1932102084|98-?7654321|646\D{0,3}555\D{0,3}0199/);
        // The header names the office whose roles apply: a manager there, of this office too. Without a header,
        // roles given as a list apply (the group manager's), roles keyed by office (the staff manager's) do not.
        const mine = managed[role] ?? [];
        const mayManage = mine.includes(office) && (header === null ? role === 'groupmanager' : mine.includes(header));
        if (response.statusCode === 200) expect({ role, office, header, mayManage }).toEqual({ role, office, header, mayManage: true });
        else expect([400, 403, 404]).toContain(response.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});
