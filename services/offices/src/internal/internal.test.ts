import { createHarness, TEST_INTERNAL_TOKEN, type Harness } from '../testing/harness';
import { INTERNAL_TOKEN_HEADER, internalTokenMatches } from './internal-token';

describe('internalTokenMatches', () => {
  it('matches only the exact token', () => {
    expect(internalTokenMatches('secret-secret-secret', 'secret-secret-secret')).toBe(true);
    for (const given of [undefined, '', 'secret-secret-secre', 'secret-secret-secret ', 'SECRET-SECRET-SECRET', ['secret-secret-secret']]) {
      expect(internalTokenMatches(given, 'secret-secret-secret')).toBe(false);
    }
  });
});

describe('internal routes for the gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  /** `token` null sends no internal token header. */
  const internal = (url: string, token: string | null = TEST_INTERNAL_TOKEN) =>
    h.call('GET', url, { headers: token === null ? {} : { [INTERNAL_TOKEN_HEADER]: token } });

  it('reject a missing or wrong internal token with 401, whatever else is sent', async () => {
    const admin = await h.tokenFor('superadministrator');
    for (const url of ['/internal/offices/office-demo-1', '/internal/offices/office-demo-1/profile', '/internal/organizations/resolve?host=demo.localhost', '/internal/organizations/org-demo']) {
      for (const token of [null, '', 'wrong-token', `${TEST_INTERNAL_TOKEN}x`]) {
        const response = await internal(url, token);
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain('org-demo');
      }
      const bearer = await h.call('GET', url, { token: admin });
      expect(bearer.statusCode).toBe(401);
    }
  });

  it("GET /internal/offices/{id}/profile answers the office's organization, plan type, schedule integration and payment type", async () => {
    expect((await internal('/internal/offices/office-acme-1/profile')).json()).toEqual({
      id: 'office-acme-1',
      orgId: 'org-acme',
      planType: 'premium',
      scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'acme-downtown' } },
      paymentType: 'invoice',
    });
    const missing = await internal('/internal/offices/office-nope/profile');
    expect(missing.statusCode).toBe(404);
  });

  it('GET /internal/offices/{id} answers the owning organization', async () => {
    expect((await internal('/internal/offices/office-demo-1')).json()).toEqual({ id: 'office-demo-1', orgId: 'org-demo' });
    expect((await internal('/internal/offices/office-acme-1')).json()).toEqual({ id: 'office-acme-1', orgId: 'org-acme' });
    const missing = await internal('/internal/offices/office-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'Office not found' });
  });

  it('GET /internal/organizations/resolve?host= resolves the Host header, port and case ignored', async () => {
    for (const host of ['demo.localhost', 'demo.localhost:8080', 'Demo.LocalHost']) {
      const response = await internal(`/internal/organizations/resolve?host=${encodeURIComponent(host)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: 'org-demo', name: 'demo', clientType: 'dentalOffice' });
    }
    expect((await internal('/internal/organizations/resolve?host=acme.localhost:8080')).json()).toMatchObject({ id: 'org-acme' });
    for (const host of ['localhost:8080', 'unknown.test', 'bad host']) {
      const response = await internal(`/internal/organizations/resolve?host=${encodeURIComponent(host)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Organization not found' });
    }
    const missing = await internal('/internal/organizations/resolve');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ location: 'querystring', path: 'host' }] });
  });

  it('GET /internal/organizations/{id} checks an organization id the SPA stored', async () => {
    expect((await internal('/internal/organizations/org-acme')).json()).toEqual({ id: 'org-acme', name: 'acme', clientType: 'dso' });
    expect((await internal('/internal/organizations/org-nope')).statusCode).toBe(404);
  });
});
