/**
 * /api/management/carriers through the app: the seed, the roles of /management/carriers (superadministrator), in
 * the gateway's table and again in the service, the editGlobalCarriers privilege a change needs, validation (payer
 * id format, lengths, addresses, phones, links: always a 400 naming the field, never a 500), paging bounds, and the
 * catalogue being one for the whole product (a super administrator of another organization reads and changes the
 * same one; an organization's admin changes none). Users and bodies are generated where they form a class.
 */
import {
  apiAccess,
  CARRIER_ADMIN_ROLES,
  CARRIER_MESSAGES,
  hasAnyRole,
  ManagedCarrier,
  pageOf,
  ROLES,
  type Page,
} from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, type Harness, type Response } from '../testing/harness';
import { CARRIER_CATALOGUE } from './carrier-catalogue';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({ startEngine: false });
});
afterAll(() => harness.close());

type Claims = Record<string, unknown>;
const SUPER: Claims = { sub: 'user-super', email: 'super@a.test', org: 'org-a', roles: ['superadministrator'], allowedOfficeIds: [] };
const EDITOR: Claims = { ...SUPER, sub: 'user-carrier-editor', email: 'carriers@a.test', editGlobalCarriers: true };
const EDITOR_B: Claims = { sub: 'user-super-b', email: 'super@b.test', org: 'org-b', roles: ['superadministrator'], allowedOfficeIds: [], editGlobalCarriers: true };

async function send(claims: Claims | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = claims === null ? {} : { authorization: `Bearer ${await harness.issuer.sign(claims)}` };
  return harness.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

const CarrierPage = pageOf(ManagedCarrier);
async function list(query = '', claims: Claims = SUPER): Promise<Page<ManagedCarrier>> {
  const response = await send(claims, 'GET', `/api/management/carriers${query}`);
  expect(response.statusCode).toBe(200);
  return CarrierPage.parse(response.json());
}

/** A carrier of the test's own, so tests do not depend on each other's changes. */
let serial = 0;
function newCarrier(extra: Record<string, unknown> = {}) {
  serial += 1;
  return { payerId: `T${String(serial).padStart(4, '0')}X`, name: `Test Carrier ${serial}`, payerKey: 'DEFAULT', ...extra };
}

describe('the seed', () => {
  it('lists every payer of the code catalogue, active, by name, as seeded', async () => {
    const page = await list(`?pageSize=100&search=`);
    for (const seed of CARRIER_CATALOGUE) {
      expect(page.items.find((carrier) => carrier.payerId === seed.payerId)).toMatchObject({
        name: seed.name,
        payerKey: seed.payerKey,
        eligibility270: true,
        portalId: seed.portalId,
        invertsCoinsurance: seed.invertsCoinsurance,
        active: true,
      });
    }
    const names = page.items.map((carrier) => carrier.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await send(SUPER, 'GET', '/api/management/carriers/47009')).json()).toMatchObject({ name: 'Ameritas', invertsCoinsurance: true, updatedAt: null });
  });
});

describe('who may read and change the catalogue', () => {
  const routes = [
    ['GET', '/api/management/carriers'],
    ['GET', '/api/management/carriers/77777'],
    ['POST', '/api/management/carriers'],
    ['PATCH', '/api/management/carriers/77777'],
  ] as const;

  it.each(ROLES.filter((role) => role !== 'superadministrator'))('%s is refused every call (403), even with the privilege', async (role) => {
    const claims = { sub: `user-${role}`, org: 'org-a', roles: [role], allowedOfficeIds: [], editGlobalCarriers: true };
    for (const [method, url] of routes) {
      const response = await send(claims, method, url, method === 'GET' ? undefined : { name: 'Changed' });
      expect([method, url, response.statusCode]).toEqual([method, url, 403]);
    }
  });

  it('refuses a caller without a token (401)', async () => {
    for (const [method, url] of routes) expect((await send(null, method, url)).statusCode).toBe(401);
  });

  it('lets a super administrator read, and change only with the editGlobalCarriers privilege', async () => {
    expect((await send(SUPER, 'GET', '/api/management/carriers/77777')).statusCode).toBe(200);
    const created = await send(SUPER, 'POST', '/api/management/carriers', newCarrier());
    expect([created.statusCode, created.json()]).toEqual([403, expect.objectContaining({ message: CARRIER_MESSAGES.privilege })]);
    const patched = await send(SUPER, 'PATCH', '/api/management/carriers/77777', { phone: '800-555-0100' });
    expect([patched.statusCode, patched.json()]).toEqual([403, expect.objectContaining({ message: CARRIER_MESSAGES.privilege })]);
    expect((await send(SUPER, 'GET', '/api/management/carriers/77777')).json()).toMatchObject({ phone: null });

    const input = newCarrier({ phone: '(800) 555-0100' });
    const allowed = await send(EDITOR, 'POST', '/api/management/carriers', input);
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ payerId: input.payerId, active: true, eligibility270: true, portalId: null, invertsCoinsurance: false });
  });

  it('agrees with the gateway for generated role sets: only a superadministrator gets through', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray([...ROLES]), fc.boolean(), fc.constantFrom(...routes), async (roles, privileged, [method, url]) => {
        const claims = { sub: 'user-generated', org: 'org-a', roles, allowedOfficeIds: [], editGlobalCarriers: privileged };
        const response = await send(claims, method, url, method === 'GET' ? undefined : { portalUrl: 'not a link' });
        const mayOpen = hasAnyRole(roles, CARRIER_ADMIN_ROLES);
        expect(apiAccess(method, url, roles)).toBe(mayOpen ? 'allowed' : 'forbidden');
        if (!mayOpen) expect(response.statusCode).toBe(403);
        else if (method === 'GET') expect(response.statusCode).toBe(200);
        // Past the role: the privilege first, then the body.
        else expect(response.statusCode).toBe(privileged ? 400 : 403);
      }),
      { numRuns: 60 },
    );
  });
});

describe('one catalogue for the product', () => {
  it("another organization's super administrator reads the same catalogue and changes it for everyone", async () => {
    const input = newCarrier();
    expect((await send(EDITOR_B, 'POST', '/api/management/carriers', input)).statusCode).toBe(201);
    expect((await list(`?search=${input.payerId}`)).items.map((carrier) => carrier.payerId)).toEqual([input.payerId]);
    const patched = await send(EDITOR, 'PATCH', `/api/management/carriers/${input.payerId}`, { name: 'Renamed by org A' });
    expect(patched.json()).toMatchObject({ name: 'Renamed by org A', updatedBy: 'carriers@a.test' });
    expect((await send(EDITOR_B, 'GET', `/api/management/carriers/${input.payerId}`)).json()).toMatchObject({ name: 'Renamed by org A' });
    // Every organization's offices pick from it.
    for (const user of ['staff', 'staffB'] as const) {
      const picker = (await harness.call('GET', '/api/carriers', { as: user })).json<{ payerId: string }[]>();
      expect(picker.map((carrier) => carrier.payerId)).toContain(input.payerId);
    }
  });

  it("an organization's admin changes nothing (403), whatever their token claims", async () => {
    const adminB = { sub: 'user-admin-b', org: 'org-b', roles: ['admin'], allowedOfficeIds: [], editGlobalCarriers: true };
    expect((await send(adminB, 'PATCH', '/api/management/carriers/77777', { active: false })).statusCode).toBe(403);
    expect((await send(SUPER, 'GET', '/api/management/carriers/77777')).json()).toMatchObject({ active: true });
  });
});

describe('validation', () => {
  const field = (response: Response) => response.json<{ details?: { path: string; message: string }[] }>().details ?? [];

  it.each([
    ['payer id too short', { payerId: 'A' }, 'payerId', CARRIER_MESSAGES.payerId],
    ['payer id too long', { payerId: 'A'.repeat(16) }, 'payerId', CARRIER_MESSAGES.payerId],
    ['payer id with a dash', { payerId: 'AB-12' }, 'payerId', CARRIER_MESSAGES.payerId],
    ['empty name', { name: '   ' }, 'name', 'This field is required'],
    ['name over 200', { name: 'N'.repeat(201) }, 'name', 'At most 200 characters'],
    ['unknown payer key', { payerKey: 'ACME' }, 'payerKey', undefined],
    ['phone with 9 digits', { phone: '800-555-010' }, 'phone', CARRIER_MESSAGES.phone],
    ['phone with letters', { phone: '1-800-DENTIST' }, 'phone', CARRIER_MESSAGES.phone],
    ['a script link', { portalUrl: 'javascript:alert(1)' }, 'portalUrl', CARRIER_MESSAGES.portalUrl],
    ['a link over 2048', { portalUrl: `https://a.test/${'p'.repeat(2048)}` }, 'portalUrl', undefined],
    ['a state of three letters', { address: { street1: '1 Main St', city: 'Austin', state: 'TEX', zipCode: '73301' } }, 'address.state', CARRIER_MESSAGES.state],
    ['a zip code of 4 digits', { address: { street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '7330' } }, 'address.zipCode', CARRIER_MESSAGES.zipCode],
    ['a portal id with a space', { portalId: 'delta dental' }, 'portalId', CARRIER_MESSAGES.portalId],
    ['an unknown field', { notes: 'x' }, '', undefined],
  ])('%s: 400 naming the field', async (_name, change, path, message) => {
    const response = await send(EDITOR, 'POST', '/api/management/carriers', { ...newCarrier(), ...change });
    expect(response.statusCode).toBe(400);
    expect(field(response)).toEqual(expect.arrayContaining([expect.objectContaining({ path, ...(message === undefined ? {} : { message }) })]));
  });

  it('takes payer ids without case, trimmed, and refuses a second carrier with the same one (409)', async () => {
    const input = newCarrier();
    const created = await send(EDITOR, 'POST', '/api/management/carriers', { ...input, payerId: `  ${input.payerId.toLowerCase()} ` });
    expect(created.json()).toMatchObject({ payerId: input.payerId });
    const again = await send(EDITOR, 'POST', '/api/management/carriers', input);
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, CARRIER_MESSAGES.duplicate(input.payerId)]);
    expect((await send(SUPER, 'GET', `/api/management/carriers/${input.payerId.toLowerCase()}`)).json()).toMatchObject({ payerId: input.payerId });
  });

  it('refuses an empty change, an unknown carrier (404) and a payer id that is no payer id in the path (400)', async () => {
    expect((await send(EDITOR, 'PATCH', '/api/management/carriers/77777', {})).statusCode).toBe(400);
    expect((await send(EDITOR, 'PATCH', '/api/management/carriers/ZZ999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await send(SUPER, 'GET', '/api/management/carriers/ZZ999')).statusCode).toBe(404);
    expect((await send(SUPER, 'GET', '/api/management/carriers/no%20such')).statusCode).toBe(400);
  });

  it('keeps what a change does not name, and clears what it sets to null', async () => {
    const input = newCarrier({ phone: '800.555.0100', portalUrl: 'https://provider.example.test/login', address: { street1: 'PO Box 1', city: 'Dallas', state: 'tx', zipCode: '75201-1234' } });
    expect((await send(EDITOR, 'POST', '/api/management/carriers', input)).json()).toMatchObject({ address: { state: 'TX', street2: null } });
    const changed = (await send(EDITOR, 'PATCH', `/api/management/carriers/${input.payerId}`, { phone: null, invertsCoinsurance: true })).json<ManagedCarrier>();
    expect(changed).toMatchObject({ phone: null, invertsCoinsurance: true, portalUrl: 'https://provider.example.test/login', address: { city: 'Dallas' }, name: input.name });
  });

  it('never answers 500 to generated bodies and payer ids', async () => {
    const payerIds = fc.string({ maxLength: 20 }).filter((text) => !/^[A-Za-z0-9]{2,15}$/.test(text.trim()));
    await fc.assert(
      fc.asyncProperty(payerIds, fc.jsonValue({ maxDepth: 3 }), async (payerId, body) => {
        const created = await send(EDITOR, 'POST', '/api/management/carriers', { ...newCarrier(), payerId });
        expect([created.statusCode, field(created).some((detail) => detail.path === 'payerId')]).toEqual([400, true]);
        const patched = await send(EDITOR, 'PATCH', '/api/management/carriers/77777', body);
        expect(patched.statusCode).toBeLessThan(500);
        if (patched.statusCode === 200) await send(EDITOR, 'PATCH', '/api/management/carriers/77777', { active: true });
      }),
      { numRuns: 60 },
    );
  });
});

describe('the list', () => {
  it('pages within bounds, searches names and payer ids, filters by status and sorts', async () => {
    expect((await send(SUPER, 'GET', '/api/management/carriers?pageSize=101')).statusCode).toBe(400);
    expect((await send(SUPER, 'GET', '/api/management/carriers?page=0')).statusCode).toBe(400);
    expect((await send(SUPER, 'GET', `/api/management/carriers?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await send(SUPER, 'GET', '/api/management/carriers?sort=phone')).statusCode).toBe(400);

    const firstTwo = await list('?pageSize=2');
    const next = await list('?pageSize=2&page=2');
    expect(firstTwo.items).toHaveLength(2);
    expect(next.items.map((carrier) => carrier.payerId)).not.toContain(firstTwo.items[0]!.payerId);
    expect(firstTwo.total).toBeGreaterThanOrEqual(CARRIER_CATALOGUE.length);

    expect((await list('?search=delta')).items.map((carrier) => carrier.payerId).sort()).toEqual(['23166', '77777']);
    expect((await list('?search=cx01')).items.map((carrier) => carrier.name)).toEqual(['DentaQuest']);
    const byIdDesc = (await list('?sort=payerId&order=desc&pageSize=100')).items.map((carrier) => carrier.payerId);
    expect(byIdDesc).toEqual([...byIdDesc].sort().reverse());

    const input = newCarrier();
    await send(EDITOR, 'POST', '/api/management/carriers', input);
    await send(EDITOR, 'PATCH', `/api/management/carriers/${input.payerId}`, { active: false });
    expect((await list('?status=inactive&pageSize=100')).items.map((carrier) => carrier.payerId)).toContain(input.payerId);
    expect((await list('?status=active&pageSize=100')).items.map((carrier) => carrier.payerId)).not.toContain(input.payerId);
    expect((await list('?sort=updatedAt&order=desc')).items[0]).toMatchObject({ payerId: input.payerId, active: false });
  });
});
