import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';

async function menuAt(role: string, path: string): Promise<string[]> {
  renderApp(fakeSession(ROLE_CLAIMS[role]!), path);
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  // Every item, top to bottom: links, the current page's text, the settings group's title and Bug report.
  return Array.from(nav.querySelectorAll('li > :first-child')).map((item) => item.textContent?.trim() ?? '');
}

describe('left side menu per role', () => {
  it.each([
    ['superadministrator', '/verification', ['New Verification', 'Plan Search', 'Management', 'User Guide', 'Bug report']],
    ['admin', '/plan', ['New Verification', 'Plan Search', 'Management', 'User Guide', 'Bug report']],
    ['agent', '/management', ['New Verification', 'Plan Search', 'Management', 'User Guide', 'Bug report']],
    [
      'staffmanager',
      '/verification',
      [
        'New Verification',
        'Plan Search',
        'Appointment Schedule',
        'Verifications History',
        'Settings',
        'Form Customization',
        'Billing Settings',
        'Dental Office Settings',
        'User Guide',
        'Bug report',
      ],
    ],
    ['staff', '/verification', ['New Verification', 'Plan Search', 'Appointment Schedule', 'Verifications History', 'User Guide', 'Bug report']],
    ['groupmanager', '/customization', ['Settings', 'Form Customization', 'Billing Settings', 'Dental Office Settings', 'User Guide', 'Bug report']],
    ['groupmember', '/user-guide', ['User Guide', 'Bug report']],
    ['doregistration', '/user-guide', ['User Guide', 'Bug report']],
    ['goduser', '/correction', ['User Guide', 'Bug report']],
  ])('%s on %s sees %j', async (role, path, expected) => {
    expect(await menuAt(role, path)).toEqual(expected);
  });

  it('opens pages in a new tab and disables the current page item', async () => {
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const planSearch = within(nav).getByText('Plan Search');
    expect(planSearch.closest('a')).toBeNull();
    expect(planSearch).toHaveAttribute('aria-current', 'page');
    expect(planSearch).toHaveAttribute('aria-disabled', 'true');
    const newVerification = within(nav).getByRole('link', { name: 'New Verification' });
    expect(newVerification).toHaveAttribute('href', '/verification');
    expect(newVerification).toHaveAttribute('target', '_blank');
    expect(newVerification).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides Billing Settings on /payment/setup', async () => {
    expect(await menuAt('groupmanager', '/payment/setup')).not.toContain('Billing Settings');
  });

  it('is walked with Tab, and the settings group folds', async () => {
    const user = userEvent.setup();
    renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), '/plan');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    within(nav).getByRole('link', { name: 'New Verification' }).focus();
    // Plan Search is the current page: not a stop.
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Appointment Schedule' })).toHaveFocus();
    await user.tab();
    await user.tab();
    const settings = within(nav).getByRole('button', { name: 'Settings' });
    expect(settings).toHaveFocus();
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Form Customization' })).toBeNull();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'User Guide' })).toHaveFocus();
    await user.tab();
    expect(within(nav).getByRole('button', { name: 'Bug report' })).toHaveFocus();
  });
});
