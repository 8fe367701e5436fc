import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OFFICES_TOPICS } from '@dv/contracts';
import { DEMO_OFFICES, USERS, sessionClaimsFor } from '@dv/dev-idp';
import { ConfigError, createInProcessBus, createLogger, type BusEvent } from '@dv/kit';
import { createDiscoverableTestIssuer, waitFor, type TestIssuer } from '@dv/kit/testing';
import { startOffices } from './app';
import { loadOfficesConfig, type OfficesConfig } from './config';
import { INTERNAL_TOKEN_HEADER } from './internal/internal-token';
import { DEMO_SEED, TEST_INTERNAL_TOKEN } from './testing/harness';

const ENV = {
  OIDC_ISSUER: 'http://127.0.0.1:8090',
  OIDC_AUDIENCE: 'https://api.verific.test',
  OIDC_CLIENT_ID: 'verific-web',
  INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
};

describe('loadOfficesConfig', () => {
  it('reads the environment with defaults', () => {
    const config = loadOfficesConfig({ ...ENV, DATA_DIR: '/var/lib/verific', KAFKA_BROKERS: 'k1:9092, k2:9092' });
    expect(config).toMatchObject({
      port: 8081,
      host: '127.0.0.1',
      dataDir: '/var/lib/verific',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      oidcIssuer: ENV.OIDC_ISSUER,
      oidcAudience: ENV.OIDC_AUDIENCE,
      oidcClientId: 'verific-web',
      internalApiToken: TEST_INTERNAL_TOKEN,
    });
    expect(config.mongodbUri).toBeUndefined();
    expect(config.oidcJwksUrl).toBeUndefined();
    expect(loadOfficesConfig({ ...ENV, PORT: '0' }).port).toBe(0);
  });

  it('names every bad or missing variable, never a value', () => {
    let error: unknown;
    try {
      loadOfficesConfig({ OIDC_ISSUER: 'not a url', INTERNAL_API_TOKEN: 'short', MONGODB_URI: 'postgres://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).problems.map((problem) => problem.variable).sort();
    expect(variables).toEqual(['INTERNAL_API_TOKEN', 'MONGODB_URI', 'OIDC_AUDIENCE', 'OIDC_CLIENT_ID', 'OIDC_ISSUER']);
    expect((error as Error).message).not.toContain('short');
  });
});

describe('startOffices', () => {
  let dataDir: string;
  let issuer: TestIssuer;
  let config: OfficesConfig;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'offices-service-'));
    // An OpenID provider on loopback with its discovery document and keys: the service finds the keys by itself.
    issuer = await createDiscoverableTestIssuer({ audience: ENV.OIDC_AUDIENCE });
    config = loadOfficesConfig({ ...ENV, OIDC_ISSUER: issuer.issuer, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  });

  afterAll(async () => {
    await issuer.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tokenFor = (role: string) => {
    const user = USERS.find((candidate) => candidate.email === `${role}@demo.test`);
    if (!user) throw new Error(role);
    return issuer.sign({ sub: user.id, ...sessionClaimsFor(user, DEMO_OFFICES) });
  };

  it('serves over HTTP on loopback with the embedded store, publishes through the relay, and keeps data across a restart', async () => {
    const bus = createInProcessBus({ logger: createLogger({ name: 'bus', level: 'silent' }) });
    const events: BusEvent[] = [];
    await bus.subscribe(OFFICES_TOPICS.office, 'service-test', (event) => {
      events.push(event);
      return Promise.resolve();
    });
    const first = await startOffices({ config, bus, seed: DEMO_SEED });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const organization = await fetch(`${first.url}/api/auth/organization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationDomain: 'demo.localhost:8080' }),
    });
    expect(await organization.json()).toEqual({ id: 'org-demo', name: 'demo', clientType: 'dentalOffice' });

    const staff = await fetch(`${first.url}/api/dentaloffice/user/all`, { headers: { authorization: `Bearer ${await tokenFor('staff')}` } });
    expect(staff.status).toBe(200);
    expect(((await staff.json()) as { id: string }[]).map((office) => office.id)).toEqual(['office-demo-1']);

    const created = await fetch(`${first.url}/api/management/offices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenFor('admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives Restarts' }),
    });
    expect(created.status).toBe(201);
    const office = (await created.json()) as { id: string };
    await waitFor(() => events.some((event) => event.type === 'office.created' && event.key === office.id), 'office.created on the bus');
    await first.close();
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
    expect(await readdir(path.join(dataDir, 'offices'))).toEqual(expect.arrayContaining(['offices.db', 'outbox.db']));

    const second = await startOffices({ config, bus });
    try {
      const owner = await fetch(`${second.url}/internal/offices/${office.id}`, { headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN } });
      expect(await owner.json()).toEqual({ id: office.id, orgId: 'org-demo' });
      const flags = (await (await fetch(`${second.url}/api/features`)).json()) as unknown[];
      expect(flags.length).toBeGreaterThan(0);
    } finally {
      await second.close();
      await bus.close();
    }
    // Published once, not again after the restart.
    expect(events.filter((event) => event.key === office.id && event.type === 'office.created')).toHaveLength(1);
  });

  it('closes what it opened when it cannot listen', async () => {
    const running = await startOffices({ config });
    const port = Number(new URL(running.url).port);
    try {
      await expect(startOffices({ config: { ...config, port, dataDir: path.join(dataDir, 'other') } })).rejects.toThrow();
    } finally {
      await running.close();
    }
  });
});
