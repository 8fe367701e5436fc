/**
 * The verified token cache (verified-tokens.ts) on the real gateway: once a token passed, nothing made from its
 * parts passes with it, and a session signed out afterwards is refused at its next call although its token is
 * still in the cache.
 */
import { BACKCHANNEL_LOGOUT_EVENT } from '@dv/kit';
import fc from 'fast-check';
import { base64url } from 'jose';
import { BACKCHANNEL_LOGOUT_PATH } from './backchannel-logout';
import { HOST_A, ORG_B, STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';

const CLIENT_ID = 'verific-web';
const OFFICE_SETTINGS = '/api/dentaloffice/user/all';

let harness: GatewayHarness;

beforeAll(async () => {
  harness = await startGatewayHarness({ config: { oidcClientId: CLIENT_ID } });
});
afterAll(() => harness.close());

const callWith = (token: string) =>
  harness.call(OFFICE_SETTINGS, { headers: { host: HOST_A, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1' } });

/** The token's payload with these claims changed, re-encoded, its header and signature kept. */
function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
  return [header, base64url.encode(JSON.stringify({ ...claims, ...changes })), signature].join('.');
}

describe('verified token cache on the gateway', () => {
  it('refuses (401) a cached token whose claims were changed, for any change (generated cases)', async () => {
    const token = await harness.token(STAFF_A);
    expect((await callWith(token)).status).toBe(200);
    const change = fc.oneof(
      fc.record({ org: fc.constantFrom(ORG_B.id, 'org-x') }),
      fc.record({ roles: fc.constantFrom(['admin'], ['superadmin'], ['staffmanager']) }),
      fc.record({ allowedOfficeIds: fc.constantFrom(['office-a1', 'office-a2'], ['office-b1']) }),
      fc.record({ exp: fc.integer({ min: Math.floor(Date.now() / 1000) + 1_000, max: 4_000_000_000 }) }),
      fc.record({ sub: fc.string({ minLength: 1, maxLength: 12 }) }),
    );
    await fc.assert(
      fc.asyncProperty(change, async (changes) => {
        const forged = withClaims(token, changes);
        fc.pre(forged !== token);
        expect((await callWith(forged)).status).toBe(401);
        expect((await callWith(token)).status).toBe(200);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses (401) a cached token with another signature, or the signature alone on another token', async () => {
    const token = await harness.token(STAFF_A);
    const other = await harness.token({ ...STAFF_A, sub: 'user-other' });
    expect((await callWith(token)).status).toBe(200);
    expect((await callWith(other)).status).toBe(200);
    const [header, payload] = token.split('.') as [string, string];
    const otherSignature = other.split('.')[2] ?? '';
    expect((await callWith(`${header}.${payload}.${otherSignature}`)).status).toBe(401);
    expect((await callWith(`${header}.${payload}.`)).status).toBe(401);
    expect((await callWith(`${token}x`)).status).toBe(401);
  });

  it('refuses (401) a cached token at the next call once its session signed out', async () => {
    const token = await harness.token({ ...STAFF_A, sid: 'session-cached' });
    expect((await callWith(token)).status).toBe(200);
    const logoutToken = await harness.issuer.sign(
      { sub: STAFF_A.sub, sid: 'session-cached', events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } },
      { audience: CLIENT_ID, typ: 'logout+jwt' },
    );
    const loggedOut = await harness.call(BACKCHANNEL_LOGOUT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: logoutToken }).toString(),
    });
    expect(loggedOut.status).toBe(200);
    expect((await callWith(token)).status).toBe(401);
  });
});
