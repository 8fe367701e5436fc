/**
 * The gateway under test, for real: listening on loopback, verifying tokens of a test issuer whose JWKS is
 * served over HTTP, proxying to a real upstream double that also answers the offices directory.
 */
import { createLogger, createTestIssuer, type Logger, type TestIssuer } from '@dv/kit';
import { request } from 'undici';
import { gatewayConfig, type GatewayConfig } from '../config';
import { startGateway, type RunningGateway } from '../start';
import type { RouteBodyLimit } from '../body-limit';
import { UPSTREAM_SERVICES, type UpstreamRoute, type UpstreamService } from '../upstreams';
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
  const config = gatewayConfig({
    oidcIssuer: issuer.issuer,
    oidcAudience: issuer.audience,
    oidcJwksUrl: jwksUrl,
    internalApiToken: TEST_INTERNAL_TOKEN,
    port: 0,
    host: '127.0.0.1',
    rateLimit: null,
    upstreams,
    webDistDir: '/nonexistent/web/dist',
    ...options.config,
  });
  const gateway = await startGateway({
    config,
    logger: options.logger ?? createLogger({ name: 'gateway-test', level: 'silent' }),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.bodyLimits ? { bodyLimits: options.bodyLimits } : {}),
  });
  return {
    gateway,
    issuer,
    upstream,
    call: (path, callOptions) => callUrl(gateway.url, path, callOptions),
    token: (claims, signOptions) => issuer.sign(claims, signOptions),
    async close() {
      await gateway.close();
      await upstream.close();
      await issuer.close();
    },
  };
}
