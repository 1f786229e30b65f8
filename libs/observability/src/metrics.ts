import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds, 1 ms to 30 s: fine enough below 250 ms for p50/p95/p99 of reads, wide enough for a slow search. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Bytes of an answer as JSON, 128 B to 16 MB. */
const SIZE_BUCKETS = [128, 512, 2048, 8192, 32_768, 131_072, 524_288, 2_097_152, 16_777_216];
/** Tokens of an answer, 64 to 200,000: around the 25,000 an MCP answer is kept under by default. */
const TOKEN_BUCKETS = [64, 256, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000, 200_000];
/** An index run, 1 s to 1 h. */
const INDEX_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600];

/** The error codes that mean "refused", as opposed to "failed": counted apart so a dashboard can tell them. */
const DENIALS = new Set(['permission_denied', 'rate_limited', 'tool_budget_exceeded', 'not_found']);

/**
 * Lore's Prometheus metrics, in a registry of its own (served at GET /metrics). Labels name the door,
 * the operation and the status only: never a tenant, subject or repository (privacy, and a label per
 * caller would grow without bound).
 */
@Injectable()
export class LoreMetrics {
  readonly registry = new Registry();

  private readonly calls = new Counter({
    name: 'lore_operation_calls_total',
    help: 'Operation calls by door, operation and status (ok or the error code).',
    labelNames: ['door', 'operation', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'lore_operation_duration_seconds',
    help: 'Time an operation took in the service, stages included, by door and operation.',
    labelNames: ['door', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly denials = new Counter({
    name: 'lore_operation_denials_total',
    help: 'Calls refused: permission_denied, rate_limited, tool_budget_exceeded, not_found.',
    labelNames: ['door', 'operation', 'code'] as const,
    registers: [this.registry],
  });
  private readonly resultBytes = new Histogram({
    name: 'lore_operation_result_bytes',
    help: "Size of an operation's answer as JSON, by door and operation.",
    labelNames: ['door', 'operation'] as const,
    buckets: SIZE_BUCKETS,
    registers: [this.registry],
  });
  private readonly truncations = new Counter({
    name: 'lore_mcp_truncations_total',
    help: "MCP answers cut to the token budget or detail_level's page size (a continuation returns the rest).",
    labelNames: ['tool'] as const,
    registers: [this.registry],
  });
  private readonly answerTokens = new Histogram({
    name: 'lore_mcp_answer_tokens',
    help: 'Tokens (o200k_base) of an MCP answer as sent, by tool: what an agent spends reading it.',
    labelNames: ['tool'] as const,
    buckets: TOKEN_BUCKETS,
    registers: [this.registry],
  });
  private readonly partialAnswers = new Counter({
    name: 'lore_mcp_partial_answers_total',
    help: "MCP answers whose data says it is partial, by tool and that warning's code (semantic_incomplete, stale_files...); cut answers are lore_mcp_truncations_total.",
    labelNames: ['tool', 'warning'] as const,
    registers: [this.registry],
  });
  private readonly indexRuns = new Counter({
    name: 'lore_index_runs_total',
    help: 'Index runs by status (completed, failed).',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly indexDuration = new Histogram({
    name: 'lore_index_run_duration_seconds',
    help: 'Duration of completed index runs.',
    buckets: INDEX_BUCKETS,
    registers: [this.registry],
  });
  private readonly indexedFiles = new Counter({
    name: 'lore_index_files_total',
    help: 'Files indexed by completed runs.',
    registers: [this.registry],
  });
  private readonly indexedSymbols = new Counter({
    name: 'lore_index_symbols_total',
    help: 'Symbols indexed by completed runs.',
    registers: [this.registry],
  });
  private readonly memoryCandidateWrites = new Counter({
    name: 'lore_memory_candidate_writes_total',
    help: 'Agent memory candidates written (create_memory_candidate calls that stored one).',
    registers: [this.registry],
  });
  private readonly contextPacks = new Counter({
    name: 'lore_context_packs_generated_total',
    help: 'Context packs assembled and stored (a pack already kept for the same request is not counted again).',
    registers: [this.registry],
  });
  private readonly qualityFailures = new Counter({
    name: 'lore_document_quality_failures_total',
    help: 'Documentation quality reports that failed (the code contradicts the document), by what was checked.',
    labelNames: ['subject'] as const,
    registers: [this.registry],
  });
  private readonly neo4jSessions = new Gauge({
    name: 'lore_neo4j_sessions_in_flight',
    help: "Neo4j sessions open now, each holding one of the driver's pooled connections while it works.",
    registers: [this.registry],
  });
  private readonly neo4jSessionsOpened = new Counter({
    name: 'lore_neo4j_sessions_total',
    help: 'Neo4j sessions opened, by access mode.',
    labelNames: ['mode'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'lore_' });
  }

  /** One finished call: its status is `ok` or the error code it answered. */
  recordCall(door: string, operation: string, status: string, seconds: number, resultBytes: number | null): void {
    this.calls.inc({ door, operation, status });
    this.latency.observe({ door, operation }, seconds);
    if (DENIALS.has(status)) this.denials.inc({ door, operation, code: status });
    if (resultBytes !== null) this.resultBytes.observe({ door, operation }, resultBytes);
  }

  /** One MCP answer: its tokens, whether it was cut, and the codes of the warnings its data carries (each counted once). */
  recordAnswer(tool: string, answer: { tokens: number; truncated: boolean; dataWarnings: readonly string[] }): void {
    this.answerTokens.observe({ tool }, answer.tokens);
    if (answer.truncated) this.truncations.inc({ tool });
    for (const warning of new Set(answer.dataWarnings)) this.partialAnswers.inc({ tool, warning });
  }

  recordIndexRun(run: { status: string; durationMs: number; files: number; symbols: number }): void {
    this.indexRuns.inc({ status: run.status });
    if (run.status !== 'completed') return;
    this.indexDuration.observe(run.durationMs / 1000);
    this.indexedFiles.inc(run.files);
    this.indexedSymbols.inc(run.symbols);
  }

  recordMemoryCandidateWrite(): void {
    this.memoryCandidateWrites.inc();
  }

  recordContextPackGenerated(): void {
    this.contextPacks.inc();
  }

  /** A failed quality report: of an indexed `document`, or of `content` given to check (a draft). */
  recordQualityFailure(subject: 'document' | 'content'): void {
    this.qualityFailures.inc({ subject });
  }

  /** Counts a Neo4j session from open to close: `work` runs in it. */
  async inNeo4jSession<T>(mode: 'READ' | 'WRITE', work: () => Promise<T>): Promise<T> {
    this.neo4jSessionsOpened.inc({ mode });
    this.neo4jSessions.inc();
    try {
      return await work();
    } finally {
      this.neo4jSessions.dec();
    }
  }

  /** The text exposition format, for GET /metrics. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
