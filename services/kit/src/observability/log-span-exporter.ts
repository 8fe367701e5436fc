/**
 * Spans into the service's log, one compact debug line each, where no collector is configured: a developer reads
 * a request's way through the gateway, the service and the consumers by its traceId. The span's own ids are under
 * `span`, apart from the line's `traceId` (the logger's mixin adds the context active at export, another span's).
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ExportResultCode, hrTimeToMilliseconds, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { Logger } from '../logger';

export function spanLine(span: ReadableSpan): Record<string, unknown> {
  const { traceId, spanId } = span.spanContext();
  return {
    traceId,
    spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: SpanKind[span.kind],
    scope: span.instrumentationScope.name,
    durationMs: Math.round(hrTimeToMilliseconds(span.duration) * 1000) / 1000,
    ...(span.status.code === SpanStatusCode.ERROR ? { error: true } : {}),
    attributes: span.attributes,
  };
}

export class LogSpanExporter implements SpanExporter {
  constructor(private readonly logger: Logger) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    for (const span of spans) this.logger.debug({ span: spanLine(span) }, 'span');
    resultCallback({ code: ExportResultCode.SUCCESS });
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
