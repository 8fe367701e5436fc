/**
 * The gateway is ready when it can do its work: read the identity provider's keys (at OIDC_JWKS_URL, else where
 * the issuer's discovery document says) and reach every service it proxies to (their /healthz).
 */
import { discoverJwksUri, type Server } from '@dv/kit';
import type { GatewayConfig } from '../config';

const READINESS_PROBE_TIMEOUT_MS = 1_500;

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
    if (baseUrl !== undefined) app.addReadinessCheck(service, () => probe(new URL('/healthz', baseUrl).href));
  }
}
