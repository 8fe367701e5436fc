/**
 * A fake gateway for the portal pages' component tests: the shell's calls (flags, offices) plus the portal calls
 * of SPEC section 7 over an in-memory catalogue and credential list. It answers the way the portals service does
 * (201 inProgress on create, 204 on delete, 400 messages); a test overrides any call with `answer(...)` and reads
 * what was sent in `calls`.
 */
import { type Portal, type PortalCredential } from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { DEMO_FEATURE_FLAGS } from './demo-flags';
import { jsonReply } from './json-reply';

export type RecordedCall = { method: string; path: string; body: unknown; office: string | null };
export type FakeReply = { status: number; body?: unknown } | 'network-error' | Promise<{ status: number; body?: unknown }>;
type Handler = (call: RecordedCall) => FakeReply;


export const PORTAL_DNOA: Portal = {
  id: 'dnoaconnect',
  name: 'DNoA Connect',
  url: 'https://www.dnoaconnect.com',
  carriers: ['Dental Network of America', 'BCBS Illinois', 'BCBS Texas', 'BCBS Oklahoma', 'BCBS New Mexico'],
};
export const PORTAL_METLIFE: Portal = {
  id: 'metdental',
  name: 'MetLife Dental',
  url: 'https://www.metdental.com',
  carriers: ['MetLife', 'MetLife PDP Plus', 'MetLife Federal Dental'],
};
export const PORTAL_GUARDIAN: Portal = { id: 'guardian', name: 'Guardian Anytime', url: 'https://www.guardiananytime.com', carriers: [] };

export type FakePortalsGateway = {
  fetch: FetchFn;
  portals: Portal[];
  credentials: PortalCredential[];
  sandbox: boolean;
  calls: RecordedCall[];
  /** Answers `METHOD /path` (path without query) with this from now on. */
  answer: (route: string, handler: Handler | FakeReply) => void;
  callsTo: (route: string) => RecordedCall[];
};

let nextId = 1;

// jsdom has no structuredClone; the records are plain JSON.
const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function fakePortalsGateway(init: { portals?: Portal[]; credentials?: PortalCredential[]; sandbox?: boolean } = {}): FakePortalsGateway {
  const overrides = new Map<string, Handler>();
  const gateway: FakePortalsGateway = {
    // Copies: the fake changes its records, the tests' constants stay as they are.
    portals: copy(init.portals ?? [PORTAL_DNOA, PORTAL_METLIFE]),
    credentials: copy(init.credentials ?? []),
    sandbox: init.sandbox ?? false,
    calls: [],
    answer(route, handler) {
      overrides.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    callsTo: (route) => gateway.calls.filter((call) => `${call.method} ${call.path}` === route),
    fetch: async (url, init) => {
      const path = url.split('?')[0] ?? url;
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: RecordedCall = { method, path, body, office: headers['Connected-Dental-Office'] ?? null };
      gateway.calls.push(call);
      const override = overrides.get(`${method} ${path}`);
      const answered = override ? await override(call) : defaultAnswer(gateway, call);
      if (answered === 'network-error') throw new TypeError('Failed to fetch');
      return jsonReply(answered.body, answered.status);
    },
  };
  return gateway;
}

function defaultAnswer(gateway: FakePortalsGateway, { method, path, body }: RecordedCall): { status: number; body?: unknown } {
  if (path === '/api/features') return { status: 200, body: DEMO_FEATURE_FLAGS };
  if (path === '/api/dentaloffice/user/all') return { status: 200, body: [] };
  const office = /^\/api\/dentaloffice\/([^/]+)$/.exec(path);
  if (office) return { status: 200, body: { id: office[1], planType: 'standard' } };
  if (method === 'GET' && path === '/api/portals') return { status: 200, body: gateway.portals };
  if (method === 'GET' && path === '/api/portals/sandbox') return { status: 200, body: { sandbox: gateway.sandbox } };
  if (method === 'GET' && path === '/api/portals/credentials') return { status: 200, body: gateway.credentials };

  const create = /^\/api\/portals\/([^/]+)\/credentials\/?$/.exec(path);
  if (method === 'POST' && create) {
    const { username } = body as { username: string };
    const credential: PortalCredential = {
      id: `cred-${nextId++}`,
      portalId: create[1]!,
      username,
      dentalXChange: { status: 'inProgress' },
      portalAi: create[1] === 'dnoaconnect' ? { status: 'inProgress' } : null,
    };
    gateway.credentials.push(credential);
    return { status: 201, body: credential };
  }
  const one = /^\/api\/portals\/credentials\/([^/]+)$/.exec(path);
  const found = one ? gateway.credentials.find((credential) => credential.id === one[1]) : undefined;
  if (one && !found) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Credential not found' } };
  if (method === 'PUT' && found) {
    found.username = (body as { username: string }).username;
    found.dentalXChange = { status: 'inProgress' };
    return { status: 200, body: found };
  }
  if (method === 'POST' && found) return { status: 200, body: found };
  if (method === 'DELETE' && found) {
    gateway.credentials = gateway.credentials.filter((credential) => credential !== found);
    return { status: 204 };
  }
  if (method === 'POST' && /^\/api\/portals\/credentials\/[^/]+\/mfa$/.test(path)) return { status: 201, body: {} };
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Route ${path} not found` } };
}
