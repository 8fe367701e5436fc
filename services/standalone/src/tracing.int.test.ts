/**
 * One trace from the browser to a consumer, through real parts in this process: the gateway in front of the bugs
 * service, which writes the report with its outbox row; the relay publishes it on the bus, and another service's
 * subscriber handles it. The spans are kept in memory; the log lines are read back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOPICS, type OrganizationSummary } from '@dv/contracts';
import { BugsEnv, loadBugsConfig, startBugs, type BugsConfig, type RunningBugs } from '@dv/bugs';
import { gatewayConfig, startGateway, type OfficesDirectory, type RunningGateway } from '@dv/gateway';
import { createInProcessBus, createLogger, defineService, type BusEvent, type EventBus } from '@dv/kit';
import {
  captureLogLines,
  captureSpans,
  createServiceHarness,
  createTestIssuer,
  waitFor,
  type LogCapture,
  type ServiceHarness,
  type SpanCapture,
  type TestIssuer,
} from '@dv/kit/testing';

const HOST = 'trace.localhost';
const ORGANIZATION: OrganizationSummary = { id: 'org-trace', name: 'Trace Dental', clientType: 'dentalOffice' };
const OFFICE = 'office-trace-1';
const BROWSER_TRACE_ID = '5b8aa5a2d2c872e8321cf37308d69df2';
const BROWSER_SPAN_ID = '051581bf3cb55c13';

/** The offices service's answers for one organization with one office. */
const directory: OfficesDirectory = {
  organizationForHost: async (host) => (host === HOST ? ORGANIZATION : null),
  organizationOfOffice: async (officeId) => (officeId === OFFICE ? ORGANIZATION.id : null),
  organizationById: async (id) => (id === ORGANIZATION.id ? ORGANIZATION : null),
};

/** A service that reads bug reports off the bus, as any consumer of the product does: through its context's bus. */
function bugWatcher(seen: BusEvent[]) {
  return defineService<BugsConfig>({
    name: 'bug-watcher',
    env: BugsEnv,
    http: { authenticate: false },
    async build(_app, context) {
      const { bus, logger } = context;
      const subscription = await bus.subscribe(TOPICS.bugReported, 'bug-watcher', async (event) => {
        logger.info({ eventId: event.id }, 'bug report seen');
        seen.push(event);
      });
      context.closeWith(() => subscription.close());
      return {};
    },
  });
}

describe('a bug report traced from the browser through the gateway and the bugs service to a consumer', () => {
  let spans: SpanCapture;
  let issuer: TestIssuer;
  let dataDir: string;
  let bus: EventBus;
  let bugs: RunningBugs;
  let gateway: RunningGateway;
  let watcher: ServiceHarness<BugsConfig, object>;
  let bugsLog: LogCapture;
  let watcherLog: LogCapture;
  const seen: BusEvent[] = [];

  beforeAll(async () => {
    spans = captureSpans();
    issuer = await createTestIssuer({ issuer: 'https://id.trace.test/', audience: 'https://api.trace.test' });
    const jwksUrl = await issuer.serveJwks();
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-trace-'));
    bus = createInProcessBus();
    bugsLog = captureLogLines('bugs');
    bugs = await startBugs({
      config: loadBugsConfig({ OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_JWKS_URL: jwksUrl, DATA_DIR: dataDir, PORT: '0' }),
      bus,
      logger: bugsLog.logger,
    });
    gateway = await startGateway({
      config: gatewayConfig({
        oidcIssuer: issuer.issuer,
        oidcAudience: issuer.audience,
        oidcJwksUrl: jwksUrl,
        internalApiToken: 'trace-test-internal-token-0123456789',
        port: 0,
        host: '127.0.0.1',
        rateLimit: null,
        webDistDir: '/nonexistent/web/dist',
        upstreams: { bugs: bugs.url },
      }),
      directory,
      logger: createLogger({ name: 'gateway', level: 'silent' }),
    });
    watcherLog = captureLogLines('bug-watcher');
    watcher = await createServiceHarness(bugWatcher(seen), { bus, logger: watcherLog.logger });
  });
  afterAll(async () => {
    await watcher.close();
    await gateway.close();
    await bugs.close();
    await bus.close();
    await issuer.close();
    spans.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has one trace id, each hop the child of the one before, and the request id in the lines of both services', async () => {
    const token = await issuer.sign({ sub: 'user-trace', org: ORGANIZATION.id, roles: ['staff'], allowedOfficeIds: [OFFICE] });
    const response = await fetch(`${gateway.url}/api/bugReports`, {
      method: 'PUT',
      headers: {
        host: HOST,
        authorization: `Bearer ${token}`,
        'connected-dental-office': OFFICE,
        'content-type': 'application/json',
        traceparent: `00-${BROWSER_TRACE_ID}-${BROWSER_SPAN_ID}-01`,
      },
      body: JSON.stringify({ type: 'Technical bug', title: 'Save does nothing', url: '/verification/42', description: 'Nothing happens.' }),
    });
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id');
    await waitFor(() => spans.spans().some((span) => span.instrumentationScope.name === 'bug-watcher'), 'the consumer span');

    const spanOf = (scope: string, name: RegExp) => {
      const found = spans.spans().filter((span) => span.instrumentationScope.name === scope && name.test(span.name));
      expect([scope, found.length]).toEqual([scope, 1]);
      return found[0]!;
    };
    const atGateway = spanOf('gateway', /^PUT \/api\//);
    const atBugs = spanOf('bugs', /^PUT \/api\/bugReports$/);
    const atConsumer = spanOf('bug-watcher', new RegExp(`^process ${TOPICS.bugReported.replace('.', '\\.')}$`));
    for (const span of [atGateway, atBugs, atConsumer]) expect(span.spanContext().traceId).toBe(BROWSER_TRACE_ID);
    expect(atGateway.parentSpanContext?.spanId).toBe(BROWSER_SPAN_ID);
    expect(atBugs.parentSpanContext?.spanId).toBe(atGateway.spanContext().spanId);
    expect(atConsumer.parentSpanContext?.spanId).toBe(atBugs.spanContext().spanId);
    expect(seen[0]?.headers).toMatchObject({ 'x-request-id': requestId });

    const completed = bugsLog.withMessage('request completed');
    expect(completed).toEqual([expect.objectContaining({ requestId, traceId: BROWSER_TRACE_ID, spanId: atBugs.spanContext().spanId })]);
    expect(watcherLog.withMessage('bug report seen')).toEqual([
      expect.objectContaining({ requestId, traceId: BROWSER_TRACE_ID, spanId: atConsumer.spanContext().spanId }),
    ]);
  });
});
