import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBugsGateway } from '../bugs/fake-bugs-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { managementPagesFor } from './management-pages';

function openLanding(role: string) {
  const gateway = fakeBugsGateway();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), '/management', gateway.fetch);
  return { gateway, view };
}

async function linksShown() {
  const nav = await screen.findByRole('navigation', { name: 'Management pages' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('management pages by role', () => {
  it('agents: the sub-pages of the /management roles, by label, none that needs a parameter', () => {
    expect(managementPagesFor(['agent']).map((page) => page.label)).toEqual([
      'Agents',
      'Bug Reports',
      'Dental Office Groups',
      'Dental Office Management',
      'Portal Credentials',
      'Verifications',
    ]);
  });

  it('admins also get the admin pages; super administrators every page', () => {
    const admin = managementPagesFor(['admin']).map((page) => page.label);
    expect(admin).toEqual(expect.arrayContaining(['Global Customization', 'Integrations', 'Bug Reports']));
    expect(admin).not.toContain('Feature Flags');
    const everything = managementPagesFor(['superadministrator']).map((page) => page.path);
    expect(everything).toHaveLength(16);
    expect(everything).toEqual(expect.arrayContaining(['/management/features', '/management/stats', '/management/rules']));
    expect(everything.some((path) => path.includes('{'))).toBe(false);
  });

  it('office roles open none', () => {
    expect(managementPagesFor(['staff', 'staffmanager'])).toEqual([
      expect.objectContaining({ path: '/management/stats', label: 'Statistics' }),
    ]);
    expect(managementPagesFor(['groupmanager'])).toEqual([]);
  });
});

describe('/management', () => {
  it('shows a link with its label for every page the admin may open', async () => {
    openLanding('admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Management' })).toBeInTheDocument();
    const links = await linksShown();
    expect(links).toEqual(managementPagesFor(['admin']).map((page) => [page.label, page.path]));
    expect(links).toContainEqual(['Bug Reports', '/management/bugs']);
    expect(links).toContainEqual(['Integrations', '/management/integrations']);
    expect(links.map(([label]) => label)).not.toContain('Feature Flags');
    expect(links.map(([label]) => label)).not.toContain('Bug Report');
  });

  it('an agent does not see the admin pages', async () => {
    openLanding('agent');
    const labels = (await linksShown()).map(([label]) => label);
    expect(labels).toContain('Bug Reports');
    expect(labels).not.toContain('Integrations');
    expect(labels).not.toContain('Global Customization');
  });

  it('opens Bug Reports from its link', async () => {
    const user = userEvent.setup({ delay: null });
    const { view, gateway } = openLanding('admin');
    await user.click(await screen.findByRole('link', { name: 'Bug Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bug Reports' })).toBeInTheDocument();
    expect(view.location()).toBe('/management/bugs');
    expect(gateway.callsTo('GET', '/api/management/bugs')).toHaveLength(1);
  });

  it('its links open their own pages, none the under-construction page', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = openLanding('admin');
    await user.click(await screen.findByRole('link', { name: 'Integrations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(view.location()).toBe('/management/integrations');
    expect(screen.queryByText(/under construction/i)).toBeNull();
  });

  it.each(managementPagesFor(['superadministrator']).map((page) => [page.label, page.path] as const))(
    '%s (%s) is a page of its own',
    async (_label, path) => {
      const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), path, fakeBugsGateway().fetch);
      // The page has rendered once the frame's main area holds something other than the loading placeholder.
      await waitFor(() => {
        const main = screen.getByRole('main');
        expect(main.querySelector('.dv-page-loading')).toBeNull();
        expect(main.textContent).not.toBe('');
      });
      expect(screen.queryByText(/under construction/i)).toBeNull();
      expect(view.location()).toBe(path);
      view.unmount();
    },
  );

  it('is not for office users', async () => {
    const { view } = openLanding('staff');
    await screen.findByRole('heading', { name: /unauthorized/i });
    expect(view.location()).toBe('/unauthorized');
    expect(screen.queryByRole('navigation', { name: 'Management pages' })).toBeNull();
  });
});
