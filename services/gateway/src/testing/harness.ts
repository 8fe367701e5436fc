/**
 * The gateway under test, for real: listening on loopback, verifying tokens of a test issuer whose JWKS is
 * served over HTTP, proxying to a real upstream double that also answers the offices directory.
 */
import { COMPANY_ROLES, OFFICE_ROLES, ROLES, type Role } from '@dv/contracts';
import { createLogger, type Logger } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { request } from 'undici';
import { gatewayConfig, type GatewayConfig } from '../config';
import { startGateway, type RunningGateway } from '../app';
import type { RouteBodyLimit } from '../limits/body-limit';
import { UPSTREAM_SERVICES, type UpstreamRoute, type UpstreamService } from '../proxy/upstream-table';
import { startUpstreamDouble, TEST_INTERNAL_TOKEN, type UpstreamDouble } from './upstream-double';

export const ORG_A = { id: 'org-a', name: 'Alpha Dental', clientType: 'dentalOffice' as const };
export const ORG_B = { id: 'org-b', name: 'Beta Dental', clientType: 'dentalOffice' as const };
export const HOST_A = 'a.localhost';
/** A staff user of office-a1 in ORG_A: the ordinary caller of the tests. */
export const STAFF_A = { sub: 'user-staff-a', email: 'staff@a.test', org: ORG_A.id, roles: ['staff'], allowedOfficeIds: ['office-a1'] };
export const HOST_B = 'b.localhost';
/** office id -> organization id */
export const OFFICES: Readonly<Record<string, string>> = {
  'office-a1': ORG_A.id,
  'office-a2': ORG_A.id,
  'office-b1': ORG_B.id,
};

/**
 * A user holding exactly one role, as the identity provider would issue them: office-side users act for their
 * office (office-a1), company users for an office of their organization they were not given explicitly
 * (office-a2), a registering user has no office at all.
 */
export function userWithRole(role: Role): { claims: Record<string, unknown>; office?: string } {
  const base = { sub: `user-${role}`, email: `${role}@a.test`, org: ORG_A.id, roles: [role] };
  if ((OFFICE_ROLES as readonly Role[]).includes(role)) return { claims: { ...base, allowedOfficeIds: ['office-a1'] }, office: 'office-a1' };
  if ((COMPANY_ROLES as readonly Role[]).includes(role)) return { claims: { ...base, allowedOfficeIds: [] }, office: 'office-a2' };
  return { claims: { ...base, allowedOfficeIds: [] } };
}

/** The gateway's logger in tests that do not read it. */
export const silentGatewayLogger = (): Logger => createLogger({ name: 'gateway-test', level: 'silent' });

/**
 * A configuration for a gateway under test with its own issuer and services: loopback, a free port, the test
 * internal token, no rate limit, no web build.
 */
export function testGatewayConfig(
  settings: Pick<GatewayConfig, 'oidcIssuer' | 'oidcAudience'> & Partial<GatewayConfig>,
): GatewayConfig {
  return gatewayConfig({
    internalApiToken: TEST_INTERNAL_TOKEN,
    port: 0,
    host: '127.0.0.1',
    rateLimit: null,
    webDistDir: '/nonexistent/web/dist',
    ...settings,
  });
}

export interface GatewayHarnessOptions {
  readonly config?: Partial<GatewayConfig>;
  /** Which services get the upstream double; default all of them. */
  readonly services?: readonly UpstreamService[];
  /** Other base URLs for some services (a port nothing listens on ...). */
  readonly upstreams?: Partial<Record<UpstreamService, string>>;
  readonly routes?: readonly UpstreamRoute[];
  readonly bodyLimits?: readonly RouteBodyLimit[];
  /** The gateway's logger; silent by default. A test that reads what is logged passes one of its own. */
  readonly logger?: Logger;
}

export interface CallOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface GatewayHarness {
  readonly gateway: RunningGateway;
  readonly issuer: TestIssuer;
  readonly upstream: UpstreamDouble;
  call(path: string, options?: CallOptions): Promise<CallResult>;
  /** An access token of the test issuer with these claims. */
  token(claims: Record<string, unknown>, options?: Parameters<TestIssuer['sign']>[1]): Promise<string>;
  /** An access token for each role (userWithRole). */
  tokensByRole(): Promise<Map<Role, string>>;
  /** Headers of a signed-in JSON call from HOST_A at office-a1, for a user with these claims. */
  signedInHeaders(claims: Record<string, unknown>): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function callUrl(baseUrl: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const response = await request(new URL(path, baseUrl), {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

export async function startGatewayHarness(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const issuer = await createTestIssuer({ issuer: 'https://id.test.local/', audience: 'https://api.test.local' });
  const jwksUrl = await issuer.serveJwks();
  const upstream = await startUpstreamDouble({ organizations: { [HOST_A]: ORG_A, [HOST_B]: ORG_B }, offices: OFFICES });
  const upstreams = {
    ...Object.fromEntries((options.services ?? UPSTREAM_SERVICES).map((service) => [service, upstream.url])),
    ...options.upstreams,
  };
  const config = testGatewayConfig({
    oidcIssuer: issuer.issuer,
    oidcAudience: issuer.audience,
    oidcJwksUrl: jwksUrl,
    upstreams,
    ...options.config,
  });
  const gateway = await startGateway({
    config,
    logger: options.logger ?? silentGatewayLogger(),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.bodyLimits ? { bodyLimits: options.bodyLimits } : {}),
  });
  return {
    gateway,
    issuer,
    upstream,
    call: (path, callOptions) => callUrl(gateway.url, path, callOptions),
    token: (claims, signOptions) => issuer.sign(claims, signOptions),
    async tokensByRole() {
      const tokens = new Map<Role, string>();
      for (const role of ROLES) tokens.set(role, await issuer.sign(userWithRole(role).claims));
      return tokens;
    },
    async signedInHeaders(claims) {
      return {
        host: HOST_A,
        authorization: `Bearer ${await issuer.sign(claims)}`,
        'connected-dental-office': 'office-a1',
        'content-type': 'application/json',
      };
    },
    async close() {
      await gateway.close();
      await upstream.close();
      await issuer.close();
    },
  };
}
