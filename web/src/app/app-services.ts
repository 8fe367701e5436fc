/**
 * What the app is made of, created once in main.tsx and handed down through React context: the HTTP client, the
 * notifier, the query cache, and the live values the client reads on every call (session, current office,
 * access) which React components keep up to date.
 */
import { QueryClient } from '@tanstack/react-query';
import { FEATURE_FLAGS_QUERY_KEY } from '../features/feature-flags';
import { createAuthFailureHandler } from '../http/auth-failure-handler';
import { createHttpClient, type FetchFn, type HttpClient } from '../http/http-client';
import { readOrganizationId } from '../organization/organization-api';
import { createNotifierHub, type NotifierHub } from '../ui/notifier';
import { type SessionController } from '../auth/session-controller';

/** How long the feature flags read at start-up serve the pages before a reader asks the gateway again. */
const FEATURE_FLAGS_FRESH_MS = 60_000;

export type AppRuntime = {
  session: SessionController | null;
  currentOfficeId: string | null;
  roles: readonly string[];
  officeIds: readonly string[];
  /** The router's navigate once it exists; a full page load before that. */
  navigate: (to: string) => void;
};

export type AppServices = {
  http: HttpClient;
  notifierHub: NotifierHub;
  queryClient: QueryClient;
  runtime: AppRuntime;
};

export type AppServicesOptions = { fetch?: FetchFn; location?: Pick<Location, 'pathname' | 'search' | 'assign'> };

export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const location = options.location ?? globalThis.location;
  const notifierHub = createNotifierHub();
  const runtime: AppRuntime = {
    session: null,
    currentOfficeId: null,
    roles: [],
    officeIds: [],
    navigate: (to) => location.assign(to),
  };
  const http = createHttpClient({
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    getAccessToken: () => runtime.session?.accessToken() ?? null,
    getOfficeId: () => runtime.currentOfficeId,
    getOrganizationId: readOrganizationId,
    onAuthFailure: createAuthFailureHandler({
      notifier: notifierHub.notifier,
      navigate: (to) => runtime.navigate(to),
      currentPath: () => `${location.pathname}${location.search}`,
      access: () => ({ roles: runtime.roles, officeIds: runtime.officeIds }),
    }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
  // Start-up has just read the flags (and re-reads them itself while the maintenance lock is on): the pages'
  // readers take that answer instead of asking again on every mount.
  queryClient.setQueryDefaults(FEATURE_FLAGS_QUERY_KEY, { staleTime: FEATURE_FLAGS_FRESH_MS });
  return { http, notifierHub, queryClient, runtime };
}
