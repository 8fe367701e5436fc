/**
 * Test support: the gateway as /past-verifications sees it, in memory. GET /api/verifications searches, filters,
 * sorts and pages a list of rows like the verifications service; GET /api/features answers the flag the test
 * sets; every call is recorded. The shell's other calls go to the shared fake gateway.
 */
import { FEATURE_FLAGS, type VerificationHistoryItem, VerificationListQuery } from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway } from '../test-support/render-app';

export type HistoryCall = { path: string; query: Record<string, string>; office: string | undefined };

export const CARRIERS = [
  { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL', eligibility270: true, portalId: 'deltadental' },
  { payerId: '65978', name: 'MetLife Dental', payerKey: 'METLIFE', eligibility270: true, portalId: 'metdental' },
];

export function historyRow(overrides: Partial<VerificationHistoryItem> & { id: string }): VerificationHistoryItem {
  return {
    officeId: 'office-demo-1',
    status: 'Completed',
    ticketStatus: 'Resolved',
    patient: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', memberId: 'DD100200300' },
    carrier: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
    createdAt: '2026-06-10T15:00:00.000Z',
    updatedAt: '2026-06-10T15:00:00.000Z',
    readyAt: '2026-06-10T15:00:05.000Z',
    submittedAt: null,
    planScore: 8,
    jobs: [],
    coverageStatus: 'active',
    createdBy: 'Pat Frontdesk',
    ...overrides,
  };
}

function matches(row: VerificationHistoryItem, query: VerificationListQuery): boolean {
  const name = `${row.patient.lastName} ${row.patient.firstName}`.toLowerCase();
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.every((word) => name.includes(word)) || row.patient.memberId.includes((query.q ?? '').toUpperCase());
  return (
    found &&
    (query.status === undefined || row.status === query.status) &&
    (query.carrier === undefined || row.carrier.payerId === query.carrier) &&
    (query.from === undefined || row.createdAt >= query.from) &&
    (query.to === undefined || row.createdAt <= query.to)
  );
}

export function fakeHistoryGateway(rows: VerificationHistoryItem[], options: { flag?: boolean | null } = {}) {
  const calls: HistoryCall[] = [];
  let failure: number | null = null;
  const flags =
    options.flag === null || options.flag === undefined
      ? []
      : [{ name: FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED.name, type: 'none', value: null, isActive: options.flag }];

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    if (path === '/api/features') return Promise.resolve(jsonReply(flags));
    if (path === '/api/carriers') return Promise.resolve(jsonReply(CARRIERS));
    if (path !== '/api/verifications') return fakeGateway(url, init);
    const headers = init.headers as Record<string, string> | undefined;
    calls.push({ path, query: Object.fromEntries(new URLSearchParams(search)), office: headers?.['Connected-Dental-Office'] ?? headers?.['connected-dental-office'] });
    if (failure !== null) return Promise.resolve(jsonReply({ statusCode: failure, message: 'Broken' }, failure));
    const query = VerificationListQuery.parse(Object.fromEntries(new URLSearchParams(search)));
    const sorted = rows.filter((row) => matches(row, query)).sort((a, b) => {
      const key = (row: VerificationHistoryItem) =>
        query.sort === 'patientName' ? `${row.patient.lastName} ${row.patient.firstName}` : query.sort === 'status' ? row.status : row.createdAt;
      return (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (query.order === 'asc' ? 1 : -1);
    });
    const start = (query.page - 1) * query.pageSize;
    return Promise.resolve(jsonReply({ items: sorted.slice(start, start + query.pageSize), total: sorted.length, page: query.page, pageSize: query.pageSize }));
  };

  return {
    fetch,
    calls,
    fail: (status: number | null) => {
      failure = status;
    },
  };
}
