import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify } from 'jose';
import { createDevIdp, DEFAULT_AUDIENCE, type DevIdp, WEB_CLIENT_ID } from './app';
import { sessionClaimsFor } from './claims';
import { signInWithCodeFlow, silentLogger } from './testing';
import { DEMO_OFFICES, USERS } from './users';

let idp: DevIdp;
let url: string;

beforeAll(async () => {
  idp = createDevIdp({ enableTestTokenEndpoint: true, logger: silentLogger });
  ({ url } = await idp.start());
});

afterAll(() => idp.close());

function postDevToken(body: unknown, base = url): Promise<Response> {
  return fetch(`${base}/dev/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function verify(token: string) {
  return jwtVerify(token, createRemoteJWKSet(new URL(`${url}/jwks`)), {
    issuer: url,
    audience: DEFAULT_AUDIENCE,
    typ: 'at+jwt',
    algorithms: ['RS256'],
  });
}

describe('POST /dev/token', () => {
  it.each(USERS.map((user) => [user.email, user] as const))(
    'issues a verifiable access token for %s with that user’s session claims',
    async (email, user) => {
      const response = await postDevToken({ email });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { access_token: string };
      expect(Object.keys(body)).toEqual(['access_token']);

      const { payload, protectedHeader } = await verify(body.access_token);
      expect(protectedHeader).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: idp.jwks.keys[0]?.kid });
      expect(payload).toMatchObject({
        ...sessionClaimsFor(user, DEMO_OFFICES),
        sub: user.id,
        client_id: WEB_CLIENT_ID,
        scope: 'api',
      });
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    },
  );

  it('mints the same claim set as a real sign-in', async () => {
    const real = await signInWithCodeFlow({ baseUrl: url, email: 'groupmanager@demo.test', password: 'demo' });
    const minted = ((await (await postDevToken({ email: 'groupmanager@demo.test' })).json()) as { access_token: string })
      .access_token;
    const realClaims = decodeJwt(real.access_token);
    const mintedClaims = decodeJwt(minted);
    expect(Object.keys(mintedClaims).sort()).toEqual(Object.keys(realClaims).sort());
    const { jti: _a, iat: _b, exp: _c, ...realStable } = realClaims;
    const { jti: _d, iat: _e, exp: _f, ...mintedStable } = mintedClaims;
    expect(mintedStable).toEqual(realStable);
  });

  it('honours the requested lifetime: a 1 second token is rejected once expired', async () => {
    const response = await postDevToken({ email: 'staff@demo.test', expiresInSeconds: 1 });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const { payload } = await verify(token);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expect(verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('honours a long lifetime', async () => {
    const response = await postDevToken({ email: 'agent@demo.test', expiresInSeconds: 86400 });
    const { payload } = await verify(((await response.json()) as { access_token: string }).access_token);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(86400);
  });

  it('matches the email regardless of case and surrounding blanks', async () => {
    const response = await postDevToken({ email: '  Staff@Demo.TEST ' });
    expect(response.status).toBe(200);
  });

  it('answers 400 with a clear message for an unknown email', async () => {
    const response = await postDevToken({ email: 'nobody@demo.test' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unknown user: nobody@demo.test',
      requestId: expect.any(String),
    });
  });

  it.each([
    ['a lifetime under 1 second', { email: 'staff@demo.test', expiresInSeconds: 0 }, 'expiresInSeconds must be at least 1'],
    ['a fractional lifetime', { email: 'staff@demo.test', expiresInSeconds: 1.5 }, 'whole number of seconds'],
    ['a lifetime given as text', { email: 'staff@demo.test', expiresInSeconds: '60' }, 'expected number'],
    ['no email', {}, 'expected string'],
    ['an unknown field', { email: 'staff@demo.test', admin: true }, 'Unrecognized key'],
    ['a body that is not JSON', 'email=staff@demo.test', 'Body must be JSON'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await postDevToken(body);
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as { statusCode: number; message: string };
    expect(envelope.statusCode).toBe(400);
    expect(envelope.message).toContain(message);
  });

  it('answers 405 to other methods', async () => {
    expect((await fetch(`${url}/dev/token`)).status).toBe(405);
  });

  it('is also available in process, signed with the published key', async () => {
    const token = await idp.issueTestToken('doregistration@demo.test', 120);
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [...idp.jwks.keys] }), {
      issuer: url,
      audience: DEFAULT_AUDIENCE,
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({ roles: ['doregistration'], allowedOfficeIds: [] });
    for (const unset of ['officeId', 'paymentType', 'planType', 'integration']) expect(payload).not.toHaveProperty(unset);
  });
});

describe('POST /dev/token when not enabled', () => {
  it('answers 404 and issues nothing', async () => {
    const closed = createDevIdp({ logger: silentLogger });
    const { url: closedUrl } = await closed.start();
    try {
      const response = await postDevToken({ email: 'staff@demo.test' }, closedUrl);
      expect(response.status).toBe(404);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty('access_token');
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    } finally {
      await closed.close();
    }
  });
});
