import { API_ROUTES } from '@dv/contracts';
import type { HttpError } from '@dv/kit';
import { UPSTREAM_ROUTES, UPSTREAM_SERVICES, UPSTREAM_URL_VARIABLES } from './upstream-table';
import { upstreamFailure } from './upstreams';

describe('upstream table', () => {
  it.each(API_ROUTES.map((route) => [route.method, route.path] as const))('%s %s has a service behind it', (_method, path) => {
    const owner = UPSTREAM_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
    expect({ path, prefix: owner?.prefix }).toEqual({ path, prefix: expect.any(String) });
  });

  it('names an environment variable for every service', () => {
    for (const service of UPSTREAM_SERVICES) expect(UPSTREAM_URL_VARIABLES[service]).toMatch(/^[A-Z]+_URL$/);
  });

  it('never proxies /internal', () => {
    expect(UPSTREAM_ROUTES.some((route) => route.prefix === '/internal' || route.prefix.startsWith('/internal/'))).toBe(false);
  });
});

describe('upstream failures', () => {
  const failure = (code: string, nested = false): HttpError => {
    const cause = Object.assign(new Error('low level'), { code });
    return upstreamFailure('offices', nested ? Object.assign(new Error('wrapped'), { code: 'FST_X', cause }) : cause, 30_000);
  };

  it('maps timeouts to 504, unreachable services to 503, anything else to 502', () => {
    expect(failure('UND_ERR_HEADERS_TIMEOUT')).toMatchObject({ statusCode: 504, message: 'The offices service did not answer within 30 s' });
    expect(failure('FST_REPLY_FROM_GATEWAY_TIMEOUT').statusCode).toBe(504);
    expect(failure('ECONNREFUSED', true)).toMatchObject({ statusCode: 503, message: 'The offices service is unavailable, retry later' });
    expect(failure('ENOTFOUND').statusCode).toBe(503);
    expect(failure('ECONNRESET')).toMatchObject({ statusCode: 502, message: 'The offices service failed to answer' });
  });
});
