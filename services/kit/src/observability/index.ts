// The kit's observability: traces (OpenTelemetry), metrics (Prometheus) and the trace context of log lines.
export { Counter, Gauge, Histogram, Registry } from 'prom-client';
export { instrumentBus } from './bus-instrumentation';
export { UNMATCHED_ROUTE, type MetricsRegistry } from './metrics';
export { measureOutbox, type OutboxMetricsOptions } from './outbox-metrics';
export { traceHeadersOf } from './request-tracing';
export { observeService, type ObserveServiceOptions, type ServiceObservability } from './service-observability';
export { contextOfEventHeaders, eventHeadersOf, requestIdOf, type EventHeaders } from './trace-context';
export { addSpanProcessor, flushTraces, initTracing, type TracingOptions } from './tracing';
