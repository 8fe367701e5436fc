/**
 * The gateway's metrics stay off its public listener (METRICS_PORT is their only way out), and the trace a browser
 * starts goes on to the service with the gateway's span as its parent.
 */
import { HOST_A, STAFF_A, startGatewayHarness, type GatewayHarness } from './testing/harness';

const BROWSER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const BROWSER_SPAN_ID = 'b7ad6b7169203331';

const METRIC_NAMES = /http_server_request_duration_seconds|process_cpu_user_seconds_total/;
/** Ways to ask the public listener for metrics. */
const METRICS_PATHS = ['/metrics', '/metrics/', '/metrics?format=prometheus', '/METRICS', '/api/metrics', '/internal/metrics', '/%6detrics'];

describe('the gateway with METRICS_PORT', () => {
  let harness: GatewayHarness;
  beforeAll(async () => {
    harness = await startGatewayHarness({ config: { metricsPort: 0 } });
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each(METRICS_PATHS)('does not serve %s to the public', async (path) => {
    for (const accept of ['*/*', 'text/plain', 'text/html']) {
      const response = await harness.call(path, { headers: { host: HOST_A, accept } });
      expect([path, accept, response.status === 200 && METRIC_NAMES.test(response.text)]).toEqual([path, accept, false]);
    }
  });

  it("passes the browser's trace on with its own span as the parent, and measures the call on the metrics port", async () => {
    const before = harness.upstream.received.length;
    const response = await harness.call('/api/bugReports', {
      method: 'PUT',
      headers: { ...(await harness.signedInHeaders(STAFF_A)), traceparent: `00-${BROWSER_TRACE_ID}-${BROWSER_SPAN_ID}-01` },
      body: JSON.stringify({ probe: true }),
    });
    expect(response.status).toBe(200);
    const [received] = harness.upstream.received.slice(before);
    const traceparent = String(received?.headers.traceparent);
    expect(traceparent).toMatch(new RegExp(`^00-${BROWSER_TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(traceparent).not.toContain(BROWSER_SPAN_ID);
    expect(received?.headers['x-request-id']).toBe(response.headers['x-request-id']);

    const metricsUrl = harness.gateway.app.observability?.metricsUrl();
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scraped = await fetch(metricsUrl as string);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^http_server_request_duration_seconds_count\{method="PUT",route="\/api\/[^"]*",status_code="200"\} 1$/m);
  });
});

describe('the gateway without METRICS_PORT', () => {
  it('serves metrics nowhere', async () => {
    const harness = await startGatewayHarness();
    try {
      expect(harness.gateway.app.observability?.metricsUrl()).toBeNull();
      const response = await harness.call('/metrics', { headers: { host: HOST_A } });
      expect(response.status).toBe(404);
      expect(response.text).not.toMatch(METRIC_NAMES);
    } finally {
      await harness.close();
    }
  });
});
