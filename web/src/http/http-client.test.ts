import { DEFAULT_STATUS, MESSAGES, REQUEST_TIMEOUT_MS } from '@dv/contracts';
import { createHttpClient, type FetchFn, type HttpClientDeps, withQuery } from './http-client';

type Reply = { status?: number; body?: string; headers?: Record<string, string>; blob?: Blob };

/** The slice of Response the client reads (jsdom has no fetch API). */
function reply({ status = 200, body = '', headers = {}, blob }: Reply): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(body),
    blob: () => Promise.resolve(blob ?? new Blob([body])),
  } as unknown as Response;
}

function json(value: unknown, status = 200): Response {
  return reply({ status, body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
}

function setup(answer: (url: string, init: RequestInit) => Promise<Response> | Response, overrides: Partial<HttpClientDeps> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchFn = (url, init) => {
    calls.push({ url, init });
    return Promise.resolve(answer(url, init));
  };
  const deps: HttpClientDeps = {
    fetch,
    getAccessToken: () => 'token-1',
    getOfficeId: () => 'office-1',
    getOrganizationId: () => 'org-1',
    onAuthFailure: jest.fn(),
    log: jest.fn(),
    ...overrides,
  };
  return { client: createHttpClient(deps), calls, deps };
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('createHttpClient', () => {
  it('sends the bearer token, the office and the organization on authenticated calls', async () => {
    const { client, calls } = setup(() => json({ valid: true }));
    const result = await client.get<{ valid: boolean }>('/api/stripe');
    expect(result).toEqual({ ok: true, status: 200, data: { valid: true } });
    expect(headersOf(calls[0]!.init)).toMatchObject({
      Authorization: 'Bearer token-1',
      'Connected-Dental-Office': 'office-1',
      'x-organization-id': 'org-1',
      Accept: 'application/json',
    });
  });

  it('sends neither token nor office on public calls, but still the organization', async () => {
    const { client, calls } = setup(() => json([]));
    await client.get('/api/features', undefined, { authenticated: false });
    const headers = headersOf(calls[0]!.init);
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Connected-Dental-Office']).toBeUndefined();
    expect(headers['x-organization-id']).toBe('org-1');
  });

  it('leaves out headers it has no value for', async () => {
    const { client, calls } = setup(() => json({}), { getOfficeId: () => null, getOrganizationId: () => null });
    await client.get('/api/dentaloffice/user/all');
    const headers = headersOf(calls[0]!.init);
    expect(headers['Connected-Dental-Office']).toBeUndefined();
    expect(headers['x-organization-id']).toBeUndefined();
  });

  it('puts a GET payload into the query string and sends no body', async () => {
    const { client, calls } = setup(() => json({}));
    await client.get('/api/stripe/coupon', { code: 'SAVE 10', empty: null, list: [1, 2] });
    expect(calls[0]!.url).toBe('/api/stripe/coupon?code=SAVE+10&list=1&list=2');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.method).toBe('GET');
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('sends a %s payload as a JSON body', async (method) => {
    const { client, calls } = setup(() => json({ id: 'x' }));
    await client[method]('/api/portals/credentials/1', { username: 'u' });
    expect(calls[0]!.url).toBe('/api/portals/credentials/1');
    expect(calls[0]!.init.method).toBe(method.toUpperCase());
    expect(calls[0]!.init.body).toBe('{"username":"u"}');
    expect(headersOf(calls[0]!.init)['Content-Type']).toBe('application/json');
  });

  it('reads a PDF reply as a file', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const { client } = setup(() => reply({ blob: pdf, headers: { 'Content-Type': 'application/pdf' } }));
    const result = await client.get('/api/verification/1/pdf');
    expect(result.file).toBe(pdf);
    expect(result.data).toBeUndefined();
  });

  it("reads any successful reply as a file when asked to, and a failed one as the error envelope", async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const { client } = setup((url) =>
      url.endsWith('/1/attachment')
        ? reply({ blob: png, headers: { 'Content-Type': 'image/png' } })
        : json({ statusCode: 404, error: 'Not Found', message: 'No attachment' }, 404),
    );
    const found = await client.get('/api/management/bugs/1/attachment', undefined, { read: 'file' });
    expect(found.file).toBe(png);
    expect(found.data).toBeUndefined();
    const missing = await client.get('/api/management/bugs/2/attachment', undefined, { read: 'file' });
    expect(missing).toMatchObject({ ok: false, status: 404, error: 'No attachment' });
    expect(missing.file).toBeUndefined();
  });

  it('exposes the etag of a HEAD reply', async () => {
    const { client, calls } = setup(() => reply({ headers: { ETag: '"v42"' } }));
    const result = await client.head('/api/plan/1', { a: 1 });
    expect(calls[0]!.init.method).toBe('HEAD');
    expect(calls[0]!.url).toBe('/api/plan/1?a=1');
    expect(result).toEqual({ ok: true, status: 200, etag: '"v42"' });
  });

  it("logs 'body is not a json!' for a body that is not JSON", async () => {
    const { client, deps } = setup(() => reply({ body: '<html>oops</html>' }));
    const result = await client.get('/api/features', undefined, { authenticated: false });
    expect(result.ok).toBe(true);
    expect(result.data).toBeUndefined();
    expect(deps.log).toHaveBeenCalledWith(MESSAGES.BODY_IS_NOT_JSON, { endpoint: '/api/features', status: 200 });
  });

  it('carries the server message of a failed call', async () => {
    const { client } = setup(() => json({ statusCode: 400, error: 'Bad Request', message: 'code is required' }, 400));
    const result = await client.get('/api/stripe/coupon');
    expect(result).toMatchObject({ ok: false, status: 400, error: 'code is required' });
  });

  it('gives a network error its message and the default status', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await client.get('/api/x')).toEqual({ ok: false, status: DEFAULT_STATUS, error: 'Failed to fetch' });
  });

  it("ends a call unanswered after 90 s with 'Request timeout'", async () => {
    jest.useFakeTimers();
    try {
      let aborted = false;
      const { client } = setup(
        (_url, init) =>
          new Promise<Response>(() => {
            init.signal?.addEventListener('abort', () => (aborted = true));
          }),
      );
      const pending = client.get('/api/slow');
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual({ ok: false, status: DEFAULT_STATUS, error: MESSAGES.REQUEST_TIMEOUT });
      expect(aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("ends a call whose reply does not come in time with 'Request timeout'", async () => {
    jest.useFakeTimers();
    try {
      const stalled: Response = { ...reply({}), text: () => new Promise<string>(() => undefined) };
      const { client } = setup(() => stalled);
      const pending = client.get('/api/slow-body');
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await pending).toEqual({ ok: false, status: DEFAULT_STATUS, error: MESSAGES.REQUEST_TIMEOUT });
    } finally {
      jest.useRealTimers();
    }
  });

  it("ends a call the caller aborts with the abort's reason, and aborts the fetch", async () => {
    let aborted = false;
    const { client } = setup(
      (_url, init) =>
        new Promise<Response>(() => {
          init.signal?.addEventListener('abort', () => (aborted = true));
        }),
    );
    const controller = new AbortController();
    const pending = client.get('/api/slow', undefined, { signal: controller.signal });
    controller.abort(new Error('Page left'));
    expect(await pending).toEqual({ ok: false, status: DEFAULT_STATUS, error: 'Page left' });
    expect(aborted).toBe(true);
  });

  it.each([401, 403])('reports a %i of an authenticated call', async (status) => {
    const { client, deps } = setup(() => json({ statusCode: status }, status));
    await client.get('/api/portals?x=1');
    expect(deps.onAuthFailure).toHaveBeenCalledWith({ status, endpoint: '/api/portals', body: { statusCode: status } });
  });

  it("reports the 'Dental Office not found' 404 but not other 404s", async () => {
    const officeMissing = { error: 'Not Found', message: 'Dental Office not found', statusCode: 404 };
    let body: unknown = officeMissing;
    const { client, deps } = setup(() => json(body, 404));
    await client.get('/api/dentaloffice/office-9');
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
    body = { error: 'Not Found', message: 'Route GET /api/nothing not found', statusCode: 404 };
    await client.get('/api/nothing');
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('does not report refusals of public calls', async () => {
    const { client, deps } = setup(() => json({}, 401));
    await client.post('/api/auth/organization', { organizationName: 'x' }, { authenticated: false });
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('uses a token given for the call instead of the session one', async () => {
    const { client, calls } = setup(() => json({}));
    await client.get('/api/dentaloffice/user/all', undefined, { token: 'fresh' });
    expect(headersOf(calls[0]!.init).Authorization).toBe('Bearer fresh');
  });

  it('acts for an office given for the call instead of the current one', async () => {
    const { client, calls } = setup(() => json([]));
    await client.get('/api/portals/credentials', undefined, { officeId: 'office-2' });
    await client.get('/api/portals/credentials');
    expect(calls.map((call) => headersOf(call.init)['Connected-Dental-Office'])).toEqual(['office-2', 'office-1']);
  });
});

describe('withQuery', () => {
  it('appends to a query that is already there', () => {
    expect(withQuery('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
  });
  it('leaves the path alone without a payload', () => {
    expect(withQuery('/api/x', undefined)).toBe('/api/x');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});
