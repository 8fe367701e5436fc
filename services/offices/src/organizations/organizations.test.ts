import { MESSAGES } from '@dv/contracts';
import { createHarness, TEST_CLIENT_ID, type Harness } from '../testing/harness';
import { normalizeHost } from './organizations.service';

describe('normalizeHost', () => {
  it('lower-cases and drops the port, a trailing dot, a scheme and a path', () => {
    expect(normalizeHost('Demo.Localhost:8080')).toBe('demo.localhost');
    expect(normalizeHost(' demo.localhost. ')).toBe('demo.localhost');
    expect(normalizeHost('https://demo.localhost:8443/login?x=1')).toBe('demo.localhost');
    expect(normalizeHost('[::1]:8080')).toBe('[::1]');
  });

  it('refuses what is not a host', () => {
    for (const bad of ['', 'demo localhost', 'demo.localhost:http', 'a..b', '-a.test', 'x/../y', '[::1', 'a:1:2']) {
      expect(normalizeHost(bad)).toBeNull();
    }
  });
});

describe('public sign-in calls', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const lookup = (body: unknown) => h.call('POST', '/api/auth/organization', { body });

  it('GET /api/auth/credentials/auth0 answers the issuer as domain and the SPA client id, without a token', async () => {
    const response = await h.call('GET', '/api/auth/credentials/auth0');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ domain: h.issuer.issuer, clientId: TEST_CLIENT_ID });
  });

  it('resolves an organization by domain, ignoring case and port', async () => {
    for (const organizationDomain of ['demo.localhost', 'DEMO.localhost:8080', 'http://demo.localhost:5173']) {
      const response = await lookup({ organizationDomain });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: 'org-demo', name: 'demo', clientType: 'dentalOffice' });
    }
    expect((await lookup({ organizationDomain: 'acme.localhost' })).json()).toEqual({
      id: 'org-acme',
      name: 'acme',
      clientType: 'dso',
    });
  });

  it('resolves an organization by name, case-insensitively', async () => {
    const response = await lookup({ organizationName: '  ACME ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'org-acme', name: 'acme', clientType: 'dso' });
  });

  it('answers 204 without a body for a host that names no organization (asked at every load there: not an error)', async () => {
    for (const organizationDomain of ['nobody.localhost', 'localhost:8080', '127.0.0.1', 'not a host']) {
      const response = await lookup({ organizationDomain });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
  });

  it('answers 404 with the envelope for an unknown name', async () => {
    for (const body of [{ organizationName: 'nobody' }, { organizationName: 'not an organization' }]) {
      const response = await lookup(body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Organization not found',
        requestId: expect.any(String),
      });
    }
  });

  it("answers 400 naming the field and the specification's reason", async () => {
    const short = await lookup({ organizationName: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      statusCode: 400,
      details: [{ location: 'body', path: 'organizationName', message: MESSAGES.ORGANIZATION_NAME_TOO_SHORT }],
    });
    const empty = await lookup({ organizationName: '  ' });
    expect(empty.json()).toMatchObject({ details: [{ path: 'organizationName', message: MESSAGES.ORGANIZATION_NAME_EMPTY }] });
    const blankDomain = await lookup({ organizationDomain: '' });
    expect(blankDomain.statusCode).toBe(400);
    expect(blankDomain.json()).toMatchObject({ details: [{ path: 'organizationDomain' }] });
    expect((await lookup({})).statusCode).toBe(400);
  });
});
