import { initialStartup, type Startup, startupTransition } from './startup-machine';

const off = { skipMaintenanceLock: false };
const known = (clientType: 'dentalOffice' | 'insuranceVerificationCompany' | 'dso') =>
  ({ type: 'organizationKnown', organizationId: 'org-1', clientType }) as const;

describe('start-up state machine', () => {
  it('starts loading', () => {
    expect(initialStartup).toEqual({ phase: 'loading' });
  });

  it('asks for the organization when none is known', () => {
    expect(startupTransition(initialStartup, { type: 'organizationRequired' }, off).state.phase).toBe('get_org');
  });

  it('sends insurance-verification companies straight to ready', () => {
    const next = startupTransition(initialStartup, known('insuranceVerificationCompany'), off);
    expect(next).toEqual({
      state: { phase: 'ready', organizationId: 'org-1', clientType: 'insuranceVerificationCompany' },
    });
  });

  it.each(['dentalOffice', 'dso'] as const)('reads the flags for a %s and locks while MAINTANANCE_LOCK is on', (type) => {
    const checking = startupTransition({ phase: 'get_org' }, known(type), off);
    expect(checking).toEqual({ state: { phase: 'loading', organizationId: 'org-1', clientType: type }, command: 'readFlags' });
    expect(startupTransition(checking.state, { type: 'flagsLoaded', maintenanceLock: true }, off).state.phase).toBe('lock');
    expect(startupTransition(checking.state, { type: 'flagsLoaded', maintenanceLock: false }, off).state.phase).toBe('ready');
  });

  it('does not lock when the local skip switch is on', () => {
    const checking = startupTransition(initialStartup, known('dentalOffice'), off).state;
    const next = startupTransition(checking, { type: 'flagsLoaded', maintenanceLock: true }, { skipMaintenanceLock: true });
    expect(next.state.phase).toBe('ready');
  });

  it('lets the app start from the lock screen once the skip switch is turned on', () => {
    const locked: Startup = { phase: 'lock', organizationId: 'org-1', clientType: 'dentalOffice' };
    expect(startupTransition(locked, { type: 'devSettingsChanged' }, off)).toEqual({ state: locked });
    expect(startupTransition(locked, { type: 'devSettingsChanged' }, { skipMaintenanceLock: true })).toEqual({
      state: { ...locked, phase: 'ready' },
    });
    const ready: Startup = { ...locked, phase: 'ready' };
    expect(startupTransition(ready, { type: 'devSettingsChanged' }, off).state).toBe(ready);
    expect(startupTransition({ phase: 'get_org' }, { type: 'devSettingsChanged' }, { skipMaintenanceLock: true }).state).toEqual({
      phase: 'get_org',
    });
  });

  it('starts when the flags cannot be read', () => {
    const checking = startupTransition(initialStartup, known('dentalOffice'), off).state;
    expect(startupTransition(checking, { type: 'flagsFailed' }, off).state.phase).toBe('ready');
  });

  it('stays locked while the flag is on or unreadable, and reloads once it is off', () => {
    const locked: Startup = { phase: 'lock', organizationId: 'org-1', clientType: 'dentalOffice' };
    expect(startupTransition(locked, { type: 'flagsLoaded', maintenanceLock: true }, off)).toEqual({ state: locked });
    expect(startupTransition(locked, { type: 'flagsFailed' }, off)).toEqual({ state: locked });
    expect(startupTransition(locked, { type: 'flagsLoaded', maintenanceLock: false }, off)).toEqual({
      state: locked,
      command: 'reload',
    });
  });

  it('ignores flags before the organization is known, and once ready everything but a lock switched on', () => {
    expect(startupTransition(initialStartup, { type: 'flagsLoaded', maintenanceLock: true }, off).state).toBe(initialStartup);
    const ready: Startup = { phase: 'ready', organizationId: 'org-1', clientType: 'dentalOffice' };
    expect(startupTransition(ready, { type: 'flagsLoaded', maintenanceLock: false }, off).state).toBe(ready);
    expect(startupTransition(ready, { type: 'flagsFailed' }, off).state).toBe(ready);
    expect(startupTransition(ready, known('dso'), off).state).toBe(ready);
    expect(startupTransition(ready, { type: 'organizationRequired' }, off).state).toBe(ready);
  });

  it('locks a running app when flags read again say the lock is on (a live flag change), with no reload', () => {
    for (const clientType of ['dentalOffice', 'dso'] as const) {
      const ready: Startup = { phase: 'ready', organizationId: 'org-1', clientType };
      expect(startupTransition(ready, { type: 'flagsLoaded', maintenanceLock: true }, off)).toEqual({ state: { ...ready, phase: 'lock' } });
    }
    const company: Startup = { phase: 'ready', organizationId: 'org-1', clientType: 'insuranceVerificationCompany' };
    expect(startupTransition(company, { type: 'flagsLoaded', maintenanceLock: true }, off).state).toBe(company);
    const skipping: Startup = { phase: 'ready', organizationId: 'org-1', clientType: 'dentalOffice' };
    expect(startupTransition(skipping, { type: 'flagsLoaded', maintenanceLock: true }, { skipMaintenanceLock: true }).state).toBe(skipping);
  });
});
