import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Attributes, ROOT_CONTEXT, type Span, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';

/** Lore's tracer: a no-op until an SDK is registered (Tracing does, when an endpoint is configured). */
const tracer = trace.getTracer('lore');

/**
 * Runs `work` in a span named `name`, a child of the span active in this async context. The span
 * records a thrown error's code (a LoreError's) and status, never its message (it can quote input).
 */
export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      span.setAttribute('lore.error.code', typeof code === 'string' ? code : 'internal');
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs `work` outside every span: work it schedules (a timer, a promise chain) that serves no one call,
 * such as the audit's batched writes, is then not traced as a child of the call that happened to start it.
 */
export function outsideTraces<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, work);
}

/** Where spans go: LORE_OTEL_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT (both a collector's base URL); null: nowhere. */
export function tracesUrl(config: Pick<LoreConfig, 'LORE_OTEL_ENDPOINT' | 'OTEL_EXPORTER_OTLP_ENDPOINT'>): string | null {
  const base = config.LORE_OTEL_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

/**
 * The OpenTelemetry SDK, started only when an endpoint is configured (trace-export.ts): spans are
 * then exported in batches and flushed when the app closes. Without an endpoint nothing is loaded
 * into the API and every span is a no-op.
 */
@Injectable()
export class Tracing implements OnModuleDestroy {
  private readonly logger = new Logger('Tracing');
  private readonly provider: NodeTracerProvider | null = null;

  constructor(@Inject(LORE_CONFIG) config: LoreConfig) {
    const url = tracesUrl(config);
    if (!url) return;
    // Loaded only when an endpoint is configured: the SDK is about 300 modules, a seventh of a CLI command's start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startTraceExport } = require('./trace-export') as typeof import('./trace-export');
    this.provider = startTraceExport(url);
    this.logger.log(`Exporting trace spans to ${url}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.provider?.shutdown();
  }
}
