import { type FeatureFlag, MAINTENANCE_LOCK_RECHECK_MS, MESSAGES, STORAGE_KEYS } from '@dv/contracts';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEV_HOST, readDevSetting } from '../dev-tools/dev-settings';
import {
  ORGANIZATION_CLIENT_TYPE_KEY,
  type OrganizationLookup,
  readStoredOrganization,
  saveOrganization,
} from '../organization/organization-api';
import { type StartupDeps, StartupGate, useOrganization } from './startup-gate';

const lockOn: FeatureFlag[] = [{ name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: true }];
const lockOff: FeatureFlag[] = [{ name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: false }];

function App() {
  const organization = useOrganization();
  return <p>ready for {organization.organizationId} as {organization.clientType}</p>;
}

function setup(overrides: Partial<StartupDeps> = {}) {
  const saved: string[] = [];
  const deps: StartupDeps = {
    host: 'demo.localhost:8080',
    lookupOrganization: jest.fn(
      (input): Promise<OrganizationLookup> =>
        Promise.resolve(
          'organizationDomain' in input
            ? { kind: 'found', organization: { id: 'org-demo', clientType: 'dentalOffice' } }
            : { kind: 'notFound' },
        ),
    ),
    storedOrganization: () => null,
    saveOrganization: (organization) => saved.push(organization.id),
    readFlags: jest.fn(() => Promise.resolve(lockOff)),
    skipMaintenanceLock: () => false,
    reload: jest.fn(),
    ...overrides,
  };
  render(
    <StartupGate deps={deps}>
      <App />
    </StartupGate>,
  );
  return { deps, saved };
}

describe('StartupGate', () => {
  it('shows the loading overlay, then the app for the organization the host names', async () => {
    const { deps, saved } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('ready for org-demo as dentalOffice')).toBeInTheDocument();
    expect(deps.lookupOrganization).toHaveBeenCalledWith({ organizationDomain: 'demo.localhost:8080' });
    expect(saved).toEqual(['org-demo']);
  });

  it('does not read the flags for an insurance-verification company', async () => {
    const { deps } = setup({
      lookupOrganization: () =>
        Promise.resolve({ kind: 'found', organization: { id: 'org-ivc', clientType: 'insuranceVerificationCompany' } }),
      readFlags: jest.fn(() => Promise.resolve(lockOn)),
    });
    expect(await screen.findByText('ready for org-ivc as insuranceVerificationCompany')).toBeInTheDocument();
    expect(deps.readFlags).not.toHaveBeenCalled();
  });

  it('uses a stored organization id when the host names none', async () => {
    setup({ lookupOrganization: () => Promise.resolve({ kind: 'notFound' }), storedOrganization: () => ({ id: 'org-kept' }) });
    expect(await screen.findByText('ready for org-kept as dentalOffice')).toBeInTheDocument();
  });

  it('keeps the client type of an organization typed in once: an insurance-verification company reloads without the lock check', async () => {
    const user = userEvent.setup();
    const lookup = (input: { organizationDomain: string } | { organizationName: string }): Promise<OrganizationLookup> =>
      Promise.resolve(
        'organizationName' in input && input.organizationName === 'verifiers'
          ? { kind: 'found', organization: { id: 'org-ivc', clientType: 'insuranceVerificationCompany' } }
          : { kind: 'notFound' },
      );
    const onLocalhost = {
      host: 'localhost:8080',
      lookupOrganization: lookup,
      storedOrganization: readStoredOrganization,
      saveOrganization,
      readFlags: jest.fn(() => Promise.resolve(lockOn)),
    };
    const first = setup(onLocalhost);
    await user.type(await screen.findByLabelText('Organization name'), 'verifiers{Enter}');
    expect(await screen.findByText('ready for org-ivc as insuranceVerificationCompany')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.organizationId)).toBe('org-ivc');
    cleanup();

    // The reload: the host still names no organization, the stored one is used with its type.
    const second = setup({ ...onLocalhost, readFlags: jest.fn(() => Promise.resolve(lockOn)) });
    expect(await screen.findByText('ready for org-ivc as insuranceVerificationCompany')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).not.toBeInTheDocument();
    expect(first.deps.readFlags).not.toHaveBeenCalled();
    expect(second.deps.readFlags).not.toHaveBeenCalled();
  });

  it("does not apply a stored client type to another organization's id", async () => {
    saveOrganization({ id: 'org-ivc', clientType: 'insuranceVerificationCompany' });
    localStorage.setItem(STORAGE_KEYS.organizationId, 'org-other');
    expect(readStoredOrganization()).toEqual({ id: 'org-other' });
    localStorage.setItem(ORGANIZATION_CLIENT_TYPE_KEY, '{not json');
    expect(readStoredOrganization()).toEqual({ id: 'org-other' });
    saveOrganization({ id: 'org-plain' });
    expect(readStoredOrganization()).toEqual({ id: 'org-plain' });
  });

  it('asks for the organization name and goes on once a name is found', async () => {
    const user = userEvent.setup();
    const lookupOrganization = jest.fn(
      (input: { organizationDomain: string } | { organizationName: string }): Promise<OrganizationLookup> =>
        Promise.resolve(
          'organizationName' in input && input.organizationName === 'demo'
            ? { kind: 'found', organization: { id: 'org-demo' } }
            : { kind: 'notFound' },
        ),
    );
    const { saved } = setup({ host: 'localhost:8080', lookupOrganization });
    expect(await screen.findByRole('heading', { name: MESSAGES.ORGANIZATION_PROMPT_TITLE })).toBeInTheDocument();
    const input = screen.getByLabelText('Organization name');
    const submit = screen.getByRole('button', { name: 'CONTINUE' });

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill organization name first!');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, 'de');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Organization name is too short!');

    await user.clear(input);
    await user.type(input, 'nobody{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/No organization has this name/);
    expect(lookupOrganization).toHaveBeenLastCalledWith({ organizationName: 'nobody' });

    await user.clear(input);
    await user.type(input, 'demo');
    await user.click(submit);
    expect(await screen.findByText('ready for org-demo as dentalOffice')).toBeInTheDocument();
    expect(saved).toEqual(['org-demo']);
  });

  describe('maintenance lock', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('shows the lock screen, re-reads the flags every 10 s and reloads once the flag is off', async () => {
      let flags = lockOn;
      const { deps } = setup({ readFlags: jest.fn(() => Promise.resolve(flags)) });
      expect(await screen.findByRole('heading', { name: 'Maintanance lock!' })).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.MAINTENANCE_LOCK_TEXT)).toBeInTheDocument();
      expect(deps.readFlags).toHaveBeenCalledTimes(1);

      await act(() => jest.advanceTimersByTimeAsync(MAINTENANCE_LOCK_RECHECK_MS));
      expect(deps.readFlags).toHaveBeenCalledTimes(2);
      expect(deps.reload).not.toHaveBeenCalled();

      flags = lockOff;
      await act(() => jest.advanceTimersByTimeAsync(MAINTENANCE_LOCK_RECHECK_MS - 1));
      expect(deps.readFlags).toHaveBeenCalledTimes(2);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(deps.readFlags).toHaveBeenCalledTimes(3);
      expect(deps.reload).toHaveBeenCalledTimes(1);
    });

    it('lets the developer skip the lock', async () => {
      setup({ readFlags: () => Promise.resolve(lockOn), skipMaintenanceLock: () => true });
      expect(await screen.findByText('ready for org-demo as dentalOffice')).toBeInTheDocument();
    });
  });

  describe('developer tools before the app runs', () => {
    const devHost = { host: DEV_HOST, skipMaintenanceLock: () => readDevSetting('skipMaintenanceLock', DEV_HOST) };

    it('open from the lock screen on the dev host, and skipping the lock there shows the app', async () => {
      const user = userEvent.setup();
      localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ access_token: 'stored-token' }));
      const { deps } = setup({ ...devHost, readFlags: jest.fn(() => Promise.resolve(lockOn)) });
      expect(await screen.findByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Developer tools' }));
      const drawer = await screen.findByRole('dialog', { name: 'Developer tools' });
      expect(within(drawer).getByText('stored-token')).toBeInTheDocument();
      await user.click(within(drawer).getByRole('switch', { name: 'Skip maintenance lock' }));

      expect(await screen.findByText('ready for org-demo as dentalOffice')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).not.toBeInTheDocument();
      expect(deps.reload).not.toHaveBeenCalled();
      expect(readDevSetting('skipMaintenanceLock', DEV_HOST)).toBe(true);
    });

    it('open from the organization prompt on the dev host', async () => {
      setup({ ...devHost, lookupOrganization: () => Promise.resolve({ kind: 'notFound' }) });
      expect(await screen.findByRole('heading', { name: MESSAGES.ORGANIZATION_PROMPT_TITLE })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Developer tools' })).toBeInTheDocument();
    });

    it.each(['demo.localhost:8080', 'localhost:8080', 'localhost'])('do not exist on %s', async (host) => {
      setup({ host, readFlags: () => Promise.resolve(lockOn) });
      expect(await screen.findByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Developer tools' })).not.toBeInTheDocument();
      cleanup();
      setup({ host, lookupOrganization: () => Promise.resolve({ kind: 'notFound' }) });
      expect(await screen.findByRole('heading', { name: MESSAGES.ORGANIZATION_PROMPT_TITLE })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Developer tools' })).not.toBeInTheDocument();
    });
  });
});
