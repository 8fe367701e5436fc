/**
 * /reverification in the app's routes over a fake gateway: the office's re-verifications (columns, search, sort
 * and paging in the address, empty and failed states), starting one from the picker of past verifications, and
 * the ticket page's link (?verificationId=): nothing starts on arrival, "Re-verify now" does, a refusal is shown
 * in the service's words.
 */
import { REVERIFICATION_MESSAGES, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { historyRow } from '../history/fake-history-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { fakeReverificationGateway, reverification } from './fake-reverification-gateway';
import { changeListQuery, DEFAULT_LIST_QUERY, listQueryFromSearch, searchOfListQuery } from './reverification-query';

const RUTH = reverification();
const JAMES = reverification({
  id: 'rev-james',
  verificationId: 'ver-james',
  patient: { firstName: 'James', lastName: 'Walker', dob: '09/30/1979', memberId: 'DPA55501234' },
  lastCheckedAt: '2026-06-14T15:00:00.000Z',
  coverageStatus: 'terminated',
  status: 'waiting',
  changes: 0,
});

const PAST = [
  historyRow({ id: 'ver-maria' }),
  historyRow({
    id: 'ver-kevin',
    patient: { firstName: 'Kevin', lastName: 'Patel', dob: '02/02/1990', memberId: 'UHC1234' },
    readyAt: null,
    createdAt: '2026-06-11T15:00:00.000Z',
  }),
];

function open(path: string, rows = [RUTH, JAMES], options: Parameters<typeof fakeReverificationGateway>[1] = {}) {
  const gateway = fakeReverificationGateway(rows, { verifications: PAST, ...options });
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), path, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets, user: userEvent.setup({ delay: null }) };
}

/** The patients of the list's rows, once it settled. */
async function patientsShown(): Promise<string[]> {
  await waitFor(() => expect(document.querySelector('.dv-reverification__list[aria-busy="false"] tbody')).not.toBeNull());
  return [...document.querySelectorAll('tr.dv-reverification__row')].map((row) => row.querySelector('td a')?.textContent ?? '');
}

describe('the list query in the address', () => {
  it('reads what the service accepts, drops the rest, and keeps the verification offered', () => {
    expect(listQueryFromSearch(new URLSearchParams('q=fischer&sort=dob&page=0&order=asc'))).toEqual({ ...DEFAULT_LIST_QUERY, q: 'fischer', order: 'asc' });
    expect(searchOfListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
    expect(searchOfListQuery(changeListQuery({ ...DEFAULT_LIST_QUERY, page: 3 }, { q: 'ruth' }), 'ver-1').toString()).toBe('q=ruth&verificationId=ver-1');
  });
});

describe('/reverification', () => {
  it("lists the office's re-verifications, last checked first, with their columns", async () => {
    const { gateway } = open('/reverification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Re-verification' })).toBeInTheDocument();
    expect(await patientsShown()).toEqual(['Walker, James', 'Fischer, Ruth']);
    const table = screen.getByRole('table', { name: 'Re-verification' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Patient', 'DOB', 'Carrier', 'Member ID', 'Last checked', 'Status', 'Coverage', 'Changes',
    ]);
    const ruth = screen.getByRole('link', { name: 'Fischer, Ruth' }).closest('tr')!;
    for (const text of ['10/14/1962', 'GEHA Connection Dental', 'GEHA2468013', '06/12/2026', 'Done', 'Active', '1']) expect(ruth).toHaveTextContent(text);
    const james = screen.getByRole('link', { name: 'Walker, James' }).closest('tr')!;
    for (const text of ['Waiting for the office', 'Terminated', 'None']) expect(james).toHaveTextContent(text);
    expect(screen.getByText('2 re-verifications')).toBeInTheDocument();
    expect(gateway.calls('GET', '/api/reverifications')[0]?.query).toEqual({ page: '1', pageSize: '20', sort: 'lastCheckedAt', order: 'desc' });
    // The picker is folded while the office has re-verifications.
    expect(screen.getByRole('button', { name: 'Re-verify a past verification' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches once typing pauses and sorts by a header, both in the address', async () => {
    const { user, gateway, location } = open('/reverification');
    await patientsShown();
    await user.type(screen.getByRole('searchbox', { name: 'Search re-verifications' }), 'fisch');
    await waitFor(async () => expect(await patientsShown()).toEqual(['Fischer, Ruth']));
    expect(location()).toBe('/reverification?q=fisch');
    expect(gateway.calls('GET', '/api/reverifications').at(-1)?.query).toMatchObject({ q: 'fisch' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search re-verifications' }));
    await waitFor(async () => expect(await patientsShown()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Patient' }));
    await waitFor(() => expect(location()).toBe('/reverification?sort=patientName&order=asc'));
    expect(await patientsShown()).toEqual(['Fischer, Ruth', 'Walker, James']);
    expect(screen.getByRole('columnheader', { name: 'Patient' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('starts from the address and pages with the service', async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      reverification({ id: `rev-${index}`, verificationId: `ver-${index}`, lastCheckedAt: `2026-05-${String(index + 1).padStart(2, '0')}T10:00:00.000Z` }),
    );
    const { user, location, gateway } = open('/reverification?q=fischer', many);
    expect(await patientsShown()).toHaveLength(20);
    expect(screen.getByRole('searchbox', { name: 'Search re-verifications' })).toHaveValue('fischer');
    await user.click(within(screen.getByRole('navigation', { name: 'Re-verification pages' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/reverification?page=2&q=fischer'));
    expect(await patientsShown()).toHaveLength(3);
    expect(gateway.calls('GET', '/api/reverifications').at(-1)?.query).toMatchObject({ page: '2', q: 'fischer' });
  });

  it('opens a re-verification from its row, and its page leads back to the same list', async () => {
    const { user, location } = open('/reverification?q=fisch');
    await patientsShown();
    await user.click(screen.getByText('GEHA2468013'));
    await waitFor(() => expect(location()).toBe('/reverification/rev-ruth'));
    expect(await screen.findByRole('link', { name: 'Back to Re-verification' })).toHaveAttribute('href', '/reverification?q=fisch');
  });

  it('says how to start one when there is none, with the picker open', async () => {
    open('/reverification', []);
    expect(await screen.findByText(/No re-verifications yet\. To start one, open “Re-verify a past verification” above/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-verify a past verification' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Re-verify Lopez, Maria' })).toBeEnabled();
  });

  it('says when nothing matches, and clears the search', async () => {
    const { user, location } = open('/reverification?q=nobody');
    expect(await screen.findByText('No re-verification matches “nobody”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/reverification'));
    expect(await patientsShown()).toHaveLength(2);
  });

  it('refetches the list when the socket says a re-check changed', async () => {
    const { gateway, sockets } = open('/reverification');
    await patientsShown();
    connectLatestInAct(sockets);
    gateway.replace(reverification({ status: 'checking' }));
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.reverificationStatus, { reverificationId: 'rev-ruth', verificationId: 'ver-ruth', status: 'checking' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Fischer, Ruth' }).closest('tr')).toHaveTextContent('Checking'));
  });
});

describe('starting a re-verification from the picker', () => {
  it('re-verifies a past verification and opens its re-verification', async () => {
    const { user, gateway, location } = open('/reverification');
    await patientsShown();
    await user.click(screen.getByRole('button', { name: 'Re-verify a past verification' }));
    const picker = await screen.findByRole('table', { name: 'Latest verifications' });
    expect(within(picker).getByRole('button', { name: 'Re-verify Patel, Kevin' })).toBeDisabled();
    expect(within(picker).getByText('Sources still working')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find a past verification' }), 'lopez{Enter}');
    await waitFor(() => expect(gateway.calls('GET', '/api/verifications').at(-1)?.query).toMatchObject({ q: 'lopez', pageSize: '5' }));
    await user.click(await screen.findByRole('button', { name: 'Re-verify Lopez, Maria' }));
    await waitFor(() => expect(location()).toBe('/reverification/rev-ver-maria'));
    expect(gateway.calls('POST', '/api/reverifications')[0]?.body).toEqual({ verificationId: 'ver-maria' });
    expect(await screen.findByTestId('reverification-status')).toHaveTextContent('Checking');
  });

  it('shows a refusal in the service’s words and stays', async () => {
    const { user, gateway, location } = open('/reverification', []);
    gateway.refuse(REVERIFICATION_MESSAGES.noSource);
    await user.click(await screen.findByRole('button', { name: 'Re-verify Lopez, Maria' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVERIFICATION_MESSAGES.noSource);
    expect(location()).toBe('/reverification');
  });
});

describe('/reverification?verificationId= (the ticket page’s Re-verify)', () => {
  const ticket = fixtureDetail();

  it('names the verification and starts nothing until Re-verify now', async () => {
    const { user, gateway, location } = open(`/reverification?verificationId=${ticket.id}`, [RUTH], { tickets: [ticket] });
    const panel = await screen.findByRole('table', { name: 'The verification to re-verify' });
    for (const text of ['Ana Testa', '04/12/1985', 'TEST123', 'Delta Dental of California', '11/24/2026']) expect(panel).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Open the verification' })).toHaveAttribute('href', `/verification/${ticket.id}`);
    expect(gateway.calls('POST', '/api/reverifications')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Re-verify now' }));
    await waitFor(() => expect(location()).toBe(`/reverification/rev-${ticket.id}`));
    expect(gateway.calls('POST', '/api/reverifications')).toHaveLength(1);
  });

  it('leads to the re-verification it already has', async () => {
    const earlier = reverification({ id: 'rev-ana', verificationId: ticket.id, patient: { firstName: 'Ana', lastName: 'Testa', dob: '04/12/1985', memberId: 'TEST123' } });
    open(`/reverification?verificationId=${ticket.id}`, [RUTH, earlier], { tickets: [ticket] });
    expect(await screen.findByRole('link', { name: 'its re-verification' })).toHaveAttribute('href', '/reverification/rev-ana');
    expect(screen.getByText(/Re-verified before/)).toBeInTheDocument();
  });

  it('shows the 409 in the service’s words', async () => {
    const { user, gateway, location } = open(`/reverification?verificationId=${ticket.id}`, [], { tickets: [ticket] });
    gateway.refuse(REVERIFICATION_MESSAGES.alreadyRunning);
    await user.click(await screen.findByRole('button', { name: 'Re-verify now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVERIFICATION_MESSAGES.alreadyRunning);
    expect(location()).toBe(`/reverification?verificationId=${ticket.id}`);
  });

  it('waits for a verification whose sources have not answered', async () => {
    const pending = fixtureDetail((draft) => {
      draft.readyAt = null as unknown as string;
    });
    open(`/reverification?verificationId=${pending.id}`, [], { tickets: [pending] });
    expect(await screen.findByRole('button', { name: 'Re-verify now' })).toBeDisabled();
    expect(screen.getByText(`${REVERIFICATION_MESSAGES.notReady}.`)).toBeInTheDocument();
  });

  it('says when the verification is not the office’s, and goes back to the picker', async () => {
    const { user, location } = open('/reverification?verificationId=elsewhere&q=fisch', [RUTH]);
    expect(await screen.findByText(/Verification not found/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pick another verification' }));
    await waitFor(() => expect(location()).toBe('/reverification?q=fisch'));
    expect(screen.getByRole('button', { name: 'Re-verify a past verification' })).toBeInTheDocument();
  });
});
