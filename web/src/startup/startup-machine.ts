/**
 * App start (SPEC section 4): loading, then get_org (no organization known), lock or ready. Once the organization
 * is known: an insurance-verification company goes straight to ready; any other client is checked for the
 * maintenance lock flag (unless the local skip switch is on). While locked the flags are re-read every
 * MAINTENANCE_LOCK_RECHECK_MS and the page reloads once the flag is off; the skip switch turned on from the
 * developer tools on the lock screen lets the app start at once. A running app whose flags are read again (a
 * live flag change, startup/live-maintenance-lock.ts) locks at once when the lock is on.
 *
 * Pure: a transition returns the next state and the command the caller runs (read the flags, reload the page).
 */
import { type AppStartState, type ClientType } from '@dv/contracts';
import { skipsMaintenanceLock } from './client-type';

export type Startup = {
  phase: AppStartState;
  organizationId?: string;
  clientType?: ClientType;
};

export type StartupEvent =
  | { type: 'organizationRequired' }
  | { type: 'organizationKnown'; organizationId: string; clientType: ClientType }
  | { type: 'flagsLoaded'; maintenanceLock: boolean }
  | { type: 'flagsFailed' }
  /** A developer switch changed (options carry its new value). */
  | { type: 'devSettingsChanged' };

export type StartupCommand = 'readFlags' | 'reload';

export type StartupOptions = { skipMaintenanceLock: boolean };

export type StartupTransition = { state: Startup; command?: StartupCommand };

export const initialStartup: Startup = { phase: 'loading' };

export function startupTransition(state: Startup, event: StartupEvent, options: StartupOptions): StartupTransition {
  switch (event.type) {
    case 'organizationRequired':
      return state.phase === 'loading' ? { state: { phase: 'get_org' } } : { state };
    case 'organizationKnown': {
      if (state.phase !== 'loading' && state.phase !== 'get_org') return { state };
      const known = { organizationId: event.organizationId, clientType: event.clientType };
      if (skipsMaintenanceLock(event.clientType)) return { state: { phase: 'ready', ...known } };
      return { state: { phase: 'loading', ...known }, command: 'readFlags' };
    }
    case 'flagsLoaded': {
      const locked = event.maintenanceLock && !options.skipMaintenanceLock;
      if (state.phase === 'lock') return locked ? { state } : { state, command: 'reload' };
      if (state.phase === 'ready') {
        const lockable = state.clientType !== undefined && !skipsMaintenanceLock(state.clientType);
        return locked && lockable ? { state: { ...state, phase: 'lock' } } : { state };
      }
      if (state.phase !== 'loading' || state.organizationId === undefined) return { state };
      return { state: { ...state, phase: locked ? 'lock' : 'ready' } };
    }
    case 'flagsFailed':
      // Unknown flags do not lock anyone out; a lock already shown stays until the flag is read as off.
      if (state.phase === 'loading' && state.organizationId !== undefined) return { state: { ...state, phase: 'ready' } };
      return { state };
    case 'devSettingsChanged':
      return state.phase === 'lock' && options.skipMaintenanceLock ? { state: { ...state, phase: 'ready' } } : { state };
  }
}
