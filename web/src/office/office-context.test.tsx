import { OFFICE_HEADER, STORAGE_KEYS } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeGateway, renderApp } from '../test-support/render-app';

const OFFICE_1 = 'office-demo-1';
const OFFICE_2 = 'office-demo-2';
const NAMES: Record<string, string> = { [OFFICE_1]: 'Bright Smiles – Main St', [OFFICE_2]: 'Bright Smiles – Oak Ave' };

/** The shell's gateway with office names, recording the office header of every call. */
function gateway() {
  const officeHeaders: (string | undefined)[] = [];
  const fetch: FetchFn = (url, init) => {
    officeHeaders.push((init.headers as Record<string, string> | undefined)?.[OFFICE_HEADER]);
    if (url.split('?')[0] === '/api/dentaloffice/user/all') {
      const offices = Object.entries(NAMES).map(([id, name]) => ({ id, name, paymentType: 'auto' }));
      return Promise.resolve({
        ok: true,
        status: 200,
        statusText: '',
        headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
        text: () => Promise.resolve(JSON.stringify(offices)),
      } as unknown as Response);
    }
    return fakeGateway(url, init);
  };
  return { fetch, lastOfficeHeader: () => officeHeaders.at(-1) };
}

async function currentOfficeShown(): Promise<string> {
  const switcher = await screen.findByRole('combobox', { name: 'Current office' });
  const select = switcher.closest('.ant-select') as HTMLElement;
  await waitFor(() => expect(within(select).queryByText(/Bright Smiles/)).not.toBeNull());
  return within(select).getByText(/Bright Smiles/).textContent ?? '';
}

describe('current office (SPEC section 6)', () => {
  const manager = ROLE_CLAIMS.staffmanager!;

  it('is the first allowed office when nothing is stored', async () => {
    const { fetch, lastOfficeHeader } = gateway();
    renderApp(fakeSession(manager), '/verification', fetch);
    expect(await currentOfficeShown()).toBe(NAMES[OFFICE_1]);
    expect(lastOfficeHeader()).toBe(OFFICE_1);
    expect(sessionStorage.getItem(STORAGE_KEYS.currentOffice)).toBe(OFFICE_1);
  });

  it('is the saved preference when this tab has none', async () => {
    localStorage.setItem(STORAGE_KEYS.currentOffice, OFFICE_2);
    const { fetch, lastOfficeHeader } = gateway();
    renderApp(fakeSession(manager), '/verification', fetch);
    expect(await currentOfficeShown()).toBe(NAMES[OFFICE_2]);
    expect(lastOfficeHeader()).toBe(OFFICE_2);
  });

  it("is this tab's session storage before the saved preference", async () => {
    localStorage.setItem(STORAGE_KEYS.currentOffice, OFFICE_1);
    sessionStorage.setItem(STORAGE_KEYS.currentOffice, OFFICE_2);
    const { fetch } = gateway();
    renderApp(fakeSession(manager), '/verification', fetch);
    expect(await currentOfficeShown()).toBe(NAMES[OFFICE_2]);
  });

  it('ignores stored offices the user may not act for', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentOffice, 'office-acme-1');
    localStorage.setItem(STORAGE_KEYS.currentOffice, 'office-acme-2');
    const { fetch } = gateway();
    renderApp(fakeSession(manager), '/verification', fetch);
    expect(await currentOfficeShown()).toBe(NAMES[OFFICE_1]);
  });
});

describe('office switcher', () => {
  it('switches the office the pages act for, remembers it, and the menu follows the role held there', async () => {
    const user = userEvent.setup();
    const { fetch, lastOfficeHeader } = gateway();
    renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), '/verification', fetch);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('Dental Office Settings')).toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: 'Current office' }));
    await user.click(await screen.findByRole('option', { name: NAMES[OFFICE_2] }));

    expect(await currentOfficeShown()).toBe(NAMES[OFFICE_2]);
    expect(sessionStorage.getItem(STORAGE_KEYS.currentOffice)).toBe(OFFICE_2);
    expect(localStorage.getItem(STORAGE_KEYS.currentOffice)).toBe(OFFICE_2);
    await waitFor(() => expect(lastOfficeHeader()).toBe(OFFICE_2));
    // The staff manager of office 1 is staff at office 2: no settings there.
    await waitFor(() => expect(within(nav).queryByText('Dental Office Settings')).not.toBeInTheDocument());
  });

  it('is not there for a user of one office, whose header names the office instead', async () => {
    const { fetch } = gateway();
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/verification', fetch);
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('combobox', { name: 'Current office' })).not.toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(await within(header).findByText(NAMES[OFFICE_1]!)).toBeInTheDocument();
    expect(within(header).getByText(NAMES[OFFICE_1]!)).toHaveTextContent(`Current office: ${NAMES[OFFICE_1]}`);
  });

  it('names no office for a company user without a current office', async () => {
    const { fetch } = gateway();
    renderApp(fakeSession(ROLE_CLAIMS.admin!), '/management', fetch);
    const header = await screen.findByRole('banner');
    await screen.findByRole('button', { name: 'Sign out' });
    expect(within(header).queryByText(/Current office/)).not.toBeInTheDocument();
    expect(within(header).queryByText(/Bright Smiles/)).not.toBeInTheDocument();
  });
});
