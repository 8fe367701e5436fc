/**
 * Test support: the gateway as the /reverification pages see it, in memory. GET /api/reverifications searches,
 * sorts and pages the re-verifications like the verifications service; GET /api/reverifications/{id} answers one,
 * POST /api/reverifications adds a check (or refuses with the 409 the test sets), the PDF is a tiny PDF file;
 * GET /api/verifications (the picker) and GET /api/verifications/{id} (the ticket) answer from the history's
 * rows and the ticket fixture. Every call is recorded. The shell's other calls go to the shared fake gateway.
 * Re-verifications are parsed with the contract's schema, so they stay what the server could send.
 */
import {
  type Page,
  ReverificationDetail,
  type ReverificationCheck,
  type ReverificationListItem,
  ReverificationListQuery,
  type VerificationDetail,
  type VerificationHistoryItem,
  VerificationListQuery,
} from '@dv/contracts';
import { fakeHistoryGateway } from '../history/fake-history-gateway';
import { type FetchFn } from '../http/http-client';
import { jsonReply } from '../test-support/json-reply';

export type GatewayCall = { method: string; path: string; query: Record<string, string>; body: unknown };

const scored = <T>(value: T) => ({ value, score: 2 });

/** An eligibility entry as a source finds it: Ruth Fischer's GEHA plan of the sandbox, with this remaining maximum. */
export function eligibilityEntry(insuranceRemaining: number, overrides: Partial<ReverificationDetail['document']['eligibility'][number]> = {}) {
  return {
    coverageStatus: 'active' as const,
    isActive: true,
    effectiveDate: scored('01/01/2020'),
    planEndDate: null,
    participationLevel: scored('In Network' as const),
    insuranceRemaining: scored(insuranceRemaining),
    deductibleRemaining: scored(0),
    ...overrides,
  };
}

const VERIFICATION_CHECK: ReverificationCheck = {
  id: 'check-0',
  kind: 'verification',
  status: 'done',
  startedAt: '2026-06-10T15:00:00.000Z',
  finishedAt: '2026-06-10T15:00:05.000Z',
  startedBy: 'staff@demo.test',
  jobs: [],
  eligibilityIndex: 0,
  changes: [],
};

const job = (status: ReverificationCheck['jobs'][number]['status'], overrides: Partial<ReverificationCheck['jobs'][number]> = {}) => ({
  id: `job-${overrides.source ?? 'clearinghouse'}-${status}`,
  source: 'clearinghouse' as const,
  sourceName: 'sandbox',
  status,
  outcome: status === 'done' ? ('success' as const) : null,
  reason: null,
  attempts: 1,
  createdAt: '2026-06-12T15:00:00.000Z',
  startedAt: '2026-06-12T15:00:00.000Z',
  finishedAt: status === 'done' ? '2026-06-12T15:00:02.000Z' : null,
  durationMs: status === 'done' ? 2000 : null,
  ...overrides,
});
export const sourceJob = job;

/** A re-check: done with a lower remaining maximum unless told otherwise. */
export function recheck(index: number, overrides: Partial<ReverificationCheck> = {}): ReverificationCheck {
  return {
    id: `check-${index}`,
    kind: 'reverification',
    status: 'done',
    startedAt: `2026-06-1${index + 1}T15:00:00.000Z`,
    finishedAt: `2026-06-1${index + 1}T15:00:02.000Z`,
    startedBy: 'staffmanager@demo.test',
    jobs: [job('done')],
    eligibilityIndex: index,
    changes: [],
    ...overrides,
  };
}

/** Ruth Fischer's re-verification after one re-check: the remaining maximum went from $4,720.00 to $4,470.00. */
export function reverification(overrides: Partial<ReverificationDetail> & { id?: string } = {}): ReverificationDetail {
  const checks = overrides.checks ?? [
    VERIFICATION_CHECK,
    recheck(1, {
      changes: [{ field: 'insuranceRemaining', from: '$4,720.00', to: '$4,470.00', text: 'Remaining maximum went from $4,720.00 to $4,470.00' }],
    }),
  ];
  const latest = checks.at(-1)!;
  return ReverificationDetail.parse({
    id: 'rev-ruth',
    verificationId: 'ver-ruth',
    officeId: 'office-demo-1',
    patient: { firstName: 'Ruth', lastName: 'Fischer', dob: '10/14/1962', memberId: 'GEHA2468013' },
    carrier: { payerId: '39026', name: 'GEHA Connection Dental', payerKey: 'GEHA' },
    status: latest.status,
    lastCheckedAt: latest.startedAt,
    coverageStatus: 'active',
    rechecks: checks.filter((check) => check.kind === 'reverification').length,
    changes: latest.changes.length,
    createdAt: '2026-06-12T15:00:00.000Z',
    updatedAt: '2026-06-12T15:00:02.000Z',
    plan: { planId: 'plan-geha', groupNumber: 'GEHAFED', groupName: 'GEHA FEDERAL', employer: 'US Office of Personnel Management', score: 8 },
    document: {
      historyStatus: 'Partial',
      history: [{ code: 'ADA:D1110', date: '03/02/2026', notes: 'Prophylaxis - adult' }],
      eligibility: [eligibilityEntry(4720), eligibilityEntry(4470)],
    },
    checks,
    ...overrides,
  });
}

function listItemOf(detail: ReverificationDetail): ReverificationListItem {
  const { plan: _plan, document: _document, checks: _checks, ...item } = detail;
  return item;
}

function pageOfList(rows: readonly ReverificationDetail[], search: string): Page<ReverificationListItem> {
  const query = ReverificationListQuery.parse(Object.fromEntries(new URLSearchParams(search)));
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = rows.filter((row) => {
    if (query.verificationId !== undefined && row.verificationId !== query.verificationId) return false;
    const name = `${row.patient.lastName} ${row.patient.firstName}`.toLowerCase();
    return words.every((word) => name.includes(word)) || row.patient.memberId.includes((query.q ?? '').toUpperCase());
  });
  const key = (row: ReverificationDetail) => (query.sort === 'patientName' ? `${row.patient.lastName} ${row.patient.firstName}` : row.lastCheckedAt);
  const sorted = found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (query.order === 'asc' ? 1 : -1));
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize).map(listItemOf), total: sorted.length, page: query.page, pageSize: query.pageSize };
}

export type FakeOptions = {
  /** The office's past verifications (the picker's list). */
  verifications?: VerificationHistoryItem[];
  /** The tickets GET /api/verifications/{id} answers. */
  tickets?: VerificationDetail[];
};

export function fakeReverificationGateway(rows: ReverificationDetail[], options: FakeOptions = {}) {
  const state = { rows, calls: [] as GatewayCall[], refusal: null as null | { status: number; message: string } };
  const history = fakeHistoryGateway(options.verifications ?? []);
  const tickets = options.tickets ?? [];
  const notFound = (message: string) => Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message }, 404));

  function start(body: { verificationId?: string }) {
    if (state.refusal) return Promise.resolve(jsonReply({ statusCode: state.refusal.status, error: 'Conflict', message: state.refusal.message }, state.refusal.status));
    const existing = state.rows.find((row) => row.verificationId === body.verificationId);
    const checks = existing?.checks ?? [VERIFICATION_CHECK];
    const next = reverification({
      ...(existing ? { id: existing.id } : { id: `rev-${body.verificationId}` }),
      verificationId: body.verificationId!,
      checks: [...checks, recheck(checks.length, { status: 'checking', finishedAt: null, eligibilityIndex: null, jobs: [job('processing')] })],
    });
    state.rows = [...state.rows.filter((row) => row.id !== next.id), next];
    return Promise.resolve(jsonReply(next, 201));
  }

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    if (!path.startsWith('/api/reverifications') && !path.startsWith('/api/verifications')) return history.fetch(url, init);
    state.calls.push({ method, path, query: Object.fromEntries(new URLSearchParams(search)), body });
    if (path === '/api/verifications') {
      VerificationListQuery.parse(Object.fromEntries(new URLSearchParams(search)));
      return history.fetch(url, init);
    }
    const ticket = /^\/api\/verifications\/([^/]+)$/.exec(path);
    if (ticket) {
      const found = tickets.find((candidate) => candidate.id === decodeURIComponent(ticket[1]!));
      return found ? Promise.resolve(jsonReply(found)) : notFound('Verification not found');
    }
    if (path === '/api/reverifications' && method === 'POST') return start(body as { verificationId?: string });
    if (path === '/api/reverifications') return Promise.resolve(jsonReply(pageOfList(state.rows, search)));
    const [, id, pdf] = /^\/api\/reverifications\/([^/]+)(\/pdf)?$/.exec(path) ?? [];
    const found = state.rows.find((row) => row.id === decodeURIComponent(id ?? ''));
    if (!found) return notFound('Re-verification not found');
    if (pdf) {
      const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      return Promise.resolve({ ok: true, status: 200, statusText: 'OK', headers: { get: () => 'application/pdf' }, blob: () => Promise.resolve(file) } as unknown as Response);
    }
    return Promise.resolve(jsonReply(found));
  };

  return {
    fetch,
    state,
    /** Calls to the re-verification and verification API, in order. */
    calls: (method: string, path: string) => state.calls.filter((call) => call.method === method && call.path === path),
    refuse: (message: string, status = 409) => {
      state.refusal = { status, message };
    },
    /** What the server holds now: the next read answers it. */
    replace: (row: ReverificationDetail) => {
      state.rows = state.rows.map((candidate) => (candidate.id === row.id ? row : candidate));
    },
  };
}
