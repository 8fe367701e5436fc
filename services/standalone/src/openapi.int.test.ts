/**
 * The API's documents (issue 19): every service builds its OpenAPI 3.1 document from its routes' zod schemas
 * (kit/src/openapi) and the gateway merges them at /api/docs/openapi.json (gateway/src/docs).
 *
 * With every service started in this process (startStandalone), this test collects each service's /api routes
 * as registered (an onRoute hook on each Fastify instance, through Fastify's `fastify.initialization` channel) and
 * watches which input parts each handler reads; it then calls every call of contracts' API_ROUTES on its service
 * as a user who may make it, and fails for any route without a response schema for its success status, a params
 * schema, or a schema for the query string or body its handler read. And the merged document must be valid
 * OpenAPI 3.1 and show every call of the table with its parameters, body, success answer and roles.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { request } from 'undici';
import { API_ROUTES, SERVICE_NAMES, type ApiRoute, type ServiceName } from '@dv/contracts';
import { TEST_TOKEN_PATH, USERS } from '@dv/dev-idp';
import {
  accessExtensions,
  OPENAPI_PATH,
  pathParameterNames,
  routeKeyOf,
  routeSchemaGaps,
  routeShape,
  watchInputReads,
  type InputReads,
  type RouteSchemaOptions,
} from '@dv/kit';
import { startStandalone, type RunningStandalone } from './start';

const DEMO_OFFICE = 'office-demo-1';

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  'x-roles'?: unknown;
  'x-access'?: unknown;
  'x-undocumented'?: unknown;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; 'x-unavailable-services'?: unknown };

interface Instance {
  readonly fastify: { readonly server: { address(): AddressInfo | string | null } };
  readonly routes: RouteSchemaOptions[];
  readonly reads: InputReads;
}

/** A concrete path for a route pattern: every `{name}` becomes a sample id. */
const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');
const writes = (method: string) => method !== 'GET' && method !== 'DELETE';
const isApi = (url: string) => /^\/api(\/|$)/.test(url);

/** A demo user who may make the call: the first of its roles that has one; the super administrator otherwise. */
function callerOf(route: ApiRoute): string {
  const roles = Array.isArray(route.access) ? route.access : [];
  const user = roles.map((role) => USERS.find((candidate) => candidate.email === `${role}@demo.test`)).find(Boolean);
  return user?.email ?? 'superadministrator@demo.test';
}

async function validOpenApi31(document: unknown): Promise<void> {
  // The parser dereferences what it validates: a copy keeps the document as served.
  await SwaggerParser.validate(structuredClone(document) as never);
}

describe('the API documents: every route documented from its schemas, one merged document at the gateway', () => {
  const instances: Instance[] = [];
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: Instance['fastify'] & Parameters<typeof watchInputReads>[0] };
    const routes: RouteSchemaOptions[] = [];
    instances.push({ fastify, routes, reads: watchInputReads(fastify) });
    fastify.addHook('onRoute', (route: RouteSchemaOptions) => {
      routes.push({ method: route.method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
    });
  };
  let dataDir: string;
  let running: RunningStandalone;
  const serviceUrl = (service: ServiceName): string | undefined =>
    (running.loopback as Readonly<Record<string, string | undefined>>)[service];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-openapi-'));
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

  const tokens = new Map<string, string>();
  async function token(email: string): Promise<string> {
    const known = tokens.get(email);
    if (known) return known;
    const minted = await fetch(new URL(TEST_TOKEN_PATH, running.loopback.idp), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(minted.status).toBe(200);
    const { access_token: accessToken } = (await minted.json()) as { access_token: string };
    tokens.set(email, accessToken);
    return accessToken;
  }

  async function getJson(url: URL, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    const response = await request(url, { headers });
    return { status: response.statusCode, body: await response.body.json() };
  }

  /** Each running service's instance, by the service whose loopback port it listens on. */
  function serviceInstances(): Map<ServiceName, Instance[]> {
    const byPort = new Map<string, ServiceName>();
    for (const service of SERVICE_NAMES) {
      const url = serviceUrl(service);
      if (url !== undefined) byPort.set(new URL(url).port, service);
    }
    const found = new Map<ServiceName, Instance[]>();
    for (const instance of instances) {
      const address = instance.fastify.server.address();
      const service = typeof address === 'object' && address ? byPort.get(String(address.port)) : undefined;
      if (service !== undefined) found.set(service, [...(found.get(service) ?? []), instance]);
    }
    return found;
  }

  /** Every call of the table, made on its service directly as a user who may make it, so that handlers run. */
  async function callEveryRoute(): Promise<void> {
    for (const route of API_ROUTES) {
      const baseUrl = serviceUrl(route.service);
      if (baseUrl === undefined) continue;
      const response = await request(new URL(samplePath(route.path), baseUrl), {
        method: route.method,
        headers: {
          authorization: `Bearer ${await token(callerOf(route))}`,
          'connected-dental-office': DEMO_OFFICE,
          ...(writes(route.method) ? { 'content-type': 'application/json' } : {}),
        },
        ...(writes(route.method) ? { body: '{}' } : {}),
      });
      await response.body.dump();
    }
  }

  it('every /api route of every service has a response schema, and a schema for each input part its handler reads', async () => {
    await callEveryRoute();
    const found = serviceInstances();
    expect([...found.keys()].sort()).toEqual([...SERVICE_NAMES].sort());
    const gaps: string[] = [];
    const readsSeen = new Map<string, ReadonlySet<string>>();
    for (const [service, serviceInstancesOf] of found) {
      for (const { routes, reads } of serviceInstancesOf) {
        for (const [key, parts] of reads.byRoute) readsSeen.set(`${service} ${key}`, parts);
        for (const route of routes) {
          const method = [route.method].flat()[0] ?? '';
          if (method === 'HEAD' || !isApi(route.url)) continue;
          const missing = routeSchemaGaps(route, reads.byRoute.get(routeKeyOf(method, route.url)));
          if (missing.length > 0) gaps.push(`${service}: ${method} ${route.url} lacks ${missing.join(', ')}`);
        }
      }
    }
    expect(gaps).toEqual([]);
    // The watch saw handlers read their input (a watch that saw nothing would pass the check above): the webhook
    // reads its raw body, a list its query string.
    expect(readsSeen.get('billing POST /api/stripe/webhook')).toEqual(new Set(['body']));
    expect(readsSeen.get('verifications GET /api/verifications')).toEqual(new Set(['querystring']));
    expect(readsSeen.size).toBeGreaterThan(10);
  });

  it('each service serves its own document on /openapi.json without a token: valid OpenAPI 3.1', async () => {
    for (const service of new Set(API_ROUTES.map((route) => route.service))) {
      const { status, body } = await getJson(new URL(OPENAPI_PATH, serviceUrl(service)));
      expect({ service, status }).toEqual({ service, status: 200 });
      await validOpenApi31(body);
    }
  });

  it('the gateway\'s merged document is valid OpenAPI 3.1 and shows every call of the table as its service does', async () => {
    const { status, body } = await getJson(new URL('/api/docs/openapi.json', running.loopback.gateway));
    expect(status).toBe(200);
    const document = body as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(document['x-unavailable-services']).toBeUndefined();
    await validOpenApi31(document);

    const registered = new Map<string, RouteSchemaOptions>();
    for (const [service, list] of serviceInstances()) {
      for (const route of list.flatMap((instance) => instance.routes)) {
        for (const method of [route.method].flat()) registered.set(`${service} ${method} ${routeShape(route.url)}`, route);
      }
    }
    const problems: string[] = [];
    for (const route of API_ROUTES) {
      const name = `${route.method} ${route.path}`;
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      if (!operation || operation['x-undocumented']) {
        problems.push(`${name}: not documented`);
        continue;
      }
      const schema = registered.get(`${route.service} ${route.method} ${routeShape(route.path)}`)?.schema ?? {};
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      if (inPath.join() !== pathParameterNames(route.path).join()) problems.push(`${name}: path parameters ${inPath.join()}`);
      if (schema.body !== undefined && operation.requestBody === undefined) problems.push(`${name}: no request body`);
      if (schema.querystring !== undefined && !(operation.parameters ?? []).some((parameter) => parameter.in === 'query')) {
        problems.push(`${name}: no query parameters`);
      }
      if (!Object.keys(operation.responses ?? {}).some((code) => /^2/.test(code))) problems.push(`${name}: no success answer`);
      const access = accessExtensions(route);
      if (operation['x-access'] !== access['x-access'] || JSON.stringify(operation['x-roles']) !== JSON.stringify(access['x-roles'])) {
        problems.push(`${name}: access ${String(operation['x-access'])} ${JSON.stringify(operation['x-roles'])}`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing but the table's calls: the services' internal routes stay out of the API's document.
    const documented = Object.entries(document.paths).flatMap(([pathKey, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${pathKey}`));
    expect(documented.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('the gateway serves the reference UI and its files itself, under its content security policy', async () => {
    const page = await request(new URL('/api/docs', running.loopback.gateway));
    const html = await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBe(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const file = await request(new URL(source, running.loopback.gateway));
      await file.body.dump();
      expect({ source, status: file.statusCode }).toEqual({ source, status: 200 });
    }
  });
});
