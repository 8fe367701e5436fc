import { startGatewayHarness, type GatewayHarness } from '../testing/harness';

/** A loopback port nothing listens on. */
const NOBODY = 'http://127.0.0.1:9';

describe('gateway readiness', () => {
  let harness: GatewayHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('is ready when the identity provider and every proxied service answer', async () => {
    harness = await startGatewayHarness();
    const response = await harness.call('/readyz');
    expect(response.status).toBe(200);
    const checks = response.json<{ checks: Record<string, string> }>().checks;
    expect(checks).toMatchObject({ 'identity provider': 'ok', offices: 'ok', portals: 'ok' });
    expect(Object.values(checks).every((outcome) => outcome === 'ok')).toBe(true);
  });

  it('stays ready, saying degraded and naming the service, while a proxied service other than offices is down', async () => {
    harness = await startGatewayHarness({ upstreams: { bugs: NOBODY } });
    const response = await harness.call('/readyz');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ status: 'degraded', checks: { bugs: 'failed', offices: 'ok' } });
    expect((await harness.call('/healthz')).status).toBe(200);
  });

  it('is unavailable while the offices service, which authorizes every call, does not answer', async () => {
    harness = await startGatewayHarness({ upstreams: { offices: NOBODY } });
    const response = await harness.call('/readyz');
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', checks: { offices: 'failed' } });
    expect((await harness.call('/healthz')).status).toBe(200);
  });

  it("is unavailable while the identity provider's keys cannot be read", async () => {
    harness = await startGatewayHarness({ config: { oidcJwksUrl: `${NOBODY}/jwks.json` } });
    const response = await harness.call('/readyz');
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ checks: { 'identity provider': 'failed' } });
  });
});
