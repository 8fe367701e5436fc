/**
 * Routes from one table (issue 14): contracts' API_ROUTES names the service of every call, and the gateway's
 * upstream table is derived from it. With every service started (startStandalone), this test asks each service
 * directly, on its loopback address and with a valid token, for every call the table gives it: a call it serves
 * answers anything but the kit's 404 "Route ... not found". And every /api route a service registers (collected
 * by an onRoute hook on each Fastify instance, through Fastify's `fastify.initialization` diagnostics channel)
 * must be a call the table gives that service.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { API_ROUTES, SERVICE_NAMES, SOCKET_ROUTE, type ApiRoute, type ServiceName } from '@dv/contracts';
import { TEST_TOKEN_PATH } from '@dv/dev-idp';
import { startStandalone, type RunningStandalone } from './start';

const DEMO_HOST = 'demo.localhost';
const DEMO_OFFICE = 'office-demo-1';

/** The part of a Fastify instance this test reads, without depending on Fastify's types. */
interface FastifyLike {
  addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
  readonly server: { address(): AddressInfo | string | null };
}

/** One spelling for both `{name}` (contracts) and `:name` (Fastify), without a trailing slash. */
const routeKey = (method: string, url: string) =>
  `${method} ${url.replace(/\{[^}]+\}|:[^/]+/g, '{}').replace(/(.)\/+$/, '$1')}`;

/** A concrete path for a route pattern: every `{name}` becomes a sample id. */
const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');

const writes = (method: string) => method !== 'GET' && method !== 'DELETE';

describe('every API route is served by the service contracts name, and no service serves another', () => {
  const instances: { instance: FastifyLike; routes: { method: string; url: string }[] }[] = [];
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyLike };
    const routes: { method: string; url: string }[] = [];
    instances.push({ instance: fastify, routes });
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
  };
  let dataDir: string;
  let running: RunningStandalone;
  const serviceUrl = (service: ServiceName): string | undefined =>
    (running.loopback as Readonly<Record<string, string | undefined>>)[service];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-route-agreement-'));
    subscribe('fastify.initialization', collect);
    try {
      running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web') });
    } finally {
      unsubscribe('fastify.initialization', collect);
    }
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An access token of a demo user, from the development provider's test token endpoint. */
  async function token(email: string): Promise<string> {
    const minted = await fetch(new URL(TEST_TOKEN_PATH, running.loopback.idp), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(minted.status).toBe(200);
    return ((await minted.json()) as { access_token: string }).access_token;
  }

  async function ask(baseUrl: string, route: Pick<ApiRoute, 'method' | 'path'>, bearer: string, host?: string) {
    const response = await request(new URL(samplePath(route.path), baseUrl), {
      method: route.method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'connected-dental-office': DEMO_OFFICE,
        ...(host === undefined ? {} : { host }),
        ...(writes(route.method) ? { 'content-type': 'application/json' } : {}),
      },
      ...(writes(route.method) ? { body: '{}' } : {}),
    });
    const text = await response.body.text();
    return { status: response.statusCode, message: (JSON.parse(text || '{}') as { message?: unknown }).message };
  }

  /** The /api routes each running service registered, by the service whose loopback port the instance has. */
  function registeredRoutes(): Map<ServiceName, Set<string>> {
    const byPort = new Map<string, ServiceName>();
    for (const service of SERVICE_NAMES) {
      const url = serviceUrl(service);
      if (url !== undefined) byPort.set(new URL(url).port, service);
    }
    const registered = new Map<ServiceName, Set<string>>();
    for (const { instance, routes } of instances) {
      const address = instance.server.address();
      const service = typeof address === 'object' && address ? byPort.get(String(address.port)) : undefined;
      if (service === undefined) continue;
      const keys = registered.get(service) ?? new Set<string>();
      for (const route of routes) {
        if (route.method !== 'HEAD' && /^\/api(\/|$)/.test(route.url)) keys.add(routeKey(route.method, route.url));
      }
      registered.set(service, keys);
    }
    return registered;
  }

  it('runs every service contracts name', () => {
    expect(SERVICE_NAMES.filter((service) => serviceUrl(service) === undefined)).toEqual([]);
  });

  it('each service answers every call the table gives it (asked directly, with a valid token)', async () => {
    const bearer = await token('superadministrator@demo.test');
    const unserved: string[] = [];
    for (const route of API_ROUTES) {
      const baseUrl = serviceUrl(route.service);
      if (baseUrl === undefined) continue;
      const answer = await ask(baseUrl, route, bearer);
      const notFound = `Route ${route.method} ${samplePath(route.path)} not found`;
      if (answer.status === 404 && answer.message === notFound) unserved.push(`${route.method} ${route.path} (${route.service})`);
    }
    expect(unserved).toEqual([]);
  });

  it('no service serves an /api route the table does not give it', () => {
    const registered = registeredRoutes();
    expect([...registered.keys()].sort()).toEqual(['billing', 'bugs', 'offices', 'portals', 'realtime', 'schedule', 'verifications']);
    const unlisted: string[] = [];
    for (const [service, keys] of registered) {
      const listed = new Set(API_ROUTES.filter((route) => route.service === service).map((route) => routeKey(route.method, route.path)));
      for (const key of keys) if (!listed.has(key)) unlisted.push(`${key} (${service})`);
    }
    expect(unlisted).toEqual([]);
    // The collection saw the services' routes at all (a test that collected nothing would pass the check above).
    expect(registered.get('offices')?.has(routeKey('GET', '/api/features'))).toBe(true);
  });

  it('the gateway sends the billing calls to the billing service; the webhook needs no token but Stripe\'s signature', async () => {
    const bearer = await token('staffmanager@demo.test');
    expect(await ask(running.loopback.gateway, { method: 'GET', path: '/api/stripe/subscription/valid' }, bearer, DEMO_HOST)).toEqual({ status: 200, message: undefined });
    const webhook = async (headers: Record<string, string>) => {
      const response = await request(new URL('/api/stripe/webhook', running.loopback.gateway), {
        method: 'POST',
        headers: { host: DEMO_HOST, 'content-type': 'application/json', ...headers },
        body: '{"id":"evt_1","object":"event","type":"invoice.paid","data":{"object":{}}}',
      });
      return { status: response.statusCode, message: ((await response.body.json()) as { message?: string }).message };
    };
    // Reached the billing service without a token: refused for the signature, not for authentication.
    expect(await webhook({})).toEqual({ status: 400, message: 'A Stripe-Signature header is required' });
    expect(await webhook({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` })).toEqual({ status: 400, message: 'The webhook signature is not valid' });
  });

  it('the realtime service serves the socket path contracts name', async () => {
    const realtime = serviceUrl(SOCKET_ROUTE.service) ?? '';
    const response = await request(new URL(`${SOCKET_ROUTE.path}/?EIO=4&transport=polling`, realtime));
    await response.body.text();
    expect(response.statusCode).toBe(200);
  });
});
