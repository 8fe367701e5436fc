/**
 * The /plan pages in the app's routes over a fake plan library: the search (box, plan type, results, paging,
 * address, empty and failed states) and a plan (the breakdown read only and without any patient, the PDF, and
 * "Verify a patient on this plan" to the New Verification form with the carrier).
 */
import { type Page, type PlanLibraryDetail, type PlanLibraryItem } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { jsonReply } from '../test-support/json-reply';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { addressOfPlanSearch, changePlanSearch, DEFAULT_PLAN_SEARCH, planSearchFromAddress } from './plan-search-query';

const PLAN = fixtureDetail().plan!;

function item(overrides: Partial<PlanLibraryItem> & { id: string }): PlanLibraryItem {
  return {
    planHash: `hash-${overrides.id}`,
    carrier: { payerId: '77777', name: 'Delta Dental of California' },
    groupNumber: '01234-0001',
    groupName: 'ACME MANUFACTURING',
    employer: null,
    planType: 'dental',
    score: 9,
    verifications: 3,
    lastVerifiedAt: '2026-11-24T21:02:35.070Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-24T21:02:35.070Z',
    ...overrides,
  };
}

const PLANS = [
  item({ id: 'plan-delta' }),
  item({ id: 'plan-metlife', carrier: { payerId: '65978', name: 'MetLife Dental' }, groupNumber: '5581204', groupName: 'NORTHWIND LOGISTICS', employer: 'Northwind Traders', score: 4, planType: 'dentalExcluded' }),
];

type Call = { method: string; path: string; query: URLSearchParams };

function fakeLibrary({ plans = PLANS, failSearch = false }: { plans?: PlanLibraryItem[]; failSearch?: boolean } = {}) {
  const calls: Call[] = [];
  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    calls.push({ method: init.method ?? 'GET', path, query });
    if (path === '/api/features' || path === '/api/dentaloffice/user/all' || path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return Promise.resolve(jsonReply({ id: 'office-demo-1', planType: 'standard' }));
    if (path === '/api/plans') {
      if (failSearch) return Promise.resolve(jsonReply({ statusCode: 503, message: 'Service unavailable' }, 503));
      const q = query.get('q')?.toLowerCase() ?? '';
      const found = plans.filter((plan) => `${plan.carrier.name} ${plan.carrier.payerId} ${plan.groupNumber} ${plan.groupName}`.toLowerCase().includes(q));
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const answer: Page<PlanLibraryItem> = { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize };
      return Promise.resolve(jsonReply(answer));
    }
    const [, id, pdf] = /^\/api\/plans\/([^/]+)(\/pdf)?$/.exec(path) ?? [];
    const found = plans.find((plan) => plan.id === id);
    if (!found) return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: 'Plan not found' }, 404));
    if (pdf) {
      const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      return Promise.resolve({ ok: true, status: 200, statusText: 'OK', headers: { get: () => 'application/pdf' }, blob: () => Promise.resolve(file) } as unknown as Response);
    }
    const detail: PlanLibraryDetail = { ...found, plan: PLAN };
    return Promise.resolve(jsonReply(detail));
  };
  return { fetch, calls, searches: () => calls.filter((call) => call.path === '/api/plans').map((call) => Object.fromEntries(call.query)) };
}

function open(path: string, library = fakeLibrary()) {
  const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), path, library.fetch);
  return { ...view, library, user: userEvent.setup() };
}

const resultRows = () => [...document.querySelectorAll('.dv-plan-search__table tbody tr.dv-plan-search__row')].map((row) => row.textContent ?? '');

describe('the search in the address', () => {
  it('reads what the service accepts and drops what it would refuse', () => {
    expect(planSearchFromAddress(new URLSearchParams('q=acme&planType=vision&page=0&pageSize=50'))).toEqual({ ...DEFAULT_PLAN_SEARCH, q: 'acme', pageSize: 50 });
  });

  it('writes only what differs from the defaults, and starts a new search at page 1', () => {
    expect(addressOfPlanSearch(DEFAULT_PLAN_SEARCH).toString()).toBe('');
    const paged = changePlanSearch(DEFAULT_PLAN_SEARCH, { page: 3 });
    expect(addressOfPlanSearch(paged).toString()).toBe('page=3');
    expect(changePlanSearch(paged, { q: 'acme' }).page).toBe(1);
    expect(changePlanSearch(paged, { pageSize: 50 }).page).toBe(1);
  });
});

describe('Plan Search', () => {
  it('lists the library: payer, group, employer, plan type, last verified, plan score', async () => {
    open('/plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan Search' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search plans' })).toHaveFocus();
    await waitFor(() => expect(resultRows()).toHaveLength(2));
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Payer', 'Group', 'Employer', 'Plan type', 'Last verified', 'Plan score']);
    const [delta, metlife] = resultRows();
    expect(delta).toMatch(/Delta Dental of California.*Payer id 77777.*01234-0001.*ACME MANUFACTURING.*Not stated.*Dental.*11\/24\/2026.*9\/10/);
    expect(metlife).toMatch(/MetLife Dental.*5581204.*Northwind Traders.*Dental excluded.*4\/10/);
    expect(screen.getByText('2 plans')).toBeInTheDocument();
  });

  it('searches what is typed on Enter, keeps it in the address, and opens a plan found', async () => {
    const { user, library, location } = open('/plan');
    await user.type(await screen.findByRole('searchbox', { name: 'Search plans' }), '5581204{Enter}');
    await waitFor(() => expect(location()).toBe('/plan?q=5581204'));
    await waitFor(() => expect(resultRows()).toEqual([expect.stringContaining('MetLife Dental')]));
    expect(library.searches().at(-1)).toEqual({ q: '5581204', page: '1', pageSize: '20' });
    await user.click(screen.getByRole('link', { name: 'MetLife Dental' }));
    await waitFor(() => expect(location()).toBe('/plan/plan-metlife'));
    expect(await screen.findByRole('link', { name: 'Back to Plan Search' })).toHaveAttribute('href', '/plan?q=5581204');
  });

  it('says when nothing matches and offers to clear the search', async () => {
    const { user, location } = open('/plan?q=contoso');
    expect(await screen.findByText('No plan matches “contoso”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search plans' })).toHaveValue('contoso');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/plan'));
    await waitFor(() => expect(resultRows()).toHaveLength(2));
  });

  it('says how the library fills when it is empty', async () => {
    open('/plan', fakeLibrary({ plans: [] }));
    expect(await screen.findByText(/No plans in the library yet/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'New Verification' })).toHaveAttribute('href', '/verification');
  });

  it('shows a failed search with Try again', async () => {
    const { user, library } = open('/plan', fakeLibrary({ failSearch: true }));
    expect(await screen.findByText('The plans could not be searched.')).toBeInTheDocument();
    const before = library.searches().length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(library.searches().length).toBeGreaterThan(before));
  });

  it('pages with the service', async () => {
    const many = Array.from({ length: 25 }, (_, index) => item({ id: `plan-${index}`, groupNumber: `G${index}` }));
    const { user, library, location } = open('/plan', fakeLibrary({ plans: many }));
    await waitFor(() => expect(resultRows()).toHaveLength(20));
    await user.click(within(screen.getByRole('navigation', { name: 'Plan pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(location()).toBe('/plan?page=2'));
    await waitFor(() => expect(resultRows()).toHaveLength(5));
    expect(library.searches().at(-1)).toMatchObject({ page: '2' });
  });
});

describe('a plan', () => {
  it('shows the breakdown read only, without any patient', async () => {
    open('/plan/plan-delta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delta Dental of California' })).toBeInTheDocument();
    const breakdown = screen.getByTestId('plan-breakdown');
    expect(screen.getByTestId('plan-score')).toHaveTextContent('9/10');
    expect(within(breakdown).getByRole('table', { name: 'Coverage by category' })).toBeInTheDocument();
    const procedures = within(breakdown).getByRole('table', { name: 'Procedure codes' });
    const columns = within(procedures).getAllByRole('columnheader').map((th) => th.textContent);
    expect(columns).not.toContain('Last service');
    expect(columns).not.toContain('Next eligible');
    expect(within(breakdown).getAllByRole('img', { name: /: confidence [1-4] of 4/ }).length).toBeGreaterThan(10);
    expect(within(breakdown).queryAllByRole('button', { name: /^Edit / })).toEqual([]);
    const text = breakdown.textContent ?? '';
    for (const patient of ['Patient', 'Subscriber', 'Remaining', 'Effective date']) expect(text).not.toContain(patient);
  });

  it('downloads the PDF', async () => {
    const { user, library } = open('/plan/plan-delta');
    const created = jest.fn(() => 'blob:plan');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    // jsdom cannot follow the download link.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    clicked.mockRestore();
    expect(library.calls.find((call) => call.path === '/api/plans/plan-delta/pdf')?.query.get('paper')).toMatch(/^(letter|a4)$/);
  });

  it('verifies a patient on it: the New Verification form with the carrier chosen', async () => {
    const { user, location } = open('/plan/plan-delta');
    await user.click(await screen.findByRole('button', { name: 'Verify a patient on this plan' }));
    await waitFor(() => expect(location()).toBe('/verification?payerId=77777'));
  });

  it('says when the plan is not in the library, with the way back', async () => {
    open('/plan/plan-elsewhere');
    expect(await screen.findByText('Plan not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan Search' })).toHaveAttribute('href', '/plan');
  });
});
