import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { loadConfig } from '../config';
import { defineService } from '../host/define-service';
import { startService, type RunningService } from '../host/service-host';
import { createLogger } from '../logger';
import { NotesEnv, type NotesConfig } from '../testing/fixtures/notes/config';
import { notesService } from '../testing/fixtures/notes/app';
import { captureLogLines } from '../testing/log-capture';
import { createServiceHarness } from '../testing/service-harness';
import { captureSpans } from '../testing/span-capture';
import { createDiscoverableTestIssuer, type TestIssuer } from '../testing/test-issuer';
import { waitFor } from '../testing/wait-for';

const claims = { sub: 'user-1', org: 'org-a', roles: ['staff'] };
/** What a browser that traces sends: its own trace and span. */
const BROWSER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_SPAN_ID = '00f067aa0ba902b7';
const BROWSER_TRACEPARENT = `00-${BROWSER_TRACE_ID}-${BROWSER_SPAN_ID}-01`;

const spans = captureSpans();
afterAll(() => spans.stop());

function onlySpan(predicate: (span: ReadableSpan) => boolean, description: string): ReadableSpan {
  const found = spans.spans().filter(predicate);
  if (found.length !== 1) throw new Error(`expected one ${description} span, found ${found.length}`);
  return found[0] as ReadableSpan;
}

/** The notes service listening on a free port, with its keys discovered from a test issuer. */
async function startNotes(env: Record<string, string> = {}): Promise<{ running: RunningService<object>; issuer: TestIssuer; close(): Promise<void> }> {
  const issuer = await createDiscoverableTestIssuer({ audience: 'notes-api' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notes-metrics-'));
  const config = loadConfig(notesService.env, { OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: 'notes-api', DATA_DIR: dataDir, PORT: '0', ...env });
  const running = await startService(notesService, { config, logger: createLogger({ name: 'notes', level: 'silent' }) });
  return {
    running,
    issuer,
    async close() {
      await running.close();
      await issuer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Not a metrics page: the app has no such route (an unknown route asks for a token first). */
async function expectNoMetrics(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(await response.text()).not.toContain('http_server_request_duration_seconds');
}

describe('metrics of a service defined through the host', () => {
  it('GET /metrics on the service: request durations by route pattern and status, outbox lag, Node defaults', async () => {
    const notes = await startNotes();
    try {
      const token = await notes.issuer.sign(claims);
      const created = await fetch(`${notes.running.url}/api/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'measured' }),
      });
      expect(created.status).toBe(201);
      const unmatched = await fetch(`${notes.running.url}/api/nothing-here/${'x'.repeat(20)}`, { headers: { authorization: `Bearer ${token}` } });
      expect(unmatched.status).toBe(404);

      const scraped = await fetch(`${notes.running.url}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await scraped.text();
      expect(text).toMatch(/^http_server_request_duration_seconds_count\{method="POST",route="\/api\/notes",status_code="201"\} 1$/m);
      expect(text).toMatch(/^http_server_request_duration_seconds_bucket\{le="30",method="POST",route="\/api\/notes",status_code="201"\} 1$/m);
      // A path that matched no route is one label value, however many are tried.
      expect(text).toMatch(/^http_server_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m);
      expect(text).not.toContain('nothing-here');
      expect(text).toMatch(/^outbox_pending_messages \d+$/m);
      expect(text).toMatch(/^outbox_oldest_pending_age_seconds [\d.e-]+$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      await notes.close();
    }
  });

  it('with METRICS_PORT, serves /metrics on that listener alone, and closes it with the service', async () => {
    const notes = await startNotes({ METRICS_PORT: '0' });
    const metricsUrl = notes.running.app.observability?.metricsUrl() ?? '';
    try {
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      await expectNoMetrics(await fetch(`${notes.running.url}/metrics`));
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('outbox_pending_messages');
      expect((await fetch(metricsUrl.replace('/metrics', '/api/notes'))).status).toBe(404);
    } finally {
      await notes.close();
    }
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  it('a service whose listener is public serves no /metrics there', async () => {
    const publicService = defineService<NotesConfig>({ ...notesService, name: 'public-notes', publicListener: true });
    const harness = await createServiceHarness(publicService);
    try {
      const answered = await harness.call('GET', '/metrics');
      expect(answered.statusCode).toBe(401);
      expect(answered.body).not.toContain('http_server_request_duration_seconds');
      expect(await harness.app.observability?.scrape()).toContain('http_server_request_duration_seconds');
    } finally {
      await harness.close();
    }
  });
});

describe('one trace from a request through the outbox to a consumer', () => {
  it('continues the caller trace, links the consumer to the request, and puts the ids in every log line', async () => {
    const log = captureLogLines('notes');
    const harness = await createServiceHarness(notesService, { logger: log.logger, config: { maxNoteLength: 200 } });
    try {
      spans.reset();
      const observed: string[] = [];
      await harness.context.bus.subscribe('notes', 'observer', async (event) => {
        harness.context.logger.info({ eventId: event.id }, 'note observed');
        observed.push(event.id);
      });
      const created = await harness.call('POST', '/api/notes', {
        token: await harness.sign(claims),
        body: { text: 'traced' },
        headers: { traceparent: BROWSER_TRACEPARENT, 'x-request-id': 'req-traced-1' },
      });
      expect(created.statusCode).toBe(201);
      await waitFor(() => spans.spans().some((span) => span.kind === SpanKind.CONSUMER), 'the consumer span');

      const server = onlySpan((span) => span.kind === SpanKind.SERVER && span.name === 'POST /api/notes', 'server');
      const consumer = onlySpan((span) => span.kind === SpanKind.CONSUMER && span.name === 'process notes', 'consumer');
      expect(server.spanContext().traceId).toBe(BROWSER_TRACE_ID);
      expect(server.parentSpanContext?.spanId).toBe(BROWSER_SPAN_ID);
      expect(server.attributes).toMatchObject({ 'http.route': '/api/notes', 'http.response.status_code': 201 });
      expect(consumer.spanContext().traceId).toBe(BROWSER_TRACE_ID);
      expect(consumer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      expect(consumer.attributes).toMatchObject({ 'messaging.destination.name': 'notes', 'messaging.consumer.group.name': 'observer' });

      const requestLines = log.lines.filter((line) => line.requestId === 'req-traced-1');
      expect(requestLines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed', 'note observed']));
      for (const line of requestLines) expect(line.traceId).toBe(BROWSER_TRACE_ID);
      const [incoming] = log.withMessage('incoming request');
      expect(incoming?.spanId).toBe(server.spanContext().spanId);
      const [consumed] = log.withMessage('note observed');
      expect(consumed?.spanId).toBe(consumer.spanContext().spanId);

      const metrics = (await harness.app.observability?.scrape()) ?? '';
      expect(metrics).toMatch(/^bus_consumer_handler_duration_seconds_count\{topic="notes",group="observer",outcome="ok"\} 1$/m);
      expect(metrics).toMatch(/^bus_consumer_queue_depth\{topic="notes",group="observer"\} 0$/m);
      expect(metrics).toMatch(/^bus_consumer_in_flight\{topic="notes",group="observer"\} 0$/m);
    } finally {
      await harness.close();
    }
  });

  it("starts a trace of its own for a request without one, and a service's own logger carries the request id", async () => {
    const log = captureLogLines('probe');
    const probeService = defineService<NotesConfig>({
      name: 'probe',
      env: NotesEnv,
      bus: false,
      build(app, { logger }) {
        app.get('/api/probe', { config: { auth: false } }, async () => {
          logger.info('probing');
          return { ok: true };
        });
        return {};
      },
    });
    const harness = await createServiceHarness(probeService, { logger: log.logger });
    try {
      const answered = await harness.call('GET', '/api/probe');
      expect(answered.statusCode).toBe(200);
      const requestId = answered.headers['x-request-id'];
      const [probing] = log.withMessage('probing');
      expect(probing).toMatchObject({ requestId, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(probing?.traceId).not.toBe(BROWSER_TRACE_ID);
      expect(log.withMessage('request completed')[0]).toMatchObject({ requestId, traceId: probing?.traceId });
      // Probes leave no trace: an orchestrator calls them all the time.
      spans.reset();
      expect((await harness.call('GET', '/healthz')).statusCode).toBe(200);
      expect(spans.spans()).toEqual([]);
    } finally {
      await harness.close();
    }
  });
});
