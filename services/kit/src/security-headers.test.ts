import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLogger } from './logger';
import { fixedSecurityHeaders } from './security-headers';
import { buildServer } from './server';

const OPTIONS: Record<string, FastifyHelmetOptions> = {
  defaults: {},
  'a policy like the gateway’s': {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'connect-src': ["'self'", 'https://id.example.test'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  },
  'some headers off': { contentSecurityPolicy: false, hsts: false, frameguard: { action: 'deny' } },
};

const PAGE_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
};

/** The same routes on an app: one plain, one with a stricter policy of its own, one without helmet, and a 404. */
function addRoutes(app: FastifyInstance): void {
  app.get('/plain', () => ({ ok: true }));
  app.get('/page', { helmet: PAGE_POLICY }, () => ({ ok: true }));
  app.get('/bare', { helmet: false }, () => ({ ok: true }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
}

/** The headers helmet is about (Fastify's own and the kit's request id apart). */
async function helmetHeadersOf(app: FastifyInstance, url: string): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url });
  const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, 'x-request-id': _id, ...rest } = response.headers;
  return rest;
}

describe('security headers', () => {
  it.each(Object.entries(OPTIONS))('are those @fastify/helmet sets, route by route (%s)', async (_name, options) => {
    const reference = Fastify();
    await reference.register(fastifyHelmet, options);
    addRoutes(reference);
    const server = await buildServer({ name: 'test', logger: createLogger({ name: 'test', level: 'silent' }), rateLimit: false, helmet: options });
    addRoutes(server);
    for (const url of ['/plain', '/page', '/bare', '/fails', '/nowhere']) {
      expect(await helmetHeadersOf(server as unknown as FastifyInstance, url)).toEqual(await helmetHeadersOf(reference, url));
    }
    expect(Object.keys(await helmetHeadersOf(server as unknown as FastifyInstance, '/plain')).length).toBeGreaterThan(5);
    await Promise.all([reference.close(), server.close()]);
  });

  it('are worked out once only when they cannot depend on the request', () => {
    expect(fixedSecurityHeaders({})).toContainEqual(['X-Frame-Options', 'SAMEORIGIN']);
    expect(fixedSecurityHeaders({ enableCSPNonces: true })).toBeUndefined();
    expect(fixedSecurityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } })).toBeUndefined();
  });
});
