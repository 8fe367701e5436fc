import { createHttpClient } from '../http/http-client';
import { lookupOrganization } from './organization-api';

/** The slice of Response the client reads (jsdom has no fetch API). */
function reply(status: number, body = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status < 300 ? 'OK' : 'Error',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' && body !== '' ? 'application/json' : null) },
    text: () => Promise.resolve(body),
    blob: () => Promise.resolve(new Blob([body])),
  } as unknown as Response;
}

function clientAnswering(status: number, body = '') {
  const log = jest.fn();
  const http = createHttpClient({
    fetch: () => Promise.resolve(reply(status, body)),
    getAccessToken: () => null,
    getOfficeId: () => null,
    getOrganizationId: () => null,
    onAuthFailure: jest.fn(),
    log,
  });
  return { http, log };
}

describe('lookupOrganization', () => {
  it('takes 204 (the host names no organization, asked at every load there) as not found, quietly', async () => {
    const { http, log } = clientAnswering(204);
    expect(await lookupOrganization(http, { organizationDomain: 'localhost' })).toEqual({ kind: 'notFound' });
    expect(log).not.toHaveBeenCalled();
  });

  it('takes 404 (no organization has the typed name) as not found', async () => {
    const { http } = clientAnswering(404, JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Organization not found' }));
    expect(await lookupOrganization(http, { organizationName: 'nobody' })).toEqual({ kind: 'notFound' });
  });

  it('answers the organization found', async () => {
    const { http } = clientAnswering(200, JSON.stringify({ id: 'org-demo', name: 'demo', clientType: 'dentalOffice' }));
    expect(await lookupOrganization(http, { organizationDomain: 'demo.localhost' })).toEqual({
      kind: 'found',
      organization: { id: 'org-demo', clientType: 'dentalOffice' },
    });
  });
});
