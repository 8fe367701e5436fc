import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeOfficeSettingsGateway } from '../office-settings/fake-office-settings-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';

function setUp(path: string) {
  const view = renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), path, fakeOfficeSettingsGateway().fetch, fakeSockets().create);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, ...view };
}

// The first render of the whole app in a test file takes a while: wait longer than the default second.
const tab = (name: string) => screen.findByRole('tab', { name }, { timeout: 5_000 });
const TAB_NAMES = ['Office details', 'Portal credentials', 'Integration', 'Outsourcing', 'Fee schedule', 'Batch verification'];

describe('/dental-office-settings tabs', () => {
  it('has one tab in the Tab order, the selected one, with its panel named by it', async () => {
    setUp('/dental-office-settings?tab=0');
    const details = await tab('Office details');
    const credentials = await tab('Portal credentials');
    expect(screen.getByRole('tablist', { name: 'Dental office settings' })).toContainElement(details);
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(TAB_NAMES);
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(details).toHaveAttribute('tabindex', '0');
    expect(credentials).toHaveAttribute('aria-selected', 'false');
    expect(credentials).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Office details' });
    expect(panel).toContainElement(await screen.findByRole('form', { name: 'Office details' }));
    expect(details).toHaveAttribute('aria-controls', panel.id);
  });

  // The page opens on the office's details now that the tab has content (issue 13 opened it on the credentials
  // while the details tab was empty).
  it('opens on the office details when the address names no tab, or one the page does not have', async () => {
    for (const path of ['/dental-office-settings', '/dental-office-settings?tab=7']) {
      const view = setUp(path);
      expect(await tab('Office details')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Portal credentials' })).toHaveAttribute('aria-selected', 'false');
      expect(await screen.findByRole('form', { name: 'Office details' })).toBeInTheDocument();
      expect(screen.queryByRole('tabpanel', { name: 'Portal credentials' })).not.toBeInTheDocument();
      expect(view.location()).toBe(path);
      view.unmount();
    }
  });

  it('moves with the arrow keys, Home and End, selecting as it goes and keeping the tab in the address', async () => {
    const { user, location } = setUp('/dental-office-settings?tab=0');
    const details = await tab('Office details');
    const credentials = await tab('Portal credentials');
    const batch = await tab('Batch verification');
    details.focus();

    await user.keyboard('{ArrowRight}');
    expect(credentials).toHaveFocus();
    expect(credentials).toHaveAttribute('aria-selected', 'true');
    expect(credentials).toHaveAttribute('tabindex', '0');
    expect(details).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(await tab('Integration')).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=2'));
    // The panel shown before stays mounted, hidden.
    expect(screen.getByRole('heading', { name: 'Portal Credentials Management', hidden: true })).not.toBeVisible();

    await user.keyboard('{End}');
    expect(batch).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=5'));
    // The row wraps around.
    await user.keyboard('{ArrowRight}');
    expect(details).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=0'));
    await user.keyboard('{ArrowLeft}');
    expect(batch).toHaveFocus();
    await user.keyboard('{Home}');
    expect(details).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=0'));
  });

  it('opens on the portal credentials tab for ?tab=1', async () => {
    setUp('/dental-office-settings?tab=1');
    expect(await tab('Portal credentials')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Portal credentials' })).toContainElement(
      await screen.findByRole('heading', { name: 'Portal Credentials Management' }),
    );
    expect(screen.queryByRole('tabpanel', { name: 'Office details' })).not.toBeInTheDocument();
  });

  it.each([
    ['2', 'Integration'],
    ['3', 'Outsourcing'],
    ['4', 'Fee schedule'],
    ['5', 'Batch verification'],
  ])('opens the tab ?tab=%s names (%s) with its form', async (key, name) => {
    setUp(`/dental-office-settings?tab=${key}`);
    expect(await tab(name)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('form', { name }, { timeout: 5_000 })).toBeInTheDocument();
  });
});
