import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { UnderConstructionPage } from '../pages/under-construction-page';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';

async function landing(role: string | null, path: string): Promise<string> {
  const session = fakeSession(role === null ? null : ROLE_CLAIMS[role]!);
  const app = renderApp(session, path);
  let settled = '';
  await waitFor(() => {
    settled = app.location();
    expect(settled.startsWith('/login') || screen.queryAllByRole('heading').length > 0).toBe(true);
  });
  app.unmount();
  return settled;
}

describe('route guards', () => {
  it('sends a signed-out user on a private page to login with the way back, and signs in from there', async () => {
    const session = fakeSession(null);
    const app = renderApp(session, '/dental-office-settings?tab=1');
    await waitFor(() => expect(session.calls.signIn).toEqual(['/dental-office-settings?tab=1']));
    expect(app.location()).toBe('/login?return=%2Fdental-office-settings%3Ftab%3D1');
  });

  it('leaves public pages to everyone and sends unknown paths to the default page', async () => {
    expect(await landing(null, '/terms')).toBe('/terms');
    const session = fakeSession(null);
    const app = renderApp(session, '/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it.each([
    ['superadministrator', '/management/features', '/management/features'],
    ['superadministrator', '/correction', '/unauthorized'],
    ['admin', '/management/features', '/unauthorized'],
    ['admin', '/management/integrations', '/management/integrations'],
    ['agent', '/management/integrations', '/unauthorized'],
    ['agent', '/management/verifications', '/management/verifications'],
    ['staffmanager', '/customization', '/customization'],
    ['staffmanager', '/management', '/unauthorized'],
    ['staff', '/schedule/2026-01-01', '/schedule/2026-01-01'],
    ['staff', '/customization', '/unauthorized'],
    ['groupmanager', '/payment/settings', '/payment/settings'],
    ['groupmanager', '/verification', '/unauthorized'],
    ['groupmember', '/plan', '/unauthorized'],
    ['doregistration', '/verification', '/register-do'],
    ['doregistration', '/register-do', '/register-do'],
    ['goduser', '/correction', '/correction'],
    ['goduser', '/management', '/unauthorized'],
  ])('%s on %s ends on %s', async (role, path, expected) => {
    expect(await landing(role, path)).toBe(expected);
  });

  it.each([
    ['superadministrator', '/verification'],
    ['staff', '/verification'],
    ['groupmanager', '/customization'],
    ['goduser', '/correction'],
    ['doregistration', '/register-do'],
    // No private page is a group member's: the first page of the menu (issue 13 item 11).
    ['groupmember', '/user-guide'],
  ])('sends %s from an unknown path and from / to their start page %s', async (role, home) => {
    expect(await landing(role, '/nowhere')).toBe(home);
    expect(await landing(role, '/')).toBe(home);
  });

  it('shows /under-construction itself to a signed-in user, in the frame with the menu', async () => {
    const app = renderApp(fakeSession(ROLE_CLAIMS.admin!), '/under-construction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Under construction' })).toBeInTheDocument();
    expect(screen.getByText(/under construction\. It will be available/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(app.location()).toBe('/under-construction');
    app.unmount();
  });

  it("titles the under-construction page with the route's label where a route has no page of its own", () => {
    // Every route of contracts has its page now (route-coverage.test.tsx): the fallback is shown at a path of one
    // directly, as the route table would show it for a route added without its page.
    render(
      <MemoryRouter initialEntries={['/management/stats']}>
        <UnderConstructionPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    expect(screen.getByText(/under construction/)).toBeInTheDocument();
  });
});
