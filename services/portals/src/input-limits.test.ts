/**
 * Issue 13 in the portals service as the kit builds it. Item 7: a 10,000-character portal username was stored;
 * every text of the credential, MFA and catalogue calls now has a maximum, and a longer one is a 400 naming the
 * field (the password's message never repeats it). Item 3: JSON bodies nested past JSON_MAX_DEPTH are a 400
 * naming the limit on every route that takes one, never a 500.
 */
import {
  JSON_MAX_DEPTH,
  JSON_TOO_DEEP_MESSAGE,
  MFA_CODE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PortalCredential,
  URL_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@dv/contracts';
import { nestedJsonCases } from '@dv/kit/testing';
import fc from 'fast-check';
import { createHarness, OFFICE_A1, USERS, type CallOptions, type Harness, type Method } from './testing/harness';

let h: Harness;
let credentialId: string;

beforeAll(async () => {
  h = await createHarness({ loginDelayMs: 40, mfaDelayMs: 40 });
  const created = await h.call('POST', '/api/portals/ameritas/credentials/', { ...asManager, body: { username: 'frontdesk', password: 'secret' } });
  credentialId = PortalCredential.parse(created.json()).id;
});
afterAll(() => h.close());

const asManager: CallOptions = { as: USERS.managerA1, office: OFFICE_A1 };
const asAdmin: CallOptions = { as: USERS.adminA };

/** The office's credentials by id and username (their login statuses move on by themselves). */
const credentials = async () =>
  (await h.call('GET', '/api/portals/credentials', asManager)).json<PortalCredential[]>().map(({ id, username }) => ({ id, username }));

describe('text lengths (item 7)', () => {
  it('refuses the reported 10,000-character username with a 400 naming the field, and stores nothing', async () => {
    const before = await credentials();
    const response = await h.call('POST', '/api/portals/cigna/credentials/', {
      ...asManager,
      body: { username: 'u'.repeat(10_000), password: 'secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `Username is too long: at most ${USERNAME_MAX_LENGTH} characters`,
      details: [expect.objectContaining({ path: 'username' })],
    });
    expect(await credentials()).toEqual(before);
  });

  it('takes a username of exactly the maximum', async () => {
    const response = await h.call('PUT', `/api/portals/credentials/${credentialId}`, {
      ...asManager,
      body: { username: 'u'.repeat(USERNAME_MAX_LENGTH) },
    });
    expect(response.statusCode).toBe(200);
  });

  /** Each text of the calls, where it goes in the body, and its maximum. */
  const FIELDS: readonly { method: Method; url: () => string; as: CallOptions; field: string; max: number; body: (text: string) => unknown }[] = [
    { method: 'POST', url: () => '/api/portals/cigna/credentials/', as: asManager, field: 'username', max: USERNAME_MAX_LENGTH, body: (text) => ({ username: text, password: 'p' }) },
    { method: 'POST', url: () => '/api/portals/cigna/credentials/', as: asManager, field: 'password', max: PASSWORD_MAX_LENGTH, body: (text) => ({ username: 'u', password: text }) },
    { method: 'PUT', url: () => `/api/portals/credentials/${credentialId}`, as: asManager, field: 'username', max: USERNAME_MAX_LENGTH, body: (text) => ({ username: text }) },
    { method: 'PUT', url: () => `/api/portals/credentials/${credentialId}`, as: asManager, field: 'password', max: PASSWORD_MAX_LENGTH, body: (text) => ({ username: 'u', password: text }) },
    { method: 'POST', url: () => '/api/portals/credentials/ameritas/mfa', as: asManager, field: 'code', max: MFA_CODE_MAX_LENGTH, body: (text) => ({ code: text }) },
    { method: 'POST', url: () => '/api/management/portals', as: asAdmin, field: 'name', max: 200, body: (text) => ({ name: text, url: 'https://p.test' }) },
    { method: 'POST', url: () => '/api/management/portals', as: asAdmin, field: 'id', max: 64, body: (text) => ({ id: text.toLowerCase().replace(/[^a-z]/g, 'a'), name: 'P', url: 'https://p.test' }) },
    {
      method: 'POST',
      url: () => '/api/management/portals',
      as: asAdmin,
      field: 'url',
      max: URL_MAX_LENGTH,
      body: (text) => ({ name: 'P', url: `https://p.test/${text}`.slice(0, text.length) }),
    },
    { method: 'PUT', url: () => '/api/management/portals/cigna', as: asAdmin, field: 'carriers.0', max: 200, body: (text) => ({ name: 'P', url: 'https://p.test', carriers: [text] }) },
  ];

  it('refuses any text over its maximum with a 400 naming the field, and never echoes it', async () => {
    const before = await credentials();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('a', 'é', '字', 'x1'),
        async (call, extra, unit) => {
          const text = unit.repeat(Math.ceil((call.max + extra) / unit.length)).slice(0, call.max + extra);
          const response = await h.call(call.method, call.url(), { ...call.as, body: call.body(text) });
          expect(response.statusCode).toBe(400);
          expect(response.json<{ details: { path: string }[] }>().details.map((issue) => issue.path)).toContain(call.field);
          expect(response.body).not.toContain(text.slice(0, 100));
        },
      ),
      { numRuns: 120 },
    );
    expect(await credentials()).toEqual(before);
  });
});

describe('JSON nesting depth (item 3)', () => {
  const ROUTES: readonly { method: Method; url: () => string; as: CallOptions; levels: number; wrap: (text: string) => string }[] = [
    { method: 'POST', url: () => '/api/portals/cigna/credentials/', as: asManager, levels: 1, wrap: (text) => `{"username":${text},"password":"p"}` },
    { method: 'PUT', url: () => `/api/portals/credentials/${credentialId}`, as: asManager, levels: 1, wrap: (text) => `{"username":"u","password":${text}}` },
    { method: 'POST', url: () => '/api/portals/credentials/ameritas/mfa', as: asManager, levels: 0, wrap: (text) => text },
    { method: 'POST', url: () => '/api/management/portals', as: asAdmin, levels: 1, wrap: (text) => `{"name":"P","url":"https://p.test","carriers":${text}}` },
    { method: 'PUT', url: () => '/api/management/portals/cigna', as: asAdmin, levels: 1, wrap: (text) => `{"name":${text},"url":"https://p.test"}` },
  ];

  it('answers a nested body past JSON_MAX_DEPTH with 400 naming the limit, and never 500, on every JSON route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), nestedJsonCases(fc, JSON_MAX_DEPTH), async (route, nested) => {
        const body = route.wrap(nested.text);
        const response = await h.call(route.method, route.url(), { ...route.as, headers: { 'content-type': 'application/json' }, body });
        if (response.statusCode === 413) {
          // The other half of the limit: the service's body size (64 KB here), checked before the depth.
          expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
        } else if (nested.depth + route.levels > JSON_MAX_DEPTH) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
        } else {
          expect(response.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 120 },
    );
  });
});
