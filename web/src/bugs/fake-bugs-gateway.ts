/**
 * Test support: the gateway as the bug pages see it, in memory. PUT /api/bugReports answers what the test says;
 * the management calls filter, sort and page a list of reports like the bugs service; every call is recorded.
 * The shell's own calls (flags, offices) go to the shared fake gateway.
 */
import { type BugReportListQuery, type ManagedBugReport } from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { fakeGateway } from '../test-support/render-app';
import { listQueryFromSearch } from './bug-list-filters';

export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
};

type Reply = { status: number; body?: unknown; file?: Blob };

export function jsonResponse(value: unknown, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(value === undefined ? '' : JSON.stringify(value)),
  } as unknown as Response;
}

function fileResponse(file: Blob): Response {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? file.type : null) },
    blob: () => Promise.resolve(file),
    text: () => Promise.reject(new Error('read as a file')),
  } as unknown as Response;
}

export const DEMO_OFFICES = [
  { id: 'office-demo-1', name: 'Bright Smiles Dental – Main St' },
  { id: 'office-demo-2', name: 'Bright Smiles Dental – Oak Ave' },
];

export function managedReport(overrides: Partial<ManagedBugReport> & { id: string }): ManagedBugReport {
  return {
    orgId: 'org-demo',
    officeId: 'office-demo-1',
    type: 'Technical bug',
    title: `Report ${overrides.id}`,
    description: 'Something went wrong.',
    url: '/plan',
    user: 'staff@demo.test',
    userId: 'user-staff',
    solved: false,
    creationDate: '2025-03-14T15:09:26.000Z',
    solvingDate: null,
    attachment: null,
    ...overrides,
  };
}

function listed(reports: readonly ManagedBugReport[], query: BugReportListQuery) {
  const text = query.text?.toLowerCase();
  const matching = reports.filter(
    (report) =>
      (query.solved === undefined || report.solved === query.solved) &&
      (query.type === undefined || report.type === query.type) &&
      (query.office === undefined || report.officeId === query.office) &&
      (text === undefined || `${report.title} ${report.description}`.toLowerCase().includes(text)),
  );
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = [...matching].sort((a, b) => {
    const key = query.sort;
    const left = String(a[key]);
    const right = String(b[key]);
    return left === right ? 0 : left < right ? -direction : direction;
  });
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), total: matching.length, page: query.page, pageSize: query.pageSize };
}

export type FakeBugsGateway = {
  fetch: FetchFn;
  calls: RecordedCall[];
  callsTo: (method: string, path: string) => RecordedCall[];
  reports: ManagedBugReport[];
  /** What PUT /api/bugReports answers next (default 201 with an id). */
  answerSubmit: (reply: Reply | (() => Promise<Reply>)) => void;
  /** Makes every management call fail with this status. */
  failManagement: (status: number | null) => void;
};

export function fakeBugsGateway(
  options: { reports?: ManagedBugReport[]; attachments?: Record<string, Blob> } = {},
): FakeBugsGateway {
  const calls: RecordedCall[] = [];
  const reports = [...(options.reports ?? [])];
  let submitReply: Reply | (() => Promise<Reply>) = { status: 201, body: { id: 'bug-new' } };
  let managementFailure: number | null = null;

  const fetch: FetchFn = async (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query: new URLSearchParams(search), headers: { ...(init.headers as Record<string, string>) }, body });

    if (path === '/api/bugReports' && method === 'PUT') {
      const reply = typeof submitReply === 'function' ? await submitReply() : submitReply;
      return jsonResponse(reply.body, reply.status);
    }
    if (path === '/api/management/offices') {
      return jsonResponse({ items: DEMO_OFFICES, total: DEMO_OFFICES.length, page: 1, pageSize: 100 });
    }
    if (path.startsWith('/api/management/bugs')) {
      if (managementFailure !== null) return jsonResponse({ statusCode: managementFailure, message: 'Broken' }, managementFailure);
      if (path === '/api/management/bugs') return jsonResponse(listed(reports, listQueryFromSearch(new URLSearchParams(search))));
      const [, id = '', rest] = /^\/api\/management\/bugs\/([^/]+)(\/attachment)?$/.exec(path) ?? [];
      const index = reports.findIndex((report) => report.id === decodeURIComponent(id));
      const report = reports[index];
      if (!report) return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Bug report not found' }, 404);
      if (rest === '/attachment') {
        const file = options.attachments?.[report.id];
        return file ? fileResponse(file) : jsonResponse({ statusCode: 404, message: 'No attachment' }, 404);
      }
      if (method === 'PATCH') {
        const { solved } = body as { solved: boolean };
        const updated = { ...report, solved, solvingDate: solved ? (report.solvingDate ?? '2025-03-15T10:30:00.000Z') : null };
        reports[index] = updated;
        return jsonResponse(updated);
      }
      return jsonResponse(report);
    }
    return fakeGateway(url, init);
  };

  return {
    fetch,
    calls,
    callsTo: (method, path) => calls.filter((call) => call.method === method && call.path === path),
    reports,
    answerSubmit: (reply) => {
      submitReply = reply;
    },
    failManagement: (status) => {
      managementFailure = status;
    },
  };
}
