/** The service as a process would run it: startPortals from a configuration, over real HTTP. */
import { stat } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, createInProcessBus, createLogger, INTERNAL_TOKEN_HEADER, officeDirectory } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { loadPortalsConfig, loadRewrapConfig } from './config';
import { startPortals, type RunningPortals } from './app';
import { OFFICE_A1, OFFICE_A2, ORG_A, USERS } from './testing/harness';

const INTERNAL_TOKEN = 'internal-token-for-tests-0123456789';

let dir: string;
let issuer: TestIssuer;
let offices: HttpServer;
let officesUrl: string;
let running: RunningPortals;
const asked: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portals-service-'));
  issuer = await createTestIssuer({ issuer: 'https://id.portals.test/', audience: 'https://api.portals.test' });
  const jwksUrl = await issuer.serveJwks();
  // The offices service's internal route, as the portals service asks it about company users' offices.
  offices = createServer((request, response) => {
    asked.push(`${request.url ?? ''} ${String(request.headers[INTERNAL_TOKEN_HEADER])}`);
    if (request.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL_TOKEN) return void response.writeHead(401).end();
    const id = decodeURIComponent((request.url ?? '').replace('/internal/offices/', ''));
    if (id === OFFICE_A1 || id === OFFICE_A2) {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, orgId: ORG_A }));
    }
    return void response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => offices.listen(0, '127.0.0.1', resolve));
  officesUrl = `http://127.0.0.1:${(offices.address() as AddressInfo).port}`;

  const config = loadPortalsConfig({
    PORT: '0',
    DATA_DIR: dir,
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: issuer.audience,
    OIDC_JWKS_URL: jwksUrl,
    OFFICES_URL: officesUrl,
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    SANDBOX_LOGIN_DELAY_MS: '10',
    LOG_LEVEL: 'silent',
  });
  running = await startPortals({ config, bus: createInProcessBus(), logger: createLogger({ name: 'portals', level: 'silent' }) });
});

afterAll(async () => {
  await running.close();
  await issuer.close();
  await new Promise<void>((resolve) => offices.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

async function get(url: string, user: Record<string, unknown> | null, office?: string) {
  return fetch(`${running.url}${url}`, {
    headers: {
      ...(user ? { authorization: `Bearer ${await issuer.sign(user)}` } : {}),
      ...(office ? { 'connected-dental-office': office } : {}),
    },
  });
}

it('listens, answers the probes, and serves the catalogue to a signed-in user', async () => {
  expect((await get('/healthz', null)).status).toBe(200);
  expect(await (await get('/readyz', null)).json()).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok' } });
  const portals = await get('/api/portals', { ...USERS.managerA1 }, OFFICE_A1);
  expect(portals.status).toBe(200);
  expect(portals.headers.get('cache-control')).toBe('private, no-store');
  expect(((await portals.json()) as unknown[]).length).toBeGreaterThan(10);
  expect((await get('/api/portals', null)).status).toBe(401);
});

it('creates the embedded key file at first start, owner-only', async () => {
  const file = path.join(dir, 'portals-keys', 'kek.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

it("asks the offices service whether a company user's office is of their organization", async () => {
  expect((await get('/api/portals/credentials', { ...USERS.adminA }, OFFICE_A2)).status).toBe(200);
  expect(asked).toContain(`/internal/offices/${OFFICE_A2} ${INTERNAL_TOKEN}`);
  expect((await get('/api/portals/credentials', { ...USERS.adminB }, OFFICE_A2)).status).toBe(403);
  expect((await get('/api/portals/credentials', { ...USERS.adminA }, 'office-unknown')).status).toBe(403);
});

describe('office directory', () => {
  it('caches answers and turns an unreachable offices service into 503', async () => {
    const directory = officeDirectory({ officesUrl, internalApiToken: INTERNAL_TOKEN });
    const before = asked.length;
    expect(await directory(OFFICE_A1, ORG_A)).toBe(true);
    expect(await directory(OFFICE_A1, 'org-b')).toBe(false);
    expect(asked.length).toBe(before + 1);
    const down = officeDirectory({ officesUrl: 'http://127.0.0.1:9', internalApiToken: INTERNAL_TOKEN });
    await expect(down(OFFICE_A1, ORG_A)).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('configuration', () => {
  const base = { OIDC_ISSUER: 'https://id.test/', OIDC_AUDIENCE: 'api' };
  const kek = Buffer.alloc(32, 7).toString('base64');

  it('defaults to the embedded key file and the sandbox', () => {
    const config = loadPortalsConfig({ ...base, DATA_DIR: '/tmp/x' });
    expect(config.keys).toEqual({ source: 'file', file: '/tmp/x/portals-keys/kek.json' });
    expect(config).toMatchObject({ providers: 'sandbox', sandboxLoginDelayMs: 1_500, port: 8082, host: '127.0.0.1' });
  });

  it('reads PORTALS_KEK with its id and the decrypt-only keys', () => {
    const old = Buffer.alloc(32, 9).toString('base64');
    const config = loadPortalsConfig({ ...base, PORTALS_KEK: kek, PORTALS_KEK_ID: 'k2', PORTALS_DECRYPT_ONLY_KEKS: `k1:${old}` });
    expect(config.keys.source).toBe('environment');
    if (config.keys.source !== 'environment') return;
    expect(config.keys.current.id).toBe('k2');
    expect(config.keys.decryptOnly.map((key) => key.id)).toEqual(['k1']);
    const fingerprinted = loadPortalsConfig({ ...base, PORTALS_KEK: kek });
    expect(fingerprinted.keys.source === 'environment' && fingerprinted.keys.current.id).toMatch(/^fp-/);
  });

  it('the rewrap command reads only the data folder or store and the keys: no identity provider, no port', () => {
    expect(loadRewrapConfig({}, '/srv/app')).toEqual({
      dataDir: '/srv/app/data',
      keys: { source: 'file', file: '/srv/app/data/portals-keys/kek.json' },
      logLevel: 'info',
    });
    expect(loadRewrapConfig({ DATA_DIR: 'elsewhere', PORTALS_KEK_FILE: 'keys/kek.json' }, '/srv/app')).toMatchObject({
      dataDir: '/srv/app/elsewhere',
      keys: { source: 'file', file: '/srv/app/keys/kek.json' },
    });
    const old = Buffer.alloc(32, 9).toString('base64');
    const shared = loadRewrapConfig({ MONGODB_URI: 'mongodb://db/portals', PORTALS_KEK: kek, PORTALS_KEK_ID: 'k2', PORTALS_DECRYPT_ONLY_KEKS: `k1:${old}` });
    expect(shared.mongodbUri).toBe('mongodb://db/portals');
    expect(shared.keys.source === 'environment' && [shared.keys.current.id, shared.keys.decryptOnly.map((key) => key.id)]).toEqual(['k2', ['k1']]);
    expect(() => loadRewrapConfig({ MONGODB_URI: 'mongodb://db/portals' })).toThrow(/PORTALS_KEK/);
  });

  it('refuses bad keys without printing them, and a MongoDB store without a managed key', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    let error: unknown;
    try {
      loadPortalsConfig({ ...base, PORTALS_KEK: short, PORTALS_DECRYPT_ONLY_KEKS: 'nocolon' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('PORTALS_KEK');
    expect((error as ConfigError).message).toContain('PORTALS_DECRYPT_ONLY_KEKS');
    expect((error as ConfigError).message).not.toContain(short);
    expect(() => loadPortalsConfig({ ...base, MONGODB_URI: 'mongodb://db/portals' })).toThrow(/PORTALS_KEK/);
    expect(() => loadPortalsConfig({ ...base, OFFICES_URL: 'http://offices:8081' })).toThrow(/INTERNAL_API_TOKEN/);
    expect(() => loadPortalsConfig({ ...base, PORTAL_PROVIDERS: 'dentalXChange' })).toThrow(/PORTAL_PROVIDERS/);
  });
});
