/**
 * The API reference under /api/docs (docs-routes.ts) on a real gateway: the merged document of what the services
 * answer on their GET /openapi.json (here small servers on loopback), public only where configured, otherwise a
 * company user's; the page and Swagger UI's files from the gateway itself, under its content security policy.
 */
import type { AddressInfo } from 'node:net';
import { COMPANY_ROLES, OFFICE_ROLES, type Role } from '@dv/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { HOST_A, startGatewayHarness, userWithRole, type GatewayHarness } from '../testing/harness';
import { serviceDocuments } from './service-documents';

const DOCUMENT = '/api/docs/openapi.json';

/** An offices service that documents one call (and counts how often it was asked). */
async function startDocumentedService(): Promise<{ url: string; asked: () => number; app: FastifyInstance }> {
  let asked = 0;
  const app = Fastify();
  app.get('/openapi.json', () => {
    asked += 1;
    return {
      openapi: '3.1.0',
      info: { title: 'offices', version: '1' },
      paths: { '/api/features': { get: { description: 'The flags.', responses: { 200: { description: 'The flags' } } } } },
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, asked: () => asked, app };
}

type Merged = { paths: Record<string, Record<string, { description?: string; 'x-undocumented'?: boolean }>>; 'x-unavailable-services'?: string[] };

describe('the API reference at /api/docs', () => {
  let documented: Awaited<ReturnType<typeof startDocumentedService>>;
  let open: GatewayHarness;
  let closed: GatewayHarness;
  beforeAll(async () => {
    documented = await startDocumentedService();
    // Every other service gets the harness's upstream double, which answers /openapi.json with an echo.
    open = await startGatewayHarness({ config: { apiDocsPublic: true }, upstreams: { offices: documented.url } });
    closed = await startGatewayHarness({ upstreams: { offices: documented.url } });
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
    await documented.app.close();
  });

  it('where public: the merged document without a token, with what each service documents and which could not', async () => {
    const response = await open.call(DOCUMENT, { headers: { host: HOST_A } });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const merged = response.json<Merged>();
    expect(merged.paths['/api/features']?.get?.description).toBe('Access: public, no token.\n\nThe flags.');
    // The double echoes instead of answering a document: those services are named, their calls still listed.
    expect(merged['x-unavailable-services']).toEqual(expect.arrayContaining(['portals', 'verifications']));
    expect(merged['x-unavailable-services']).not.toContain('offices');
    expect(merged.paths['/api/carriers']?.get?.['x-undocumented']).toBe(true);
    expect(JSON.stringify(merged)).not.toContain('127.0.0.1');
  });

  it('otherwise: 401 without a valid token, 403 for office users, the document for company users', async () => {
    const anonymous = await closed.call(DOCUMENT, { headers: { host: HOST_A } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await closed.call(DOCUMENT, { headers: { authorization: 'Bearer not-a-jwt' } })).status).toBe(401);

    const statusFor = async (role: Role) => {
      const token = await closed.token(userWithRole(role).claims);
      const response = await closed.call(DOCUMENT, { headers: { host: HOST_A, authorization: `Bearer ${token}` } });
      return { role, status: response.status, cache: response.headers['cache-control'] };
    };
    for (const role of OFFICE_ROLES) expect(await statusFor(role)).toMatchObject({ role, status: 403 });
    for (const role of COMPANY_ROLES) expect(await statusFor(role)).toEqual({ role, status: 200, cache: 'private, no-store' });
  });

  it('keeps a service\'s document for a while instead of asking for it on every request', async () => {
    let now = 0;
    const documents = serviceDocuments({ upstreams: { offices: documented.url }, timeoutMs: 2_000, cacheTtlMs: 60_000, now: () => now });
    const before = documented.asked();
    await documents.load();
    await documents.load();
    expect(documented.asked() - before).toBe(1);
    now = 60_001;
    const sources = await documents.load();
    expect(documented.asked() - before).toBe(2);
    // Services the table names but the deployment lacks: no document, and why.
    expect(sources.get('billing')).toEqual({ unavailable: 'the service is not configured on this deployment' });
  });

  it('serves the page, its script and the two Swagger UI files it loads, under the gateway\'s own policy', async () => {
    const page = await closed.call('/api/docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // No exception for the reference: scripts from the gateway only, none inline.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.text).not.toContain('<script>');
    for (const [path, type] of [
      ['/api/docs/reference.js', 'text/javascript'],
      ['/api/docs/assets/swagger-ui-bundle.js', 'application/javascript'],
      ['/api/docs/assets/swagger-ui.css', 'text/css'],
    ] as const) {
      const file = await closed.call(path);
      expect({ path, status: file.status, type: String(file.headers['content-type']).split(';')[0] }).toEqual({ path, status: 200, type });
    }
  });

  it('serves nothing else of the package, and nothing else under /api/docs', async () => {
    for (const path of [
      '/api/docs/assets/index.html',
      '/api/docs/assets/swagger-initializer.js',
      '/api/docs/assets/swagger-ui-bundle.js.map',
      '/api/docs/assets/../package.json',
      '/api/docs/anything',
      '/API/docs/openapi.json',
    ]) {
      expect({ path, status: (await closed.call(path, { headers: { host: HOST_A } })).status }).toEqual({ path, status: 404 });
    }
  });

  it('the services\' own documents are never reached through the gateway', async () => {
    const before = documented.asked();
    expect((await open.call('/openapi.json', { headers: { host: HOST_A } })).status).toBe(404);
    expect(documented.asked()).toBe(before);
  });
});
