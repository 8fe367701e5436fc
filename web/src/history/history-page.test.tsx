import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fakeHistoryGateway, historyRow } from './fake-history-gateway';
import { localDayEnd, localDayStart } from './history-dates';
import { historyEnabled } from './history-flag';
import { changeHistoryQuery, DEFAULT_HISTORY_QUERY, historyCallParams, historyQueryFromSearch, searchOfHistoryQuery } from './history-query';

const UNDER_CONSTRUCTION = 'This page is under construction. It will be available in a coming release.';

const ROWS = [
  historyRow({ id: 'v-maria', createdAt: '2026-06-10T15:00:00.000Z' }),
  historyRow({
    id: 'v-james',
    status: 'Pending',
    ticketStatus: 'Pending',
    patient: { firstName: 'James', lastName: 'Walker', dob: '09/30/1979', memberId: 'DPA55501234' },
    createdAt: '2026-06-12T15:00:00.000Z',
    coverageStatus: 'terminated',
    planScore: null,
    createdBy: 'staff@demo.test',
  }),
  historyRow({
    id: 'v-aisha',
    patient: { firstName: 'Aisha', lastName: 'Khan', dob: '12/05/1990', memberId: 'MET884412' },
    carrier: { payerId: '65978', name: 'MetLife Dental', payerKey: 'METLIFE' },
    createdAt: '2026-06-11T15:00:00.000Z',
  }),
];

function openHistory(path = '/past-verifications', rows = ROWS, flag: boolean | null = true) {
  const gateway = fakeHistoryGateway(rows, { flag });
  const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), path, gateway.fetch);
  return { gateway, view };
}

/** The patient names of the rows shown, once the list settled. A plain DOM query (see bug-list-page.test.tsx). */
async function patientsShown(): Promise<string[]> {
  await waitFor(() => expect(document.querySelector('.dv-history__table[aria-busy="false"] tbody')).not.toBeNull());
  return [...document.querySelectorAll('tr.dv-history__row')].map((row) => row.querySelector('td a')?.textContent ?? '');
}

describe('history query in the address', () => {
  it('reads what the service accepts and drops what it would refuse', () => {
    const query = historyQueryFromSearch(new URLSearchParams('q=lopez&status=Weird&page=2&from=2026-06-02&to=2026-06-01&pageSize=500'));
    expect(query).toEqual({ ...DEFAULT_HISTORY_QUERY, q: 'lopez', page: 2, from: '2026-06-02' });
  });

  it('writes only what differs from the defaults, and a filter change goes back to page 1', () => {
    expect(searchOfHistoryQuery(DEFAULT_HISTORY_QUERY).toString()).toBe('');
    const onPage3 = { ...DEFAULT_HISTORY_QUERY, page: 3 };
    expect(searchOfHistoryQuery(changeHistoryQuery(onPage3, { status: 'Completed' })).toString()).toBe('status=Completed');
    expect(changeHistoryQuery(onPage3, { page: 4 }).page).toBe(4);
  });

  it('sends whole local days to the service', () => {
    const params = historyCallParams({ ...DEFAULT_HISTORY_QUERY, from: '2026-06-01', to: '2026-06-30' });
    expect(params.from).toBe(new Date(2026, 5, 1).toISOString());
    expect(params.to).toBe(new Date(2026, 5, 30, 23, 59, 59, 999).toISOString());
    expect(localDayStart('2026-06-01T00:00:00Z')).toBe('2026-06-01T00:00:00Z');
    expect(localDayEnd('2026-06-01')).toBe(new Date(2026, 5, 1, 23, 59, 59, 999).toISOString());
  });

  it('is on only when the organization has the flag on: a missing flag is off, as for every flag', () => {
    expect(historyEnabled([])).toBe(false);
    expect(historyEnabled([{ name: 'PAST_VERIFICATIONS_ENABLED', type: 'none', value: null, isActive: false }])).toBe(false);
    expect(historyEnabled([{ name: 'PAST_VERIFICATIONS_ENABLED', type: 'none', value: null, isActive: true }])).toBe(true);
  });
});

describe('/past-verifications', () => {
  it("lists the office's verifications newest first with the history's columns", async () => {
    const { gateway } = openHistory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifications History' })).toBeInTheDocument();
    expect(await patientsShown()).toEqual(['Walker, James', 'Khan, Aisha', 'Lopez, Maria']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Patient', 'DOB', 'Carrier', 'Member ID', 'Created', 'Status', 'Coverage', 'Plan score', 'Created by']);
    const james = screen.getByRole('link', { name: 'Walker, James' }).closest('tr')!;
    for (const text of ['09/30/1979', 'Delta Dental of California', 'DPA55501234', '06/12/2026', 'Pending', 'Terminated', '—', 'staff@demo.test']) {
      expect(james).toHaveTextContent(text);
    }
    expect(screen.getByText('3 verifications')).toBeInTheDocument();
    expect(gateway.calls[0]).toMatchObject({ query: { page: '1', pageSize: '20', sort: 'createdAt', order: 'desc' }, office: 'office-demo-1' });
  });

  it('searches once typing pauses, and keeps the search in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, view } = openHistory();
    await patientsShown();
    await user.type(screen.getByRole('searchbox', { name: 'Search verifications' }), 'walker');
    await waitFor(async () => expect(await patientsShown()).toEqual(['Walker, James']));
    expect(gateway.calls.at(-1)?.query).toMatchObject({ q: 'walker' });
    expect(view.location()).toBe('/past-verifications?q=walker');
  });

  it('filters by status and carrier through the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, view } = openHistory();
    await patientsShown();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(async () => expect(await patientsShown()).toEqual(['Khan, Aisha', 'Lopez, Maria']));
    const carrier = screen.getByRole('combobox', { name: 'Carrier' });
    await waitFor(() => expect(within(carrier).getByRole('option', { name: 'MetLife Dental' })).toBeInTheDocument());
    await user.selectOptions(carrier, 'MetLife Dental');
    await waitFor(async () => expect(await patientsShown()).toEqual(['Khan, Aisha']));
    expect(gateway.calls.at(-1)?.query).toMatchObject({ status: 'Completed', carrier: '65978' });
    expect(view.location()).toBe('/past-verifications?status=Completed&carrier=65978');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await patientsShown()).toHaveLength(3));
    expect(view.location()).toBe('/past-verifications');
  });

  it('starts from the filters in the address, dates included', async () => {
    const { gateway } = openHistory('/past-verifications?q=lopez&status=Completed&from=2026-06-01&to=2026-06-30');
    expect(await patientsShown()).toEqual(['Lopez, Maria']);
    expect(gateway.calls[0]?.query).toMatchObject({ q: 'lopez', status: 'Completed', from: localDayStart('2026-06-01'), to: localDayEnd('2026-06-30') });
    expect(screen.getByRole('searchbox', { name: 'Search verifications' })).toHaveValue('lopez');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
    await waitFor(() => expect(screen.getByPlaceholderText('Created from')).toHaveValue('06/01/2026'));
    expect(screen.getByPlaceholderText('Created to')).toHaveValue('06/30/2026');
  });

  it('sorts by a column on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openHistory();
    await patientsShown();
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Patient' }));
    await waitFor(() => expect(gateway.calls.at(-1)?.query).toMatchObject({ sort: 'patientName', order: 'asc' }));
    expect(await patientsShown()).toEqual(['Khan, Aisha', 'Lopez, Maria', 'Walker, James']);
  });

  it('pages on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 25 }, (_, index) =>
      historyRow({ id: `v-${index}`, patient: { firstName: `P${index}`, lastName: 'Many', dob: '01/01/1990', memberId: `M${index}` }, createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString() }),
    );
    const { view } = openHistory('/past-verifications', many);
    await waitFor(async () => expect(await patientsShown()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await patientsShown()).toHaveLength(5));
    expect(view.location()).toBe('/past-verifications?page=2');
  });

  it('opens the ticket from its row or its patient link', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = openHistory();
    await patientsShown();
    await user.click(screen.getByText('MET884412'));
    await waitFor(() => expect(view.location()).toBe('/verification/v-aisha'));
    view.goTo('/past-verifications');
    await user.click(await screen.findByRole('link', { name: 'Walker, James' }));
    await waitFor(() => expect(view.location()).toBe('/verification/v-james'));
  });

  it('says when there is nothing yet, with a way to start', async () => {
    openHistory('/past-verifications', []);
    expect(await screen.findByText(/No verifications yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new verification' })).toHaveAttribute('href', '/verification');
  });

  it('says when the filters match nothing, with a way back', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = openHistory('/past-verifications?q=nobody');
    expect(await screen.findByText(/No verifications match these filters\./)).toBeInTheDocument();
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.location()).toBe('/past-verifications'));
  });

  it('shows a failed load and tries again', async () => {
    const user = userEvent.setup({ delay: null });
    const gateway = fakeHistoryGateway(ROWS, { flag: true });
    gateway.fail(500);
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/past-verifications', gateway.fetch);
    expect(await screen.findByText('The verifications could not be loaded.')).toBeInTheDocument();
    gateway.fail(null);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await patientsShown()).toHaveLength(3));
    expect(screen.queryByText('The verifications could not be loaded.')).not.toBeInTheDocument();
  });

  it.each([
    ['missing', null],
    ['off', false],
  ])('with the flag %s: the menu leaves it out and the page is the under-construction one', async (_, flag) => {
    const { gateway } = openHistory('/past-verifications', ROWS, flag);
    expect(await screen.findByText(UNDER_CONSTRUCTION)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Verifications History' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'New Verification' })).toBeInTheDocument();
    expect(within(nav).queryByText('Verifications History')).toBeNull();
    expect(gateway.calls).toHaveLength(0);
  });

  it('keeps the menu item when the flag is on', async () => {
    openHistory('/plan', ROWS, true);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Verifications History' })).toHaveAttribute('href', '/past-verifications');
  });

  it('answers the flag as the demo does in the shared test gateway', async () => {
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Verifications History' })).toBeInTheDocument();
  });
});
