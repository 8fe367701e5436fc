/**
 * Defence in depth: a service built with the kit, reached directly (not through the gateway) by a caller who
 * forges the identity headers a gateway might have set, refuses the request. The same check against the real
 * offices service is in services/standalone (direct-access.int.test.ts).
 */
import type { AddressInfo } from 'node:net';
import { authPlugin, buildServer, createLogger, createTokenVerifier, requireActor, type Server } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { callUrl } from './testing/harness';

const FORGED = {
  'x-user-id': 'user-superadministrator',
  'x-org-id': 'org-a',
  'x-organization-id': 'org-a',
  'x-roles': 'superadministrator',
  'x-actor-id': 'user-superadministrator',
  'x-forwarded-user': 'superadministrator@a.test',
  'x-internal-token': 'guessed',
  'connected-dental-office': 'office-a1',
};

describe('a kit-built service reached directly with forged identity headers', () => {
  let issuer: TestIssuer;
  let service: Server;
  let url: string;

  beforeAll(async () => {
    issuer = await createTestIssuer();
    service = await buildServer({ name: 'direct', rateLimit: false, logger: createLogger({ name: 'direct', level: 'silent' }) });
    await service.register(authPlugin, {
      verifier: createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience, keys: { jwksUri: await issuer.serveJwks() } }),
      officeBelongsToOrg: async (officeId, orgId) => officeId === 'office-a1' && orgId === 'org-a',
    });
    service.get('/api/dentaloffice/user/all', async (request) => ({ offices: ['office-a1'], user: requireActor(request).userId }));
    await service.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  it('refuses the forged headers without a token (401, no data)', async () => {
    const response = await callUrl(url, '/api/dentaloffice/user/all', { headers: FORGED });
    expect(response.status).toBe(401);
    expect(response.text).not.toContain('office-a1');
  });

  it('does not let forged headers widen a real token: a staff token naming an office not theirs is a 403', async () => {
    const token = await issuer.sign({ sub: 'user-staff', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a2'] });
    const response = await callUrl(url, '/api/dentaloffice/user/all', { headers: { ...FORGED, authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
    expect(response.text).not.toContain('user-staff');
  });
});
