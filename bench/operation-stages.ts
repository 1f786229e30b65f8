/**
 * What the operation gate's stages cost a call: an in-process operation that does nothing, called
 * bare and through the gate with every stage of libs/knowledge/src/operations/stages (observability:
 * span, metrics, log line; authorization; limits: rate bucket, budgets; timeout), with the call log
 * written as JSON (to stderr: redirect it) and filtered out by the log level; then the time to render
 * /metrics after calls of 11 operations through 4 doors.
 *
 *   npm run bench:stages -- [--calls n] 2>/dev/null
 *
 * No Neo4j and no HTTP: the figures are the stages' own, to add to a door's round trip.
 */
import 'reflect-metadata';
import { Injectable, Module, type Type } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { type Door, runInCallContext } from '@lore/access';
import { ConfigModule, StderrLogger, discoverClasses } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { Operation, type OperationStage } from '@lore/knowledge/operations/operation';
import { OperationGate } from '@lore/knowledge/operations/operation-gate';
import { LoreMetrics, ObservabilityModule } from '@lore/observability';

const STAGES = discoverClasses<OperationStage>(`${__dirname}/../libs/knowledge/src/operations/stages`, '.stage') as Type<OperationStage>[];
const OPERATIONS = ['search_code', 'get_symbol', 'get_file_span', 'get_callers', 'get_callees', 'analyze_impact'];
const DOORS: Door[] = ['rest', 'graphql', 'mcp-http', 'mcp-stdio'];
const ANSWER = { results: Array.from({ length: 10 }, (_, index) => ({ uid: `t:repo:src/file-${index}.ts#name${index}`, score: 0.5 })) };

@Injectable()
class NothingService {
  @Operation('get_symbol', { kind: 'read' })
  async gated(_input: unknown, _principal: Principal): Promise<unknown> {
    return { ...ANSWER };
  }
}

@Module({
  imports: [ConfigModule, ObservabilityModule],
  providers: [
    NothingService,
    ...STAGES,
    {
      provide: OperationGate,
      inject: [ModuleRef],
      useFactory: (modules: ModuleRef) => new OperationGate(modules, [NothingService], STAGES),
    },
  ],
})
class BenchModule {}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function timed(calls: number, call: (index: number) => Promise<unknown>): Promise<{ p50: number; p99: number; mean: number }> {
  const took: number[] = [];
  for (let index = 0; index < calls; index++) {
    const started = process.hrtime.bigint();
    await call(index);
    took.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  took.sort((a, b) => a - b);
  return { p50: quantile(took, 0.5), p99: quantile(took, 0.99), mean: took.reduce((sum, value) => sum + value, 0) / took.length };
}

async function main(): Promise<void> {
  const index = process.argv.indexOf('--calls');
  const calls = index === -1 ? 50_000 : Number(process.argv[index + 1]);
  // No rate limit or budget is reached: every call does the whole work of the limits stage.
  Object.assign(process.env, { NEO4J_PASSWORD: process.env.NEO4J_PASSWORD ?? 'unused', LORE_RATE_LIMIT_PER_MINUTE: '100000000' });
  Object.assign(process.env, { LORE_RATE_LIMIT_BURST: '100000000', LORE_RUN_MAX_CALLS: '0', LORE_RUN_MAX_SEARCH_CALLS: '0' });
  Object.assign(process.env, { LORE_RUN_MAX_OUTPUT_TOKENS: '0', LORE_RUN_MAX_LATENCY_MS: '0' });
  const principal = localPrincipal('bench', 'bench-user');
  const rows: string[] = [];
  for (const [label, level] of [
    ['log line written (JSON, stderr)', 'log'],
    ['log line filtered (level warn)', 'warn'],
  ] as const) {
    const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger(level, 'json') });
    const service = app.get(NothingService);
    const bare = NothingService.prototype.gated.bind(service);
    await timed(2000, () => bare({}, principal));
    const without = await timed(calls, () => bare({}, principal));
    await timed(2000, () => runInCallContext({ door: 'rest', agentRunId: 'warm' }, () => service.gated({}, principal)));
    const gated = await timed(calls, (call) =>
      runInCallContext({ door: 'rest', agentRunId: `run-${call % 100}` }, () => service.gated({}, principal)),
    );
    rows.push(
      `${label.padEnd(32)} bare p50 ${without.p50.toFixed(1)} µs | gated p50 ${gated.p50.toFixed(1)} µs, p99 ${gated.p99.toFixed(1)} µs, mean ${gated.mean.toFixed(1)} µs`,
    );
    await app.close();
  }
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
  const metrics = app.get(LoreMetrics);
  for (const door of DOORS)
    for (const operation of [
      ...OPERATIONS,
      'get_documents',
      'get_related_tests',
      'get_graph_neighborhood',
      'get_project_structure',
      'index_repository',
    ])
      for (const status of ['ok', 'not_found', 'rate_limited']) metrics.recordCall(door, operation, status, 0.012, 2048);
  const scrape = await timed(200, () => metrics.exposition());
  const { text } = await metrics.exposition();
  rows.push(
    `/metrics exposition: ${Buffer.byteLength(text)} bytes, ${text.split('\n').length} lines, p50 ${(scrape.p50 / 1000).toFixed(2)} ms`,
  );
  await app.close();
  process.stdout.write(`operation stages, ${calls} calls each (a do-nothing operation answering ${JSON.stringify(ANSWER).length} bytes)\n`);
  for (const row of rows) process.stdout.write(`${row}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
