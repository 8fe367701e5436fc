/**
 * Screen flow of the app start (SPEC section 4): loading overlay, organization prompt, maintenance lock, or the
 * app itself. The transitions are startup-machine.ts; this component runs its commands.
 */
import { type FeatureFlag, isFeatureActive, MAINTENANCE_LOCK_RECHECK_MS } from '@dv/contracts';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { readStoredAccessToken } from '../auth/token-store';
import { isDevHost } from '../dev-tools/dev-settings';
import { LazyDevToolsDrawer } from '../dev-tools/lazy-dev-tools';
import { type OrganizationLookup } from '../organization/organization-api';
import { type KnownOrganization } from '../organization/organization-machine';
import { OrganizationResolver } from '../organization/organization-resolver';
import { inferClientType } from './client-type';
import { LoadingOverlay } from './loading-overlay';
import { removeSplash } from './splash';
import {
  initialStartup,
  type Startup,
  type StartupCommand,
  type StartupEvent,
  startupTransition,
} from './startup-machine';

export type StartupDeps = {
  host: string;
  lookupOrganization: (input: { organizationDomain: string } | { organizationName: string }) => Promise<OrganizationLookup>;
  storedOrganization: () => KnownOrganization | null;
  saveOrganization: (organization: KnownOrganization) => void;
  readFlags: () => Promise<readonly FeatureFlag[]>;
  skipMaintenanceLock: () => boolean;
  reload: () => void;
};

export type ReadyOrganization = Required<Pick<Startup, 'organizationId' | 'clientType'>>;

const OrganizationContext = createContext<ReadyOrganization | null>(null);

/** Flags read while the app runs (reported by live-maintenance-lock.ts): a lock switched on engages at once. */
const RunningFlagsContext = createContext<(flags: readonly FeatureFlag[]) => void>(() => undefined);

export function useReportRunningFlags(): (flags: readonly FeatureFlag[]) => void {
  return useContext(RunningFlagsContext);
}

/** The organization the app runs for; only inside a started app. */
export function useOrganization(): ReadyOrganization {
  const organization = useContext(OrganizationContext);
  if (!organization) throw new Error('useOrganization before start-up finished');
  return organization;
}

// Screen 2 (antd Card) loads only while the maintenance lock is on.
const MaintenanceLockScreen = lazy(() =>
  import('./maintenance-lock-screen').then((m) => ({ default: m.MaintenanceLockScreen })),
);

type Machine = { startup: Startup; command?: StartupCommand; commandCount: number };

export function StartupGate({ deps, children }: { deps: StartupDeps; children: ReactNode }) {
  const depsRef = useRef(deps);
  depsRef.current = deps;

  const [machine, dispatch] = useReducer(
    (current: Machine, event: StartupEvent): Machine => {
      const next = startupTransition(current.startup, event, {
        skipMaintenanceLock: depsRef.current.skipMaintenanceLock(),
      });
      if (!next.command && next.state === current.startup) return current;
      return next.command
        ? { startup: next.state, command: next.command, commandCount: current.commandCount + 1 }
        : { ...current, startup: next.state };
    },
    { startup: initialStartup, commandCount: 0 },
  );
  const { startup } = machine;

  const flagsLoaded = useCallback(
    (flags: readonly FeatureFlag[]) => dispatch({ type: 'flagsLoaded', maintenanceLock: isFeatureActive(flags, 'MAINTANANCE_LOCK') }),
    [],
  );
  const readFlags = useCallback(() => {
    depsRef.current.readFlags().then(flagsLoaded, () => dispatch({ type: 'flagsFailed' }));
  }, [flagsLoaded]);

  useEffect(() => {
    if (machine.command === 'readFlags') readFlags();
    if (machine.command === 'reload') depsRef.current.reload();
  }, [machine.commandCount, machine.command, readFlags]);

  useEffect(() => {
    if (startup.phase !== 'lock') return;
    const timer = setInterval(readFlags, MAINTENANCE_LOCK_RECHECK_MS);
    return () => clearInterval(timer);
  }, [startup.phase, readFlags]);

  useEffect(() => {
    if (startup.phase !== 'loading') removeSplash();
  }, [startup.phase]);

  const onKnown = useCallback(
    (organization: KnownOrganization) =>
      dispatch({
        type: 'organizationKnown',
        organizationId: organization.id,
        clientType: inferClientType(organization.clientType),
      }),
    [],
  );
  const onRequired = useCallback(() => dispatch({ type: 'organizationRequired' }), []);
  const onDevSettingChange = useCallback(() => dispatch({ type: 'devSettingsChanged' }), []);
  const ready = useMemo<ReadyOrganization | null>(
    () =>
      startup.organizationId === undefined
        ? null
        : { organizationId: startup.organizationId, clientType: startup.clientType ?? 'dentalOffice' },
    [startup.organizationId, startup.clientType],
  );

  if (startup.phase === 'ready' && ready) {
    return (
      <OrganizationContext.Provider value={ready}>
        <RunningFlagsContext.Provider value={flagsLoaded}>{children}</RunningFlagsContext.Provider>
      </OrganizationContext.Provider>
    );
  }
  // Before the app runs, the developer tools still open on the dev host: the router's own drawer is not there yet.
  const devTools = isDevHost(deps.host) ? (
    <LazyDevToolsDrawer accessToken={readStoredAccessToken()} host={deps.host} onSettingChange={onDevSettingChange} />
  ) : null;
  return (
    <>
      {startup.organizationId === undefined ? (
        <OrganizationResolver
          host={deps.host}
          lookup={deps.lookupOrganization}
          storedOrganization={deps.storedOrganization}
          saveOrganization={deps.saveOrganization}
          onRequired={onRequired}
          onKnown={onKnown}
        />
      ) : startup.phase === 'lock' ? (
        <Suspense fallback={<LoadingOverlay />}>
          <MaintenanceLockScreen />
        </Suspense>
      ) : (
        <LoadingOverlay />
      )}
      {devTools}
    </>
  );
}
