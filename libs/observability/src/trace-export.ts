import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * The OpenTelemetry SDK exporting Lore's spans to `url` as OTLP/HTTP JSON in batches
 * (OTEL_BSP_SCHEDULE_DELAY, default 5 s), registered as the global provider. Registering sets the
 * async-hooks context manager too, so that a Cypher span is the child of its operation's.
 */
export function startTraceExport(url: string): NodeTracerProvider {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'lore' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  provider.register();
  return provider;
}
