import { LOCAL_SETTINGS_KEY_PREFIX, STORAGE_KEYS } from '@dv/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { DEV_HOST, DEV_SETTINGS, isDevHost, readDevSetting, writeDevSetting } from './dev-settings';
import { DevToolsDrawer } from './dev-tools-drawer';

describe('developer settings', () => {
  it('exist on the Vite dev server only', () => {
    expect(DEV_HOST).toBe('localhost:3000');
    expect(isDevHost('localhost:3000')).toBe(true);
    for (const host of ['localhost:8080', 'demo.localhost:3000', 'localhost', 'app.example.com']) expect(isDevHost(host)).toBe(false);
  });

  it('read off anywhere else, whatever local storage says: nobody skips the lock by editing storage', () => {
    writeDevSetting('skipMaintenanceLock', true);
    expect(localStorage.getItem(`${LOCAL_SETTINGS_KEY_PREFIX}skipMaintenanceLock`)).toBe('true');
    expect(readDevSetting('skipMaintenanceLock', DEV_HOST)).toBe(true);
    expect(readDevSetting('skipMaintenanceLock', 'demo.localhost:8080')).toBe(false);
    writeDevSetting('skipMaintenanceLock', false);
    expect(readDevSetting('skipMaintenanceLock', DEV_HOST)).toBe(false);
  });
});

describe('DevToolsDrawer', () => {
  async function open() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Developer tools' }));
    return { user, drawer: await screen.findByRole('dialog', { name: 'Developer tools' }) };
  }

  it('lists the six switches of screen 4 with their stored values, the organization id and the token', async () => {
    localStorage.setItem(STORAGE_KEYS.organizationId, 'org-demo');
    writeDevSetting('showFormKeys', true);
    render(<DevToolsDrawer accessToken="token-123" host={DEV_HOST} />);
    const { drawer } = await open();
    expect(within(drawer).getAllByRole('switch').map((item) => item.getAttribute('aria-label'))).toEqual(
      DEV_SETTINGS.map(({ label }) => label),
    );
    expect(DEV_SETTINGS.map(({ label }) => label)).toEqual([
      'Show form keys',
      'Skip maintenance lock',
      'Show token refresh logs',
      'Show plan as JSON in administrative mode',
      'Show multiple plans in the patient form',
      'Schedule test',
    ]);
    expect(within(drawer).getByRole('switch', { name: 'Show form keys' })).toBeChecked();
    expect(within(drawer).getByRole('switch', { name: 'Schedule test' })).not.toBeChecked();
    expect(within(drawer).getByText('org-demo')).toBeInTheDocument();
    expect(within(drawer).getByText('token-123')).toBeInTheDocument();
  });

  it('stores a switch and says so', async () => {
    const onSettingChange = jest.fn();
    render(<DevToolsDrawer accessToken={null} host={DEV_HOST} onSettingChange={onSettingChange} />);
    const { user, drawer } = await open();
    expect(within(drawer).getByText('Not signed in')).toBeInTheDocument();
    const logs = within(drawer).getByRole('switch', { name: 'Show token refresh logs' });
    await user.click(logs);
    expect(logs).toBeChecked();
    expect(readDevSetting('showTokenRefreshLogs', DEV_HOST)).toBe(true);
    expect(onSettingChange).toHaveBeenLastCalledWith('showTokenRefreshLogs', true);
    await user.click(logs);
    expect(readDevSetting('showTokenRefreshLogs', DEV_HOST)).toBe(false);
    expect(onSettingChange).toHaveBeenLastCalledWith('showTokenRefreshLogs', false);
  });
});

describe('the app off the dev host', () => {
  it('has no developer tools', async () => {
    expect(window.location.host).not.toBe(DEV_HOST);
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Developer tools' })).not.toBeInTheDocument());
  });
});
