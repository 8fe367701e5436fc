/**
 * /management/stats: the figures and tables of the service's reply, the range and office it asks for (in the query
 * for a super administrator, in the office header for an office user), the CSV built in the browser, and the
 * loading, empty and error states.
 */
import { OFFICE_HEADER, type StatsReply } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { jsonReply } from '../../test-support/json-reply';
import { renderApp } from '../../test-support/render-app';
import { statsCsv } from './stats-csv';
import { duration, percent } from './stats-format';
import { lastDays, rangeFromSearch } from './stats-query';

const FIGURES: StatsReply = {
  from: '2026-03-02',
  to: '2026-03-04',
  timeZone: 'UTC',
  officeId: null,
  totals: { verifications: 7, ready: 7, readyWithoutAgent: 3, outsourced: 2 },
  readyWithoutAgentShare: 3 / 7,
  timeToReady: { count: 7, medianMs: 30_000, p90Ms: 54_000 },
  perDay: [
    { day: '2026-03-02', verifications: 2, readyWithoutAgent: 2, outsourced: 0 },
    { day: '2026-03-03', verifications: 4, readyWithoutAgent: 0, outsourced: 1 },
    { day: '2026-03-04', verifications: 1, readyWithoutAgent: 1, outsourced: 1 },
  ],
  sources: [
    { source: 'clearinghouse', jobs: 7, success: 4, rejected: 3, error: 0, unfinished: 0, successRate: 4 / 7 },
    { source: 'portal', jobs: 3, success: 1, rejected: 0, error: 2, unfinished: 0, successRate: 1 / 3 },
  ],
  rejectionReasons: [
    { reason: 'AAA 75 Subscriber/insured not found (Please correct and resubmit)', count: 2 },
    { reason: 'AAA 72 Invalid/missing subscriber/insured ID (Please correct and resubmit)', count: 1 },
  ],
  outsourcedByStatus: [
    { status: 'Open', count: 1 },
    { status: 'Resolved', count: 1 },
  ],
  truncated: false,
};

const OFFICES = [
  { id: 'office-demo-1', name: 'Bright Smiles Main St', ableToFullfillForm: false },
  { id: 'office-demo-2', name: 'Bright Smiles Oak Ave', ableToFullfillForm: false },
];

type StatsCall = { query: Record<string, string>; office: string | null };

function statsGateway(answer: (call: StatsCall) => Response | Promise<Response> = () => jsonReply(FIGURES)) {
  const calls: StatsCall[] = [];
  const fetch: FetchFn = (url, init) => {
    const [path = '', search = ''] = url.split('?');
    if (path === '/api/features' || path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    if (path === '/api/dentaloffice/user/all') return Promise.resolve(jsonReply(OFFICES));
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return Promise.resolve(jsonReply({ id: 'office-demo-1', planType: 'standard' }));
    if (path === '/api/management/stats') {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = { query: Object.fromEntries(new URLSearchParams(search)), office: headers[OFFICE_HEADER] ?? null };
      calls.push(call);
      return Promise.resolve(answer(call));
    }
    return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: `Route ${path} not found` }, 404));
  };
  return { fetch, calls };
}

/** A Blob's text: jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsText(blob);
  });
}

const figureOf = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;

describe('/management/stats', () => {
  it('shows the figures, tables and charts of the last seven days of every office, for a super administrator', async () => {
    const gateway = statsGateway();
    renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/stats', gateway.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    await waitFor(() => expect(figureOf('Verifications')).toHaveTextContent('7'));
    expect(figureOf('Ready without an agent')).toHaveTextContent('42.9%3 of 7');
    expect(figureOf('Median time to ready')).toHaveTextContent('30 s90% within 54 s');
    expect(figureOf('Outsourced')).toHaveTextContent('2');
    const sources = screen.getByRole('table', { name: 'Sources' });
    expect(within(sources).getByRole('row', { name: /Clearinghouse/ })).toHaveTextContent('Clearinghouse7430057.1%');
    expect(within(screen.getByRole('table', { name: 'Top rejection reasons' })).getAllByRole('row')[1]).toHaveTextContent('AAA 75 Subscriber/insured not found (Please correct and resubmit)2');
    expect(within(screen.getByRole('table', { name: 'Outsourced tickets by status' })).getByRole('row', { name: /Resolved/ })).toHaveTextContent('Resolved1');
    expect(await screen.findByRole('figure', { name: 'Verifications per day, chart' })).toBeInTheDocument();
    const expected = lastDays(new Date());
    expect(gateway.calls[0]?.query).toEqual({ from: expected.from, to: expected.to, timeZone: expect.any(String) });
  });

  it('asks about one office in the query when a super administrator picks it', async () => {
    const user = userEvent.setup();
    const gateway = statsGateway();
    const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/stats?from=2026-03-02&to=2026-03-04', gateway.fetch);
    const office = await screen.findByRole('combobox', { name: 'Office' });
    await waitFor(() => expect(within(office).getByRole('option', { name: 'Bright Smiles Oak Ave' })).toBeInTheDocument());
    await user.selectOptions(office, 'office-demo-2');
    await waitFor(() => expect(gateway.calls.at(-1)?.query).toMatchObject({ from: '2026-03-02', to: '2026-03-04', officeId: 'office-demo-2' }));
    expect(view.location()).toBe('/management/stats?from=2026-03-02&to=2026-03-04&officeId=office-demo-2');
  });

  it("an office user's figures are their office's, named in the header; a manager of two offices switches between them", async () => {
    const user = userEvent.setup();
    const gateway = statsGateway();
    renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), '/management/stats', gateway.fetch);
    await waitFor(() => expect(gateway.calls[0]?.office).toBe('office-demo-1'));
    expect(gateway.calls[0]?.query).not.toHaveProperty('officeId');
    const offices = await screen.findByRole('group', { name: 'Office' });
    await waitFor(() => expect(within(offices).getByRole('radio', { name: 'Bright Smiles Main St' })).toBeChecked());
    expect(within(offices).queryByRole('radio', { name: 'All offices' })).toBeNull();
    await user.click(within(offices).getByRole('radio', { name: 'Bright Smiles Oak Ave' }));
    await waitFor(() => expect(gateway.calls.at(-1)?.office).toBe('office-demo-2'));
  });

  it('says when nothing was verified', async () => {
    const empty = { ...FIGURES, totals: { verifications: 0, ready: 0, readyWithoutAgent: 0, outsourced: 0 }, readyWithoutAgentShare: null, rejectionReasons: [], outsourcedByStatus: [] };
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/management/stats', statsGateway(() => jsonReply(empty)).fetch);
    expect(await screen.findByText('No verification was made in these days.')).toBeInTheDocument();
    expect(figureOf('Ready without an agent')).toHaveTextContent('—');
  });

  it('offers to try again after a failed read', async () => {
    const user = userEvent.setup();
    let fail = true;
    const gateway = statsGateway(() => (fail ? jsonReply({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500) : jsonReply(FIGURES)));
    renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/stats', gateway.fetch);
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figureOf('Verifications')).toHaveTextContent('7'));
  });

  it('exports the figures as a CSV file built in the browser', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    // jsdom has no object URLs; the file made is kept.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => `blob:http://localhost/${files.push(blob)}`,
      revokeObjectURL: () => undefined,
    });
    // jsdom does not navigate: the download's click is the browser's, not the page's.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/stats', statsGateway().fetch);
      const button = await screen.findByRole('button', { name: /Export CSV/ });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      expect(files).toHaveLength(1);
      expect(clicked).toHaveBeenCalledTimes(1);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(await textOf(files[0]!)).toBe(statsCsv(FIGURES, 'All offices'));
    } finally {
      clicked.mockRestore();
    }
  });
});

describe('the CSV', () => {
  it('holds every table, quoting what needs it and no formula', () => {
    const csv = statsCsv(
      { ...FIGURES, rejectionReasons: [{ reason: '=HYPERLINK("x"), "quoted"', count: 1 }] },
      'Bright Smiles, Main St',
    );
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 11)).toEqual([
      'Statistics,"Bright Smiles, Main St"',
      'From,03/02/2026',
      'To,03/04/2026',
      'Time zone,UTC',
      'Verifications,7',
      'Ready,7',
      'Ready without an agent,3',
      'Share ready without an agent,42.9%',
      'Outsourced,2',
      'Median time to ready,30 s',
      '90th percentile time to ready,54 s',
    ]);
    expect(lines).toContain('Day,Verifications,Ready without an agent,Outsourced');
    expect(lines).toContain('03/03/2026,4,0,1');
    expect(lines).toContain('Insurance portal,3,1,0,2,0,33.3%');
    expect(lines).toContain(`"'=HYPERLINK(""x""), ""quoted""",1`);
    expect(lines).toContain('Resolved,1');
  });
});

describe('formats and the address', () => {
  it('reads shares and durations as people do', () => {
    expect([percent(null), percent(0), percent(1), percent(4 / 7)]).toEqual(['—', '0.0%', '100.0%', '57.1%']);
    expect([duration(null), duration(8_400), duration(30_000), duration(125_000), duration(4_500_000)]).toEqual(['—', '8.4 s', '30 s', '2 min 5 s', '1 h 15 min']);
  });

  it('falls back to the last seven days for a range the service would refuse', () => {
    const now = new Date(2026, 2, 10, 9);
    expect(lastDays(now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeFromSearch(new URLSearchParams('from=2026-03-01&to=2026-03-05'), now)).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    for (const search of ['from=2026-03-05&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=x&to=y', '']) {
      expect(rangeFromSearch(new URLSearchParams(search), now)).toEqual(lastDays(now));
    }
  });
});
