import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { pageItems } from '../ui/data-pager';
import { changeListQuery, DEFAULT_LIST_QUERY, listQueryFromSearch, searchOfListQuery } from './bug-list-filters';
import { fakeBugsGateway, managedReport } from './fake-bugs-gateway';

const REPORTS = [
  managedReport({ id: 'bug-1', title: 'Deductible shows 0', type: 'Data error', creationDate: '2025-03-10T12:00:00.000Z' }),
  managedReport({
    id: 'bug-2',
    title: 'Plan search freezes',
    type: 'Technical bug',
    officeId: 'office-demo-2',
    creationDate: '2025-03-12T12:00:00.000Z',
    attachment: { mime: 'image/png', size: 70, fileName: 'screen.png' },
  }),
  managedReport({
    id: 'bug-3',
    title: 'Add a question about implants',
    type: 'New Form Question',
    user: 'admin@demo.test',
    solved: true,
    solvingDate: '2025-03-13T12:00:00.000Z',
    creationDate: '2025-03-11T12:00:00.000Z',
  }),
];

function openList(path = '/management/bugs', reports = REPORTS, failWith: number | null = null) {
  const gateway = fakeBugsGateway({ reports });
  gateway.failManagement(failWith);
  const view = renderApp(fakeSession(ROLE_CLAIMS.admin!), path, gateway.fetch);
  const listCalls = () => gateway.callsTo('GET', '/api/management/bugs').map((call) => Object.fromEntries(call.query));
  return { gateway, view, listCalls };
}

/**
 * The texts of the table's data rows. A plain DOM query: the helpers below poll it until the list settles, and
 * role queries walk the whole tree on every poll, slow enough in jsdom to miss a deadline on a busy machine.
 */
async function rows() {
  const body = await waitFor(() => {
    const found = document.querySelector('.dv-bug-list__table tbody');
    expect(found).not.toBeNull();
    return found!;
  });
  return [...body.querySelectorAll('tr.dv-bug-list__row')].map((row) => row.textContent ?? '');
}

async function titlesShown() {
  await waitFor(() => expect(document.querySelector('.dv-bug-list__table[aria-busy="true"]')).toBeNull());
  return (await rows()).map((row) => REPORTS.find((report) => row.includes(report.title))?.id ?? row);
}

/** Button-style radios draw their label as the button: the user clicks the label. */
async function pick(user: UserEvent, label: string) {
  await user.click(screen.getByLabelText(label).closest('label')!);
}

async function choose(user: UserEvent, label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(within(select).getByRole('option', { name: option })).toBeInTheDocument());
  await user.selectOptions(select, option);
}

describe('list query in the address', () => {
  it('reads what the service accepts and drops what it would refuse', () => {
    const query = listQueryFromSearch(new URLSearchParams('solved=false&type=Data+error&page=3&pageSize=500&sort=nope&text=x'));
    expect(query).toEqual({ ...DEFAULT_LIST_QUERY, solved: false, type: 'Data error', page: 3, text: 'x' });
  });

  it('writes only what differs from the defaults', () => {
    expect(searchOfListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
    expect(searchOfListQuery({ ...DEFAULT_LIST_QUERY, solved: true, sort: 'type', order: 'asc' }).toString()).toBe(
      'solved=true&sort=type&order=asc',
    );
  });

  it('goes back to page 1 when a filter or the page size changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_LIST_QUERY, page: 3 };
    expect(changeListQuery(onPage3, { type: 'Data error' }).page).toBe(1);
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(changeListQuery(onPage3, { page: 3, pageSize: 50 }).page).toBe(1);
  });
});

describe('/management/bugs', () => {
  it('lists the reports newest first with date, type, title, office, reporter and a solved tag', async () => {
    const { listCalls } = openList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bug Reports' })).toBeInTheDocument();
    expect(await titlesShown()).toEqual(['bug-2', 'bug-3', 'bug-1']);
    const [newest, , oldest] = await rows();
    expect(newest).toContain('03/12/2025');
    expect(newest).toContain('Technical bug');
    expect(newest).toContain('Bright Smiles Dental – Oak Ave');
    expect(newest).toContain('staff@demo.test');
    expect(newest).toContain('attachment');
    expect(newest).toContain('Unsolved');
    expect(oldest).toContain('Bright Smiles Dental – Main St');
    expect((await rows())[1]).toContain('Solved');
    expect(screen.getByText('3 reports')).toBeInTheDocument();
    expect(listCalls()[0]).toEqual({ page: '1', pageSize: '20', sort: 'creationDate', order: 'desc' });
  });

  it('filters by solved state, type and office, through the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { listCalls, view } = openList();
    await titlesShown();

    await pick(user, 'Solved');
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-3']));
    expect(listCalls().at(-1)).toMatchObject({ solved: 'true' });
    expect(view.location()).toBe('/management/bugs?solved=true');

    await pick(user, 'Unsolved');
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-2', 'bug-1']));

    await choose(user, 'Type', 'Data error');
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-1']));
    expect(listCalls().at(-1)).toMatchObject({ solved: 'false', type: 'Data error' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-2', 'bug-3', 'bug-1']));

    await choose(user, 'Office', 'Bright Smiles Dental – Oak Ave');
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-2']));
    expect(listCalls().at(-1)).toMatchObject({ office: 'office-demo-2' });
    expect(view.location()).toBe('/management/bugs?office=office-demo-2');
  });

  it('searches the text once typing pauses', async () => {
    const user = userEvent.setup({ delay: null });
    const { listCalls } = openList();
    await titlesShown();
    const before = listCalls().length;
    await user.click(screen.getByLabelText('Search'));
    await user.paste('FREEZ');
    expect(listCalls()).toHaveLength(before);
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-2']));
    expect(listCalls().slice(before)).toEqual([expect.objectContaining({ text: 'FREEZ' })]);
  });

  it('starts from the filters in the address', async () => {
    const { listCalls } = openList('/management/bugs?solved=false&type=Technical+bug&text=plan');
    expect(await titlesShown()).toEqual(['bug-2']);
    expect(listCalls()[0]).toMatchObject({ solved: 'false', type: 'Technical bug', text: 'plan' });
    expect(screen.getByLabelText('Search')).toHaveValue('plan');
    expect(screen.getByLabelText('Unsolved')).toBeChecked();
  });

  it('sorts by type and by solved state on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { listCalls } = openList();
    await titlesShown();
    const table = screen.getByRole('table');
    await user.click(within(table).getByText('Type'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'type', order: 'asc' }));
    expect(await titlesShown()).toEqual(['bug-1', 'bug-3', 'bug-2']);
    await user.click(within(table).getByText('Type'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'type', order: 'desc' }));
    await user.click(within(table).getByText('Status'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'solved', order: 'asc' }));
    await user.click(within(table).getByText('Reported'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'creationDate', order: 'desc' }));
  });

  it('sorts from header buttons that say how the table is sorted', async () => {
    const user = userEvent.setup({ delay: null });
    const { listCalls } = openList();
    await titlesShown();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    const sortOf = () => Object.fromEntries(headers.map((header) => [header.textContent, header.getAttribute('aria-sort')]));
    expect(sortOf()).toEqual({ Reported: 'descending', Type: null, Title: null, Office: null, 'Reported by': null, Status: null });
    const typeButton = within(headers[1]!).getByRole('button', { name: 'Type' });
    typeButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'type', order: 'asc' }));
    await waitFor(() => expect(sortOf()).toMatchObject({ Reported: null, Type: 'ascending' }));
    await user.keyboard(' ');
    await waitFor(() => expect(sortOf()).toMatchObject({ Type: 'descending' }));
    expect(within(headers[2]!).queryByRole('button')).toBeNull();
  });

  it('offers the first, the last and the pages around the current one', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageItems(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
  });

  it('changes the page size, back to page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 25 }, (_, index) => managedReport({ id: `bug-${index + 1}`, title: `Report number ${index + 1}` }));
    const { listCalls, view } = openList('/management/bugs?page=2', many);
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50 / page');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '1', pageSize: '50' }));
    await waitFor(async () => expect(await rows()).toHaveLength(25));
    expect(view.location()).toBe('/management/bugs?pageSize=50');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('pages on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 25 }, (_, index) =>
      managedReport({
        id: `bug-${index + 1}`,
        title: `Report number ${index + 1}`,
        creationDate: new Date(Date.UTC(2025, 0, 1 + index, 12)).toISOString(),
      }),
    );
    const { listCalls, view } = openList('/management/bugs', many);
    await waitFor(async () => expect(await rows()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '2', pageSize: '20' }));
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect((await rows())[0]).toContain('Report number 5');
    expect(view.location()).toBe('/management/bugs?page=2');
    expect(screen.getByText('25 reports')).toBeInTheDocument();
  });

  it('says when there is nothing, with or without filters', async () => {
    openList('/management/bugs', []);
    expect(await screen.findByText('No bug reports yet.')).toBeInTheDocument();
  });

  it('says when the filters match nothing', async () => {
    openList('/management/bugs?type=Data+error&solved=true');
    expect(await screen.findByText('No bug reports match these filters.')).toBeInTheDocument();
  });

  it('shows a failed load and tries again', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openList('/management/bugs', REPORTS, 500);
    expect(await screen.findByText('The bug reports could not be loaded.')).toBeInTheDocument();
    gateway.failManagement(null);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await titlesShown()).toEqual(['bug-2', 'bug-3', 'bug-1']));
    expect(screen.queryByText('The bug reports could not be loaded.')).not.toBeInTheDocument();
  });

  it('opens a report from its row or its title, and the way back keeps the filters', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = openList('/management/bugs?solved=false&sort=type&order=asc');
    await titlesShown();
    await user.click(within(screen.getByRole('table')).getByText('Bright Smiles Dental – Oak Ave'));
    await waitFor(() => expect(view.location()).toBe('/management/bugs/bug-2'));
    const back = await screen.findByRole('link', { name: 'Back to the list' });
    expect(back).toHaveAttribute('href', '/management/bugs?solved=false&sort=type&order=asc');
    await user.click(back);
    await waitFor(() => expect(view.location()).toBe('/management/bugs?solved=false&sort=type&order=asc'));
    await user.click(await screen.findByRole('link', { name: 'Deductible shows 0' }));
    await waitFor(() => expect(view.location()).toBe('/management/bugs/bug-1'));
  });

  it('is for agents, admins and super administrators only', async () => {
    const gateway = fakeBugsGateway({ reports: REPORTS });
    const staff = renderApp(fakeSession(ROLE_CLAIMS.staff!), '/management/bugs', gateway.fetch);
    await waitFor(() => expect(staff.location()).toBe('/unauthorized'));
    expect(gateway.callsTo('GET', '/api/management/bugs')).toHaveLength(0);
  });
});
