import { request as httpRequest } from 'node:http';
import { base64url, exportSPKI, importJWK, SignJWT, type CryptoKey } from 'jose';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { HOST_A, HOST_B, ORG_A, STAFF_A, startGatewayHarness, type CallResult, type GatewayHarness } from './testing/harness';

const ADMIN_A = { sub: 'user-admin-a', email: 'admin@a.test', org: ORG_A.id, roles: ['admin'], allowedOfficeIds: [] };
/** An authenticated call any signed-in user may make (SPEC section 7). */
const OFFICE_SETTINGS = '/api/dentaloffice/user/all';

describe('gateway security (real gateway, real upstream, JWKS over HTTP)', () => {
  let harness: GatewayHarness;
  let stranger: TestIssuer;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    stranger = await createTestIssuer({ issuer: harness.issuer.issuer, audience: harness.issuer.audience });
  });
  afterAll(async () => {
    await harness.close();
  });

  /** Calls through the gateway and tells whether the upstream saw the request. */
  async function viaGateway(path: string, headers: Record<string, string>, method = 'GET') {
    const before = harness.upstream.received.length;
    const response = await harness.call(path, { method, headers: { host: HOST_A, ...headers } });
    return { response, reached: harness.upstream.received.length > before };
  }

  async function expectRefused(status: number, path: string, headers: Record<string, string>): Promise<CallResult> {
    const { response, reached } = await viaGateway(path, headers);
    expect(response.status).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, requestId: expect.any(String) });
    expect(reached).toBe(false);
    expect(response.text).not.toContain('upstream');
    return response;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1' });

  describe('every token variant is refused with 401 and nothing reaches the service', () => {
    it('a valid token passes (the control case)', async () => {
      const { response, reached } = await viaGateway(OFFICE_SETTINGS, bearer(await harness.token(STAFF_A)));
      expect(response.status).toBe(200);
      expect(reached).toBe(true);
    });

    it('no token, another scheme, garbage', async () => {
      const response = await expectRefused(401, OFFICE_SETTINGS, { 'connected-dental-office': 'office-a1' });
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      await expectRefused(401, OFFICE_SETTINGS, { authorization: `Basic ${Buffer.from('staff:demo').toString('base64')}` });
      await expectRefused(401, OFFICE_SETTINGS, bearer('not-a-jwt'));
    });

    it("alg 'none'", async () => {
      const now = Math.floor(Date.now() / 1000);
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
      const payload = base64url.encode(
        JSON.stringify({ ...STAFF_A, iss: harness.issuer.issuer, aud: harness.issuer.audience, iat: now, exp: now + 300 }),
      );
      await expectRefused(401, OFFICE_SETTINGS, bearer(`${header}.${payload}.`));
    });

    it('HS256 signed with the public key as the secret', async () => {
      const publicKey = (await importJWK(harness.issuer.rsaPublicJwk, 'RS256', { extractable: true })) as CryptoKey;
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT(STAFF_A)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: harness.issuer.rsaPublicJwk.kid })
        .setIssuer(harness.issuer.issuer)
        .setAudience(harness.issuer.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode(await exportSPKI(publicKey)));
      await expectRefused(401, OFFICE_SETTINGS, bearer(forged));
    });

    it('wrong issuer, wrong audience', async () => {
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token(STAFF_A, { issuer: 'https://evil.test/' })));
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token(STAFF_A, { audience: 'https://other-api.test' })));
    });

    it('expired more than 60 s ago (30 s ago is within the allowed clock skew)', async () => {
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token(STAFF_A, { expiresInSeconds: -90 })));
      const { response } = await viaGateway(OFFICE_SETTINGS, bearer(await harness.token(STAFF_A, { expiresInSeconds: -30 })));
      expect(response.status).toBe(200);
    });

    it('an unknown kid', async () => {
      await expectRefused(401, OFFICE_SETTINGS, bearer(await stranger.sign(STAFF_A)));
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token(STAFF_A, { kid: 'rotated-away' })));
    });

    it('a tampered signature, and a tampered payload under a valid signature', async () => {
      const [header, payload, signature] = (await harness.token(STAFF_A)).split('.') as [string, string, string];
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      await expectRefused(401, OFFICE_SETTINGS, bearer(`${header}.${payload}.${flipped}`));
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
      const escalated = base64url.encode(JSON.stringify({ ...claims, roles: ['goduser'] }));
      await expectRefused(401, OFFICE_SETTINGS, bearer(`${header}.${escalated}.${signature}`));
      await expectRefused(401, OFFICE_SETTINGS, bearer(await stranger.sign(STAFF_A, { kid: harness.issuer.rsaPublicJwk.kid })));
    });

    it('an ID token (typ JWT, or no typ)', async () => {
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token({ ...STAFF_A, nonce: 'n' }, { typ: 'JWT' })));
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token({ ...STAFF_A, nonce: 'n' }, { typ: null })));
    });

    it('a token without the organization claim', async () => {
      const { org: _org, ...withoutOrg } = STAFF_A;
      await expectRefused(401, OFFICE_SETTINGS, bearer(await harness.token(withoutOrg)));
    });
  });

  describe('organization and office', () => {
    it("refuses (403, no data) a staff user naming another organization's office", async () => {
      const token = await harness.token(STAFF_A);
      const response = await expectRefused(403, OFFICE_SETTINGS, { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-b1' });
      expect(response.json()).toMatchObject({ error: 'Forbidden', message: 'You may not act for this office' });
      expect(response.text).not.toContain('office-b1');
    });

    it('refuses (403) a staff user naming an office of their organization that is not theirs', async () => {
      const token = await harness.token(STAFF_A);
      await expectRefused(403, OFFICE_SETTINGS, { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a2' });
      await expectRefused(403, '/api/dentaloffice/office-a2', { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a2' });
    });

    it('lets a company user act for any office of their organization, and no other', async () => {
      const token = await harness.token(ADMIN_A);
      const own = await viaGateway(OFFICE_SETTINGS, { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a2' });
      expect(own.response.status).toBe(200);
      await expectRefused(403, OFFICE_SETTINGS, { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-b1' });
      await expectRefused(403, OFFICE_SETTINGS, { authorization: `Bearer ${token}`, 'connected-dental-office': 'no-such-office' });
    });

    it('answers 400 to an office header that is not an office id', async () => {
      await expectRefused(400, OFFICE_SETTINGS, { authorization: `Bearer ${await harness.token(STAFF_A)}`, 'connected-dental-office': 'a b;c' });
    });

    it("refuses a token of another organization than the host's", async () => {
      const token = await harness.token(STAFF_A);
      const before = harness.upstream.received.length;
      const response = await harness.call(OFFICE_SETTINGS, {
        headers: { host: HOST_B, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1' },
      });
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Your account does not belong to this organization' });
      expect(harness.upstream.received.length).toBe(before);
    });

    it('uses the organization the SPA sends where the host does not resolve, and the host where it does', async () => {
      const headers = { authorization: `Bearer ${await harness.token(STAFF_A)}`, 'connected-dental-office': 'office-a1' };
      const other = await harness.call(OFFICE_SETTINGS, { headers: { ...headers, host: 'localhost', 'x-organization-id': 'org-b' } });
      expect(other.status).toBe(403);
      const own = await harness.call(OFFICE_SETTINGS, { headers: { ...headers, host: 'localhost', 'x-organization-id': ORG_A.id } });
      expect(own.status).toBe(200);
      const none = await harness.call(OFFICE_SETTINGS, { headers: { ...headers, host: 'localhost' } });
      expect(none.status).toBe(200);
      const hostWins = await harness.call(OFFICE_SETTINGS, { headers: { ...headers, host: HOST_A, 'x-organization-id': 'org-b' } });
      expect(hostWins.status).toBe(200);
    });

    it('passes on only an organization id that exists: an unknown one is no organization', async () => {
      const known = await harness.call('/api/features', { headers: { host: 'localhost', 'x-organization-id': ORG_A.id } });
      expect(known.status).toBe(200);
      expect(harness.upstream.received.at(-1)?.headers['x-organization-id']).toBe(ORG_A.id);

      const unknown = await harness.call('/api/features', { headers: { host: 'localhost', 'x-organization-id': 'org-bogus' } });
      expect(unknown.status).toBe(200);
      expect(harness.upstream.received.at(-1)?.url).toBe('/api/features');
      expect(harness.upstream.received.at(-1)?.headers).not.toHaveProperty('x-organization-id');

      // Signed in, the token's organization is what counts; an unknown stored id does not get in the way.
      const headers = { authorization: `Bearer ${await harness.token(STAFF_A)}`, 'connected-dental-office': 'office-a1' };
      const signedIn = await harness.call(OFFICE_SETTINGS, { headers: { ...headers, host: 'localhost', 'x-organization-id': 'org-bogus' } });
      expect(signedIn.status).toBe(200);
      expect(harness.upstream.received.at(-1)?.headers).not.toHaveProperty('x-organization-id');
    });

    it("leaves a staff call without an office header to the service, with the user's own roles only", async () => {
      const token = await harness.token(STAFF_A);
      const { response, reached } = await viaGateway('/api/portals/credentials', { authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
      expect(reached).toBe(true);
      expect(harness.upstream.received.at(-1)?.headers).not.toHaveProperty('connected-dental-office');
      // No role is gained by leaving the header out: the staff user still may not manage bug reports.
      await expectRefused(403, '/api/management/bugs', { authorization: `Bearer ${token}` });
    });
  });

  describe('identity headers', () => {
    const FORGED = {
      'x-user-id': 'user-superadministrator',
      'x-user-email': 'superadministrator@a.test',
      'x-org-id': 'org-b',
      'x-organization-id': 'org-b',
      'x-roles': 'superadministrator',
      'x-role': 'goduser',
      'x-actor': 'user-goduser',
      'x-actor-id': 'user-goduser',
      'x-actor-roles': 'goduser',
      'x-internal-token': 'guessed',
      'x-forwarded-user': 'goduser',
      'x-forwarded-email': 'goduser@a.test',
      'x-auth-request-user': 'goduser',
      'x-remote-user': 'goduser',
      'remote-user': 'goduser',
      'x-tenant-id': 'org-b',
    };

    it('strips forged identity headers and forwards the token, the office and the request context', async () => {
      const token = await harness.token(STAFF_A);
      const { response, reached } = await viaGateway(OFFICE_SETTINGS, {
        ...FORGED,
        authorization: `Bearer ${token}`,
        'connected-dental-office': 'office-a1',
        'x-request-id': 'req-forged-1',
      });
      expect(response.status).toBe(200);
      expect(reached).toBe(true);
      const seen = harness.upstream.received.at(-1);
      expect(seen?.url).toBe(OFFICE_SETTINGS);
      for (const name of Object.keys(FORGED)) {
        if (name === 'x-organization-id') continue;
        expect(seen?.headers).not.toHaveProperty(name);
      }
      // Present, but the gateway's own value: the organization the host resolved to.
      expect(seen?.headers['x-organization-id']).toBe(ORG_A.id);
      expect(seen?.headers.authorization).toBe(`Bearer ${token}`);
      expect(seen?.headers['connected-dental-office']).toBe('office-a1');
      expect(seen?.headers['x-request-id']).toBe('req-forged-1');
      expect(seen?.headers['x-forwarded-host']).toBe(HOST_A);
      expect(response.headers['x-request-id']).toBe('req-forged-1');
    });

    it('strips them on public calls too', async () => {
      const { response } = await viaGateway('/api/features', FORGED);
      expect(response.status).toBe(200);
      const seen = harness.upstream.received.at(-1);
      expect(seen?.url).toBe('/api/features');
      for (const name of Object.keys(FORGED)) {
        if (name === 'x-organization-id') continue;
        expect(seen?.headers).not.toHaveProperty(name);
      }
      expect(seen?.headers['x-organization-id']).toBe(ORG_A.id);
      expect(seen?.headers).not.toHaveProperty('authorization');
    });

    it('forged headers instead of a token are a 401', async () => {
      await expectRefused(401, OFFICE_SETTINGS, { ...FORGED, 'connected-dental-office': 'office-a1' });
    });
  });

  describe('internal routes and unknown calls', () => {
    it('never proxies /internal, whatever the credentials', async () => {
      const admin = await harness.token(ADMIN_A);
      for (const path of ['/internal/offices/office-a1', '/internal/organizations/resolve?host=a.localhost', '/internal']) {
        for (const method of ['GET', 'POST', 'DELETE']) {
          const { response, reached } = await viaGateway(path, { authorization: `Bearer ${admin}`, 'x-internal-token': 'x' }, method);
          expect(response.status).toBe(404);
          expect(reached).toBe(false);
        }
      }
    });

    it('does not reach /internal through encoded or dot-segment paths', async () => {
      const admin = { authorization: `Bearer ${await harness.token(ADMIN_A)}` };
      for (const path of [
        '/api/features/../../internal/offices/office-a1',
        '/api/features/%2e%2e/%2e%2e/internal/offices/office-a1',
        '/api/dentaloffice/..%2f..%2finternal%2foffices%2foffice-a1',
        '/%69nternal/offices/office-a1',
      ]) {
        const { response, reached } = await viaGateway(path, admin);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(reached).toBe(false);
      }
      expect(harness.upstream.received.some((seen) => seen.url.includes('internal'))).toBe(false);
    });

    it('answers 404 to calls the route table does not have, before looking at the token', async () => {
      await expectRefused(404, '/api/nope', {});
      await expectRefused(404, '/api/auth/anything-else', {});
      await expectRefused(404, '/api', {});
      const { response } = await viaGateway('/api/portals', { authorization: `Bearer ${await harness.token(STAFF_A)}` }, 'PATCH');
      expect(response.status).toBe(404);
    });

    it('refuses WebSocket upgrades outside /socket.io', async () => {
      const before = harness.upstream.upgrades.length + harness.upstream.received.length;
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(new URL('/api/features', harness.gateway.url), {
          headers: {
            host: HOST_A,
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('upgrade', (_response, socket) => {
          socket.destroy();
          reject(new Error('upgraded'));
        });
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(404);
      expect(harness.upstream.upgrades.length + harness.upstream.received.length).toBe(before);
    });
  });
});
