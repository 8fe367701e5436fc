import { SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { captureLogLines } from '../testing/log-capture';
import { captureSpans } from '../testing/span-capture';
import { LogSpanExporter } from './log-span-exporter';
import { prettyDestination, wantsPrettyLogs } from './pretty-logs';

describe('pretty log lines', () => {
  it('are for a terminal unless LOG_PRETTY says otherwise; a pipe or a container gets JSON', () => {
    expect(wantsPrettyLogs({}, { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs({}, { isTTY: false })).toBe(false);
    expect(wantsPrettyLogs({}, {})).toBe(false);
    expect(wantsPrettyLogs({ LOG_PRETTY: 'false' }, { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs({ LOG_PRETTY: '1' }, { isTTY: false })).toBe(true);
    expect(() => wantsPrettyLogs({ LOG_PRETTY: 'yes please' }, {})).toThrow(/LOG_PRETTY/);
  });

  it('come from pino-pretty, a development dependency', () => {
    expect(typeof prettyDestination()?.write).toBe('function');
  });
});

describe('spans in the log, where no collector is configured', () => {
  it('writes one compact debug line per span, its ids apart from the line context', () => {
    const capture = captureSpans();
    try {
      const span = trace.getTracer('test-service').startSpan('GET /api/things/:id', { kind: SpanKind.SERVER, attributes: { 'http.route': '/api/things/:id' } });
      span.end();
      const [ended] = capture.spans() as [ReadableSpan];
      const log = captureLogLines('tracing', 'debug');
      new LogSpanExporter(log.logger).export([ended], (result) => expect(result.code).toBe(0));
      expect(log.withMessage('span')).toEqual([
        expect.objectContaining({
          level: 'debug',
          span: {
            traceId: ended.spanContext().traceId,
            spanId: ended.spanContext().spanId,
            name: 'GET /api/things/:id',
            kind: 'SERVER',
            scope: 'test-service',
            durationMs: expect.any(Number) as number,
            attributes: { 'http.route': '/api/things/:id' },
          },
        }),
      ]);
    } finally {
      capture.stop();
    }
  });
});
