/**
 * The gateway is ready when it can do its work at all: read the identity provider's keys (at OIDC_JWKS_URL, else
 * where the issuer's discovery document says) and reach the offices service, which every API call's organization
 * and office checks ask. Each other service it proxies to is probed too (its /healthz) but is not required: while
 * one is down the gateway answers its calls with 502/503 and serves the rest, and /readyz says `degraded`.
 * Requiring them all would let one service's outage take every gateway replica out of the load balancer, and so
 * the whole product down.
 */
import { discoverJwksUri, type Server } from '@dv/kit';
import type { GatewayConfig } from '../config';

const READINESS_PROBE_TIMEOUT_MS = 1_500;
/** The directory of organizations and offices (directory/offices-directory.ts): no API call is authorized without it. */
const REQUIRED_UPSTREAM = 'offices';

async function probe(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(READINESS_PROBE_TIMEOUT_MS) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

export function addReadinessChecks(app: Server, config: Pick<GatewayConfig, 'oidcIssuer' | 'oidcJwksUrl' | 'upstreams'>): void {
  const { oidcJwksUrl, oidcIssuer } = config;
  app.addReadinessCheck('identity provider', async () => {
    await probe(oidcJwksUrl ?? (await discoverJwksUri(oidcIssuer, { timeoutMs: READINESS_PROBE_TIMEOUT_MS })));
  });
  for (const [service, baseUrl] of Object.entries(config.upstreams)) {
    if (baseUrl === undefined) continue;
    const required = service === REQUIRED_UPSTREAM;
    app.addReadinessCheck(service, () => probe(new URL('/healthz', baseUrl).href), { required });
  }
}
