import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakePortalsGateway } from '../test-support/fake-portals-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';

function setUp(path: string) {
  const view = renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), path, fakePortalsGateway().fetch, fakeSockets().create);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, ...view };
}

// The first render of the whole app in a test file takes a while: wait longer than the default second.
const tab = (name: string) => screen.findByRole('tab', { name }, { timeout: 5_000 });

describe('/dental-office-settings tabs', () => {
  it('has one tab in the Tab order, the selected one, with its panel named by it', async () => {
    setUp('/dental-office-settings?tab=0');
    const settings = await tab('Office settings');
    const credentials = await tab('Portal credentials');
    expect(screen.getByRole('tablist')).toContainElement(settings);
    expect(settings).toHaveAttribute('aria-selected', 'true');
    expect(settings).toHaveAttribute('tabindex', '0');
    expect(credentials).toHaveAttribute('aria-selected', 'false');
    expect(credentials).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Office settings' });
    expect(panel).toHaveTextContent('This part of the page is under construction.');
    expect(settings).toHaveAttribute('aria-controls', panel.id);
  });

  // The office settings tab has no content yet: a first-time user landed on an empty tab (issue 13).
  it('opens on the portal credentials tab when the address names no tab, or one the page does not have', async () => {
    for (const path of ['/dental-office-settings', '/dental-office-settings?tab=7']) {
      const view = setUp(path);
      expect(await tab('Portal credentials')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Office settings' })).toHaveAttribute('aria-selected', 'false');
      expect(screen.getByRole('tabpanel', { name: 'Portal credentials' })).toContainElement(
        await screen.findByRole('heading', { name: 'Portal Credentials Management' }),
      );
      expect(screen.queryByRole('tabpanel', { name: 'Office settings' })).not.toBeInTheDocument();
      expect(view.location()).toBe(path);
      view.unmount();
    }
  });

  it('moves with the arrow keys, Home and End, selecting as it goes and keeping the tab in the address', async () => {
    const { user, location } = setUp('/dental-office-settings?tab=0');
    const settings = await tab('Office settings');
    const credentials = await tab('Portal credentials');
    settings.focus();

    await user.keyboard('{ArrowRight}');
    expect(credentials).toHaveFocus();
    expect(credentials).toHaveAttribute('aria-selected', 'true');
    expect(credentials).toHaveAttribute('tabindex', '0');
    expect(settings).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();

    // The row wraps around.
    await user.keyboard('{ArrowRight}');
    expect(settings).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=0'));
    // The panel shown before stays mounted, hidden.
    expect(screen.getByRole('heading', { name: 'Portal Credentials Management', hidden: true })).not.toBeVisible();

    await user.keyboard('{End}');
    expect(credentials).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
    await user.keyboard('{Home}');
    expect(settings).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(credentials).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
  });

  it('opens on the portal credentials tab for ?tab=1', async () => {
    setUp('/dental-office-settings?tab=1');
    expect(await tab('Portal credentials')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Portal credentials' })).toContainElement(
      await screen.findByRole('heading', { name: 'Portal Credentials Management' }),
    );
    expect(screen.queryByRole('tabpanel', { name: 'Office settings' })).not.toBeInTheDocument();
  });
});
