/**
 * POST /oidc/backchannel-logout on the real gateway: only a logout token of the configured issuer for our client
 * signs a session out; anything else is a 400 (never a 500) and signs nobody out.
 */
import { BACKCHANNEL_LOGOUT_EVENT } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import fc from 'fast-check';
import { BACKCHANNEL_LOGOUT_PATH } from './backchannel-logout';
import { HOST_A, STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';

const CLIENT_ID = 'verific-web';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let harness: GatewayHarness;
let forger: TestIssuer;

beforeAll(async () => {
  harness = await startGatewayHarness({ config: { oidcClientId: CLIENT_ID } });
  // Same issuer name, other keys: what someone without the provider's key can sign.
  forger = await createTestIssuer({ issuer: harness.issuer.issuer });
});
afterAll(async () => {
  await harness.close();
  await forger.close();
});

const logoutToken = (sid: string, by: TestIssuer = harness.issuer, claims: Record<string, unknown> = {}) =>
  by.sign({ sub: STAFF_A.sub, sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} }, ...claims }, { audience: CLIENT_ID, typ: 'logout+jwt' });
const postLogout = (body: string, headers: Record<string, string> = FORM) =>
  harness.call(BACKCHANNEL_LOGOUT_PATH, { method: 'POST', headers, body });
const callAs = async (sid: string) =>
  harness.call('/api/portals/credentials', {
    headers: { host: HOST_A, authorization: `Bearer ${await harness.token({ ...STAFF_A, sid })}`, 'connected-dental-office': 'office-a1' },
  });

describe('back-channel logout endpoint', () => {
  it("signs out the token's session (200, no-store) and no other", async () => {
    expect((await callAs('session-1')).status).toBe(200);
    const response = await postLogout(new URLSearchParams({ logout_token: await logoutToken('session-1') }).toString());
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await callAs('session-1')).status).toBe(401);
    expect((await callAs('session-2')).status).toBe(200);
  });

  it.each([
    ['a token signed with other keys', async () => logoutToken('session-forged', forger)],
    ['an access token', async () => harness.token({ ...STAFF_A, sid: 'session-forged' })],
    ['a token for another client', async () => harness.issuer.sign({ sid: 'session-forged', events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } }, { audience: 'other', typ: 'logout+jwt' })],
    ['a token with a nonce', async () => logoutToken('session-forged', harness.issuer, { nonce: 'n' })],
  ])('refuses %s with 400 and signs nobody out', async (_name, token) => {
    const response = await postLogout(new URLSearchParams({ logout_token: await token() }).toString());
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', requestId: expect.any(String) });
    expect((await callAs('session-forged')).status).toBe(200);
  });

  it('answers 400, never 500, to any other body or content type (generated cases)', async () => {
    const valid = await logoutToken('session-kept');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.constant(`logout_token=${valid}&logout_token=${valid}`),
          fc.constant(JSON.stringify({ logout_token: valid })),
          fc.string({ maxLength: 200 }).map((value) => new URLSearchParams({ logout_token: value }).toString()),
        ),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data; boundary=x'),
        async (body, contentType) => {
          const response = await postLogout(body, { 'content-type': contentType });
          expect(response.status).toBe(400);
        },
      ),
      { numRuns: 150 },
    );
    expect((await callAs('session-kept')).status).toBe(200);
  });
});
