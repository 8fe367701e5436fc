/**
 * Issue 13 item 12: switching office keeps the frame and moves to a page the role held in the new office opens;
 * the current page stays when that role may open it too. The seeded staff manager is staffmanager in office 1 and
 * staff in office 2 (services/dev-idp, test-support/fake-session.ts).
 */
import { apiAccess, canAccess, PATHS, ROUTES, startPageFor, STORAGE_KEYS } from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeGateway, renderApp } from '../test-support/render-app';

const OFFICE_2 = 'office-demo-2';
const manager = ROLE_CLAIMS.staffmanager!;

/** With the shell's fake gateway the offices have no names: the switcher shows their ids. */
async function switchTo(officeId: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Current office' }));
  await user.click(await screen.findByRole('option', { name: officeId }));
}

/** The frame is there: the header's office switcher and Sign out, and the menu. */
function expectFrame() {
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('combobox', { name: 'Current office' })).toBeInTheDocument();
  expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
}

describe('switching office between roles (issue 13 item 12)', () => {
  // Every page the staff manager opens in office 1 (and the portal credentials tab): the pages staff may open stay,
  // the manager-only ones (/dental-office-settings, /customization, /payment/verify...) move to the staff start page.
  const managerPages = [
    ...ROUTES.filter((route) => route.private && !route.path.includes('{') && canAccess(route.path, ['staffmanager'])).map(
      (route) => route.path,
    ),
    `${PATHS.dentalOfficeSettings}?tab=1`,
    PATHS.userGuide,
  ];
  const cases = managerPages.map((page) => [page, canAccess(page, ['staff']) ? page : startPageFor(['staff'])]);
  it.each(cases)('staff manager on %s, switched to the office where they are staff, ends on %s in the frame', async (from, to) => {
    const app = renderApp(fakeSession(manager), from);
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(app.location()).toBe(from);

    await switchTo(OFFICE_2);

    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.currentOffice)).toBe(OFFICE_2));
    await waitFor(() => expect(app.location()).toBe(to));
    expect(canAccess(to, ['staff'])).toBe(true);
    expectFrame();
    expect(screen.queryByRole('heading', { name: 'Unauthorized' })).toBeNull();
    app.unmount();
  });

  // A read of the page being left, made again with the new office's header, would be refused (403) and sign the
  // user out: the switch re-reads only once the page the new office's role does not open is gone.
  it.each(cases)('staff manager on %s, switched to office 2, sends it no call its staff role may not make', async (from, to) => {
    const refused: string[] = [];
    const recording: FetchFn = (url, init) => {
      const office = new Headers(init.headers).get('Connected-Dental-Office');
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://app.test').pathname;
      if (office === OFFICE_2 && apiAccess(method, path, ['staff']) === 'forbidden') refused.push(`${method} ${path}`);
      return fakeGateway(url, init);
    };
    const app = renderApp(fakeSession(manager), from, recording);
    await screen.findByRole('navigation', { name: 'Main menu' });
    await switchTo(OFFICE_2);
    await waitFor(() => expect(app.location()).toBe(to));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(refused).toEqual([]);
    app.unmount();
  });

  it('still sends a page asked for in the office where it is not allowed to Unauthorized, in the frame', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentOffice, OFFICE_2);
    const app = renderApp(fakeSession(manager), PATHS.dentalOfficeSettings);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(app.location()).toBe(PATHS.unauthorized);
    expectFrame();
  });

  it('judges a page opened after a switch for the new office: Unauthorized where it is not allowed', async () => {
    const app = renderApp(fakeSession(manager), PATHS.plan);
    await screen.findByRole('navigation', { name: 'Main menu' });
    await switchTo(OFFICE_2);
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.currentOffice)).toBe(OFFICE_2));
    expect(app.location()).toBe(PATHS.plan);

    act(() => app.services.runtime.navigate(PATHS.dentalOfficeSettings));
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(app.location()).toBe(PATHS.unauthorized);
    expectFrame();
  });
});
