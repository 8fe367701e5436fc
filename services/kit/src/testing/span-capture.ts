/**
 * The spans a test's code ends, kept in memory: the process's tracer provider (set up here if no service has done
 * so yet) hands them to an in-memory exporter besides its own exporter, until `stop`.
 */
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { createLogger } from '../logger';
import { addSpanProcessor, initTracing } from '../observability/tracing';

export interface SpanCapture {
  /** The spans ended since the capture started (or was reset), in the order they ended. */
  spans(): ReadableSpan[];
  reset(): void;
  stop(): void;
}

export function captureSpans(): SpanCapture {
  initTracing({ serviceName: 'test', logger: createLogger({ name: 'tracing-test', level: 'silent' }) });
  const exporter = new InMemorySpanExporter();
  const remove = addSpanProcessor(new SimpleSpanProcessor(exporter));
  return {
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    stop: remove,
  };
}
