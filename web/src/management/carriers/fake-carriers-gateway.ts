/**
 * Test support: the carrier catalogue API as the verifications service answers it, in memory: the list searched,
 * filtered, sorted and paged; bodies checked with the contract's schemas (a 400 names the field as the service's
 * does); the privilege checked from a flag the test sets; every call recorded. The shell's own calls go to the
 * shared fake gateway.
 */
import {
  CARRIER_MESSAGES,
  CarrierListQuery,
  CarrierPatch,
  type ManagedCarrier,
  NewCarrierInput,
} from '@dv/contracts';
import { type FetchFn } from '../../http/http-client';
import { jsonReply } from '../../test-support/json-reply';
import { fakeGateway } from '../../test-support/render-app';

export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };

export function managedCarrier(overrides: Partial<ManagedCarrier> & { payerId: string; name: string }): ManagedCarrier {
  return {
    payerKey: 'DEFAULT',
    address: null,
    phone: null,
    portalUrl: null,
    eligibility270: true,
    portalId: null,
    invertsCoinsurance: false,
    active: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

export const DEMO_CARRIERS: readonly ManagedCarrier[] = [
  managedCarrier({ payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL', portalId: 'deltadental' }),
  managedCarrier({ payerId: '47009', name: 'Ameritas', payerKey: 'AMERITAS', portalId: 'ameritas', invertsCoinsurance: true }),
  managedCarrier({ payerId: 'CX014', name: 'DentaQuest', phone: '(800) 555-0100' }),
];

const issuesOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.map((issue) => ({ location: 'body', path: issue.path.map(String).join('.'), message: issue.message }));

export function fakeCarriersGateway({ carriers = DEMO_CARRIERS, privileged = true }: { carriers?: readonly ManagedCarrier[]; privileged?: boolean } = {}) {
  const stored = new Map(carriers.map((carrier) => [carrier.payerId, { ...carrier }]));
  const calls: RecordedCall[] = [];
  const invalid = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
    jsonReply({ statusCode: 400, error: 'Bad Request', message: 'Invalid request', details: issuesOf(issues) }, 400);
  const refused = () => jsonReply({ statusCode: 403, error: 'Forbidden', message: CARRIER_MESSAGES.privilege }, 403);

  function list(search: URLSearchParams) {
    const query = CarrierListQuery.parse(Object.fromEntries(search));
    const text = query.search?.toLowerCase();
    const matching = [...stored.values()].filter(
      (carrier) =>
        (query.status === 'all' || carrier.active === (query.status === 'active')) &&
        (text === undefined || `${carrier.name} ${carrier.payerId}`.toLowerCase().includes(text)),
    );
    const key = query.sort === 'updatedAt' ? 'createdAt' : query.sort;
    const direction = query.order === 'asc' ? 1 : -1;
    matching.sort((a, b) => String(a[key]).toLowerCase().localeCompare(String(b[key]).toLowerCase()) * direction);
    const start = (query.page - 1) * query.pageSize;
    return { items: matching.slice(start, start + query.pageSize), total: matching.length, page: query.page, pageSize: query.pageSize };
  }

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = new URLSearchParams(search);
    if (!path.startsWith('/api/management/carriers')) return fakeGateway(url, init);
    calls.push({ method, path, query, body });
    const payerId = decodeURIComponent(path.split('/')[4] ?? '');
    if (method === 'GET' && payerId === '') return Promise.resolve(jsonReply(list(query)));
    if (method === 'GET') {
      const carrier = stored.get(payerId.toUpperCase());
      return Promise.resolve(carrier ? jsonReply(carrier) : jsonReply({ statusCode: 404, message: CARRIER_MESSAGES.notFound }, 404));
    }
    if (!privileged) return Promise.resolve(refused());
    if (method === 'POST') {
      const parsed = NewCarrierInput.safeParse(body);
      if (!parsed.success) return Promise.resolve(invalid(parsed.error.issues));
      if (stored.has(parsed.data.payerId)) {
        return Promise.resolve(jsonReply({ statusCode: 409, error: 'Conflict', message: CARRIER_MESSAGES.duplicate(parsed.data.payerId) }, 409));
      }
      const created = managedCarrier({ ...parsed.data, address: parsed.data.address ?? null, phone: parsed.data.phone ?? null, portalUrl: parsed.data.portalUrl ?? null, portalId: parsed.data.portalId ?? null });
      stored.set(created.payerId, created);
      return Promise.resolve(jsonReply(created, 201));
    }
    const parsed = CarrierPatch.safeParse(body);
    if (!parsed.success) return Promise.resolve(invalid(parsed.error.issues));
    const before = stored.get(payerId.toUpperCase());
    if (!before) return Promise.resolve(jsonReply({ statusCode: 404, message: CARRIER_MESSAGES.notFound }, 404));
    const changed: ManagedCarrier = { ...before, ...(parsed.data as Partial<ManagedCarrier>), updatedAt: '2026-03-03T12:00:00.000Z', updatedBy: 'superadministrator@demo.test' };
    stored.set(before.payerId, changed);
    return Promise.resolve(jsonReply(changed));
  };

  return {
    fetch,
    calls,
    stored,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
