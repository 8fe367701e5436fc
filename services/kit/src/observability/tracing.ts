/**
 * The process's OpenTelemetry tracer provider, set up once by the first service the host builds (several services
 * share one process in the standalone product and in tests): AsyncLocalStorage context, W3C trace context
 * propagation (no baggage: nothing a browser sends rides along into events), the sampler of the standard
 * OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default parentbased_always_on), and where spans go:
 *
 * - OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set: batched to that OTLP/HTTP collector;
 * - otherwise: one compact line per span into the first service's log at debug level, and nowhere when debug
 *   is off.
 *
 * Spans are made by hand (request-tracing.ts, bus-instrumentation.ts), no auto-instrumentation: a server span per
 * request, a consumer span per handled event. Each service names its tracer, so in a shared process the spans
 * still say which service made them (the instrumentation scope); the resource's service.name is OTEL_SERVICE_NAME,
 * else the first service's name.
 */
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { Context } from '@opentelemetry/api';
import type { Environment } from '../config';
import type { Logger } from '../logger';
import { LogSpanExporter } from './log-span-exporter';

/** The provider's one processor: hands spans to the processors added so far (an exporter's, a test's). */
class SpanFanOut implements SpanProcessor {
  private processors: readonly SpanProcessor[] = [];

  add(processor: SpanProcessor): void {
    this.processors = [...this.processors, processor];
  }

  remove(processor: SpanProcessor): void {
    this.processors = this.processors.filter((candidate) => candidate !== processor);
  }

  onStart(span: Span, parentContext: Context): void {
    for (const processor of this.processors) processor.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    for (const processor of this.processors) processor.onEnd(span);
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.processors.map((processor) => processor.forceFlush()));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.processors.map((processor) => processor.shutdown()));
  }
}

const fanOut = new SpanFanOut();
let provider: NodeTracerProvider | undefined;

export interface TracingOptions {
  /** The resource's service.name unless OTEL_SERVICE_NAME says otherwise. */
  readonly serviceName: string;
  /** Where spans are logged when no collector is configured (at debug level). */
  readonly logger: Logger;
  readonly env?: Environment;
}

/** Where spans go by the environment: the OTLP collector, else the log when it writes debug lines, else nowhere. */
function exportingProcessor(env: Environment, logger: Logger): SpanProcessor | undefined {
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    // The exporter reads the endpoint, headers and timeout from the standard variables itself.
    return new BatchSpanProcessor(new OTLPTraceExporter());
  }
  if (logger.isLevelEnabled('debug')) return new SimpleSpanProcessor(new LogSpanExporter(logger.child({ component: 'tracing' })));
  return undefined;
}

/** Registers the process's tracer provider; later calls (another service in the same process) change nothing. */
export function initTracing(options: TracingOptions): void {
  if (provider) return;
  const env = options.env ?? process.env;
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': options.serviceName }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults.
    .merge(detectResources({ detectors: [envDetector] }));
  provider = new NodeTracerProvider({ resource, spanProcessors: [fanOut] });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const exporting = exportingProcessor(env, options.logger);
  if (exporting) fanOut.add(exporting);
}

/** Adds a processor of ended spans (a test's in-memory exporter); answers what removes it again. */
export function addSpanProcessor(processor: SpanProcessor): () => void {
  fanOut.add(processor);
  return () => fanOut.remove(processor);
}

/** Exports what is buffered (a closing service); the provider stays for the process's other services. */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}
