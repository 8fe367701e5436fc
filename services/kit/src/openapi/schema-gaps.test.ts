import Fastify from 'fastify';
import fc from 'fast-check';
import { routeKeyOf, routeSchemaGaps, watchInputReads, type InputPart } from './schema-gaps';

const RESPONSE = { 200: {} };

describe('routeSchemaGaps', () => {
  it('asks every route for a response schema of a success status', () => {
    expect(routeSchemaGaps({ method: 'GET', url: '/api/things' })).toEqual(['a response schema for its success status']);
    expect(routeSchemaGaps({ method: 'GET', url: '/api/things', schema: { response: { 400: {}, default: {} } } })).toEqual([
      'a response schema for its success status',
    ]);
    for (const status of ['200', '201', '204', '2xx', '2XX']) {
      expect(routeSchemaGaps({ method: 'POST', url: '/api/things', schema: { response: { [status]: {} } } })).toEqual([]);
    }
  });

  it('asks for a params schema exactly when the path has parameters', () => {
    expect(routeSchemaGaps({ method: 'GET', url: '/api/things/:id', schema: { response: RESPONSE } })).toEqual(['a params schema']);
    expect(routeSchemaGaps({ method: 'GET', url: '/api/things/:id', schema: { response: RESPONSE, params: {} } })).toEqual([]);
    expect(routeSchemaGaps({ method: 'GET', url: '/api/things', schema: { response: RESPONSE } })).toEqual([]);
  });

  it('asks for a schema of each input part the handler read, and only those', () => {
    fc.assert(
      fc.property(fc.subarray(['querystring', 'body'] as InputPart[]), fc.subarray(['querystring', 'body'] as InputPart[]), (read, declared) => {
        const schema = { response: RESPONSE, ...Object.fromEntries(declared.map((part) => [part, {}])) };
        const gaps = routeSchemaGaps({ method: 'POST', url: '/api/things', schema }, new Set(read));
        const missing = read.filter((part) => !declared.includes(part));
        expect(gaps).toEqual(missing.map((part) => `a ${part} schema (its handler reads the ${part})`));
      }),
    );
  });
});

describe('watchInputReads', () => {
  it('records the routes whose handlers read the query string or the body, and leaves the values as they were', async () => {
    const app = Fastify();
    const reads = watchInputReads(app);
    app.get('/query', (request) => ({ seen: (request.query as { q?: string }).q ?? null }));
    app.post('/body', (request) => ({ seen: request.body }));
    app.post('/items/:id/nothing', (request) => ({ id: (request.params as { id: string }).id }));
    try {
      expect((await app.inject({ method: 'GET', url: '/query?q=1' })).json()).toEqual({ seen: '1' });
      expect((await app.inject({ method: 'POST', url: '/body', payload: { a: 1 } })).json()).toEqual({ seen: { a: 1 } });
      expect((await app.inject({ method: 'POST', url: '/items/7/nothing', payload: { a: 1 } })).json()).toEqual({ id: '7' });
      expect(reads.byRoute.get(routeKeyOf('GET', '/query'))).toEqual(new Set(['querystring']));
      expect(reads.byRoute.get(routeKeyOf('POST', '/body'))).toEqual(new Set(['body']));
      // Keyed by the route as registered, not the path requested; nothing read, nothing recorded.
      expect(reads.byRoute.has(routeKeyOf('POST', '/items/:id/nothing'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
