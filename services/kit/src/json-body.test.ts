/**
 * Issue 13, item 3: a JSON body nested 10,000 levels deep answered 500 (the validator overflowed the stack). Every
 * service's parser (buildServer) refuses a body deeper than JSON_MAX_DEPTH with a 400 naming the limit, before
 * anything walks it; bodies within the limit are parsed as before.
 */
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE, JsonValue } from '@dv/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import { createLogger } from './logger';
import { buildServer, type Server } from './server';
import { nestedJsonCases, nestedJsonText } from './testing/nested-json';

describe('JSON bodies (buildServer)', () => {
  let app: Server;
  beforeAll(async () => {
    app = await buildServer({ name: 'json-body-test', logger: createLogger({ name: 'test', level: 'silent' }), rateLimit: false });
    // zod's own recursive JSON schema: what overflowed. The parser must stop deep bodies before it.
    app.post('/raw-json', { schema: { body: z.object({ value: z.json() }) } }, () => ({ ok: true }));
    app.post('/bounded-json', { schema: { body: z.object({ value: JsonValue }) } }, () => ({ ok: true }));
    // No schema at all: the body is echoed, so the serializer walks it too.
    app.post('/echo', (request) => ({ body: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('refuses nesting past JSON_MAX_DEPTH with a 400 naming the limit, on every route; never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(nestedJsonCases(fc, JSON_MAX_DEPTH), fc.constantFrom('/raw-json', '/bounded-json', '/echo'), async (nested, url) => {
        const response = await post(url, `{"value":${nested.text}}`);
        if (nested.depth + 1 > JSON_MAX_DEPTH) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ statusCode: 400, message: JSON_TOO_DEEP_MESSAGE });
        } else {
          expect(response.statusCode).toBe(200);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('names the limit in the message', () => {
    expect(JSON_TOO_DEEP_MESSAGE).toContain(String(JSON_MAX_DEPTH));
  });

  it('refuses 100,000 levels (the size a 1 MB body allows) as quickly as any other bad body', async () => {
    const response = await post('/echo', nestedJsonText(100_000, ['array']));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
  });

  it('counts brackets inside strings as text, not as nesting', async () => {
    const response = await post('/echo', JSON.stringify({ text: '[{'.repeat(5_000), escaped: '\\"[[[[' }));
    expect(response.statusCode).toBe(200);
  });

  it('keeps Fastify’s other checks: empty, malformed and prototype-poisoning bodies are 400', async () => {
    for (const payload of ['', '{"a":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      expect((await post('/echo', payload)).statusCode).toBe(400);
    }
    expect((await post('/echo', '{"a":[1,{"b":null}]}')).json()).toEqual({ body: { a: [1, { b: null }] } });
  });
});
