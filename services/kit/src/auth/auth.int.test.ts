import { Writable } from 'node:stream';
import { base64url, exportSPKI, importJWK, SignJWT, type CryptoKey } from 'jose';
import { z } from 'zod';
import { createLogger } from '../logger';
import { buildServer, type Server } from '../server';
import { createTestIssuer, type TestIssuer } from '../testing/test-issuer';
import { authPlugin, requireActor, requireRoles } from './auth-plugin';
import { OFFICE_HEADER } from './office-access';
import { createTokenVerifier } from './token-verifier';

// Offices and the organization each belongs to, as the offices service would answer.
const OFFICE_ORG: Record<string, string> = { o1: 'org-a', o2: 'org-a', o3: 'org-a', o9: 'org-b' };

const staffClaims = {
  sub: 'user-staff',
  email: 'staff@demo.test',
  org: 'org-a',
  roles: ['staff'],
  allowedOfficeIds: ['o1'],
};
const adminClaims = {
  sub: 'user-admin',
  email: 'admin@demo.test',
  org: 'org-a',
  roles: ['admin'],
  allowedOfficeIds: [],
};

describe('auth plugin against a JWKS served over HTTP on loopback', () => {
  let issuer: TestIssuer;
  let stranger: TestIssuer;
  let app: Server;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: 'https://id.demo.test/', audience: 'https://api.demo.test' });
    stranger = await createTestIssuer({ issuer: issuer.issuer, audience: issuer.audience });
    const jwksUri = await issuer.serveJwks();
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildServer({
      name: 'auth-test',
      rateLimit: false,
      logger: createLogger({ name: 'auth-test', destination }),
    });
    await app.register(authPlugin, {
      verifier: createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience, keys: { jwksUri } }),
      officeBelongsToOrg: (officeId, orgId) => Promise.resolve(OFFICE_ORG[officeId] === orgId),
    });
    const Me = z.object({
      userId: z.string(),
      orgId: z.string(),
      officeId: z.string().optional(),
      roles: z.array(z.string()),
    });
    app.get('/me', { schema: { response: { 200: Me } } }, (request) => {
      const actor = requireActor(request);
      return { ...actor, roles: [...actor.roles] };
    });
    app.get('/management', { preHandler: requireRoles('admin', 'superadministrator') }, () => ({ ok: true }));
    app.get('/public', { config: { auth: false } }, (request) => ({ actor: request.actor }));
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const me = (token: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: '/me',
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    });

  async function expect401(token: string | undefined, headers: Record<string, string> = {}) {
    const response = await me(token, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(response.body).not.toContain('user-staff');
    return response;
  }

  describe('accepts', () => {
    it('a valid RS256 access token', async () => {
      const response = await me(await issuer.sign(staffClaims));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userId: 'user-staff', orgId: 'org-a', roles: ['staff'] });
    });

    it('a valid ES256 access token', async () => {
      expect((await me(await issuer.sign(staffClaims, { alg: 'ES256' }))).statusCode).toBe(200);
    });

    it('a token that expired less than 60 s ago (clock skew)', async () => {
      expect((await me(await issuer.sign(staffClaims, { expiresInSeconds: -30 }))).statusCode).toBe(200);
    });

    it('public routes and probes without a token', async () => {
      expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ actor: null });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });

  describe('rejects with 401', () => {
    it('no token, another scheme, or forged identity headers instead of a token', async () => {
      const response = await expect401(undefined);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      await expect401(undefined, { authorization: `Basic ${Buffer.from('staff:demo').toString('base64')}` });
      await expect401(undefined, { 'x-user-id': 'user-admin', 'x-roles': 'admin', 'x-org-id': 'org-a' });
      await expect401('not-a-jwt');
    });

    it("alg 'none'", async () => {
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
      const now = Math.floor(Date.now() / 1000);
      const payload = base64url.encode(
        JSON.stringify({ ...staffClaims, iss: issuer.issuer, aud: issuer.audience, iat: now, exp: now + 300 }),
      );
      await expect401(`${header}.${payload}.`);
    });

    it('HS256 signed with the public key as the secret (algorithm confusion)', async () => {
      const publicPem = await exportSPKI(
        (await importJWK(issuer.rsaPublicJwk, 'RS256', { extractable: true })) as CryptoKey,
      );
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT(staffClaims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: issuer.rsaPublicJwk.kid })
        .setIssuer(issuer.issuer)
        .setAudience(issuer.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode(publicPem));
      await expect401(forged);
    });

    it('a wrong issuer', async () => {
      await expect401(await issuer.sign(staffClaims, { issuer: 'https://evil.test/' }));
    });

    it('a wrong audience', async () => {
      await expect401(await issuer.sign(staffClaims, { audience: 'https://other-api.test' }));
    });

    it('a token expired more than 60 s ago', async () => {
      await expect401(await issuer.sign(staffClaims, { expiresInSeconds: -90 }));
    });

    it('an unknown kid', async () => {
      await expect401(await stranger.sign(staffClaims));
      await expect401(await issuer.sign(staffClaims, { kid: 'rotated-away' }));
    });

    it('a tampered signature, and a tampered payload under a valid signature', async () => {
      const token = await issuer.sign(staffClaims);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      await expect401(`${header}.${payload}.${flipped}`);
      const escalated = base64url.encode(
        JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), roles: ['goduser'] }),
      );
      await expect401(`${header}.${escalated}.${signature}`);
      // Signed by a key the JWKS does not hold, under a kid it does hold.
      await expect401(await stranger.sign(staffClaims, { kid: issuer.rsaPublicJwk.kid }));
    });

    it('an ID token (typ JWT, or no typ) from the same issuer', async () => {
      await expect401(await issuer.sign({ ...staffClaims, nonce: 'n' }, { typ: 'JWT' }));
      await expect401(await issuer.sign({ ...staffClaims, nonce: 'n' }, { typ: null }));
    });

    it('claims the session needs missing (organization)', async () => {
      const { org: _org, ...withoutOrg } = staffClaims;
      await expect401(await issuer.sign(withoutOrg));
    });
  });

  describe('Connected-Dental-Office header', () => {
    it('lets a user act for an allowed office, with that office in the actor', async () => {
      const response = await me(await issuer.sign(staffClaims), { [OFFICE_HEADER]: 'o1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userId: 'user-staff', orgId: 'org-a', officeId: 'o1', roles: ['staff'] });
    });

    it('refuses (403, no data) an office of the same organization the user may not act for', async () => {
      const response = await me(await issuer.sign(staffClaims), { [OFFICE_HEADER]: 'o2' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(response.body).not.toContain('user-staff');
    });

    it("refuses (403) another organization's office to a staff user", async () => {
      expect((await me(await issuer.sign(staffClaims), { [OFFICE_HEADER]: 'o9' })).statusCode).toBe(403);
    });

    it('applies the roles keyed by the named office', async () => {
      const token = await issuer.sign({
        ...staffClaims,
        roles: { o1: ['staffmanager'], o2: ['staff'] },
        allowedOfficeIds: ['o1', 'o2'],
      });
      expect((await me(token, { [OFFICE_HEADER]: 'o2' })).json()).toMatchObject({ officeId: 'o2', roles: ['staff'] });
      expect((await me(token, { [OFFICE_HEADER]: 'o1' })).json()).toMatchObject({
        officeId: 'o1',
        roles: ['staffmanager'],
      });
      expect((await me(token)).json()).toMatchObject({ roles: [] });
    });

    it('lets a company role act for any office of its organization, and no other', async () => {
      const token = await issuer.sign(adminClaims);
      const own = await me(token, { [OFFICE_HEADER]: 'o3' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ userId: 'user-admin', orgId: 'org-a', officeId: 'o3', roles: ['admin'] });
      expect((await me(token, { [OFFICE_HEADER]: 'o9' })).statusCode).toBe(403);
      expect((await me(token, { [OFFICE_HEADER]: 'unknown-office' })).statusCode).toBe(403);
    });

    it('answers 400 to a header that is not an office id', async () => {
      const response = await me(await issuer.sign(staffClaims), { [OFFICE_HEADER]: 'o1; drop' });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('requireRoles', () => {
    it('lets a listed role through and refuses the others with 403', async () => {
      const admin = await app.inject({
        method: 'GET',
        url: '/management',
        headers: { authorization: `Bearer ${await issuer.sign(adminClaims)}` },
      });
      expect(admin.statusCode).toBe(200);
      const staff = await app.inject({
        method: 'GET',
        url: '/management',
        headers: { authorization: `Bearer ${await issuer.sign(staffClaims)}` },
      });
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toMatchObject({ statusCode: 403, message: 'Your role does not allow this' });
    });
  });

  it('puts the request id and the actor on the request log lines, never the token', async () => {
    const token = await issuer.sign(staffClaims);
    await me(token, { [OFFICE_HEADER]: 'o1', 'x-request-id': 'req-actor-1' });
    const completed = logLines.find((line) => line.requestId === 'req-actor-1' && line.msg === 'request completed');
    expect(completed).toMatchObject({ userId: 'user-staff', orgId: 'org-a', officeId: 'o1' });
    expect(JSON.stringify(logLines)).not.toContain(token);
  });
});

describe('token verifier configuration', () => {
  it('refuses a clock tolerance above 60 s and algorithms outside RS256/ES256', () => {
    const keys = { jwks: { keys: [] } };
    expect(() => createTokenVerifier({ issuer: 'i', audience: 'a', keys, clockToleranceSeconds: 61 })).toThrow(
      RangeError,
    );
    expect(() =>
      createTokenVerifier({ issuer: 'i', audience: 'a', keys, algorithms: ['HS256' as unknown as 'RS256'] }),
    ).toThrow(RangeError);
  });

  it('answers 503, not 401, when the JWKS cannot be fetched', async () => {
    const issuer = await createTestIssuer();
    const verifier = createTokenVerifier({
      issuer: issuer.issuer,
      audience: issuer.audience,
      keys: { jwksUri: 'http://127.0.0.1:9/jwks', timeoutMs: 500 },
    });
    await expect(verifier.verify(await issuer.sign(staffClaims))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('refuses each bad token for its own reason (the JOSE error kept as the cause)', async () => {
    const issuer = await createTestIssuer();
    const other = await createTestIssuer();
    const verifier = createTokenVerifier({
      issuer: issuer.issuer,
      audience: issuer.audience,
      keys: { jwks: issuer.jwks },
    });
    const reason = async (token: string) => {
      const error = (await verifier.verify(token).then(
        () => undefined,
        (rejected: unknown) => rejected,
      )) as { statusCode: number; cause?: { code?: string; claim?: string } } | undefined;
      expect(error?.statusCode).toBe(401);
      return { code: error?.cause?.code, claim: error?.cause?.claim };
    };
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none' }))}.${base64url.encode(
      JSON.stringify({ ...staffClaims, iss: issuer.issuer, aud: issuer.audience, exp: now + 60 }),
    )}.`;
    const hs256 = await new SignJWT(staffClaims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(issuer.issuer)
      .setAudience(issuer.audience)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(JSON.stringify(issuer.rsaPublicJwk)));
    expect(await reason(unsigned)).toMatchObject({ code: 'ERR_JOSE_ALG_NOT_ALLOWED' });
    expect(await reason(hs256)).toMatchObject({ code: 'ERR_JOSE_ALG_NOT_ALLOWED' });
    expect(await reason(await issuer.sign(staffClaims, { issuer: 'https://evil.test/' }))).toEqual({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'iss',
    });
    expect(await reason(await issuer.sign(staffClaims, { audience: 'x' }))).toEqual({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'aud',
    });
    expect(await reason(await issuer.sign(staffClaims, { expiresInSeconds: -61 }))).toEqual({
      code: 'ERR_JWT_EXPIRED',
      claim: 'exp',
    });
    expect(await reason(await other.sign(staffClaims))).toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    expect(await reason(await other.sign(staffClaims, { kid: issuer.rsaPublicJwk.kid }))).toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
    expect(await reason(await issuer.sign(staffClaims, { typ: 'JWT' }))).toEqual({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'typ',
    });
  });

  it('verifies against a local JWKS object too', async () => {
    const issuer = await createTestIssuer();
    const verifier = createTokenVerifier({
      issuer: issuer.issuer,
      audience: issuer.audience,
      keys: { jwks: issuer.jwks },
    });
    const { claims, header } = await verifier.verify(await issuer.sign(staffClaims));
    expect(claims).toMatchObject({ sub: 'user-staff', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['o1'] });
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
  });
});
