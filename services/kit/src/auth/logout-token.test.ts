import { createTestIssuer, type TestIssuer } from '../testing/test-issuer';
import { BACKCHANNEL_LOGOUT_EVENT, createLogoutTokenVerifier, type LogoutTokenVerifier } from './logout-token';

const CLIENT_ID = 'verific-web';
const event = { [BACKCHANNEL_LOGOUT_EVENT]: {} };

let issuer: TestIssuer;
let verifier: LogoutTokenVerifier;

beforeAll(async () => {
  issuer = await createTestIssuer();
  verifier = createLogoutTokenVerifier({ issuer: issuer.issuer, clientId: CLIENT_ID, keys: { jwks: issuer.jwks } });
});

const logoutToken = (claims: Record<string, unknown>, options: Parameters<TestIssuer['sign']>[1] = {}) =>
  issuer.sign({ sub: 'user-1', sid: 'session-1', events: event, ...claims }, { audience: CLIENT_ID, typ: 'logout+jwt', ...options });

describe('logout token verifier', () => {
  it('reads the session of a logout token (typed logout+jwt, JWT or untyped)', async () => {
    for (const typ of ['logout+jwt', 'JWT', null]) {
      await expect(verifier.verify(await logoutToken({}, { typ }))).resolves.toEqual({ sid: 'session-1', sub: 'user-1' });
    }
  });

  it.each([
    ['an access token', () => logoutToken({}, { typ: 'at+jwt' })],
    ['an ID token (no logout event, a nonce)', () => issuer.sign({ sub: 'user-1', sid: 's', nonce: 'n' }, { audience: CLIENT_ID, typ: 'JWT' })],
    ['a nonce', () => logoutToken({ nonce: 'n' })],
    ['no session id', () => logoutToken({ sid: undefined })],
    ['another event', () => logoutToken({ events: { 'http://example.com/other': {} } })],
    ['another audience', () => logoutToken({}, { audience: 'someone-else' })],
    ['another issuer', () => logoutToken({}, { issuer: 'https://other.test/' })],
    ['an expired token', () => logoutToken({}, { expiresInSeconds: -120 })],
  ])('refuses %s with 400', async (_name, token) => {
    await expect(verifier.verify(await token())).rejects.toMatchObject({ statusCode: 400, message: 'Invalid logout token' });
  });

  it('refuses what is not a JWT at all with 400', async () => {
    for (const token of ['', 'x', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.']) {
      await expect(verifier.verify(token)).rejects.toMatchObject({ statusCode: 400 });
    }
  });
});
