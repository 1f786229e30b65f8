/**
 * What the audit costs: records handed to the writer by many concurrent callers, appended to one
 * tenant chain (records per second, from the first record to the last flushed), then the same with
 * several writers on the chain at once, as several processes would be (they wait on the head's
 * lock), then `verify` walking the whole chain (records per second), and a retention sweep.
 *
 *   npm run bench:audit -- [--records n] [--writers w]
 *
 * Uses NEO4J_URI / NEO4J_PASSWORD when set; otherwise starts tools/neo4j-local on a free port with a
 * fresh data directory. Figures go in docs/benchmarks.md with the command and the machine.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RefusedRequests } from '@lore/access';
import { ConfigModule, StderrLogger } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import type { AuditEntry } from '@lore/domain/schemas/audit';
import { AuditRepository, MigrationService } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { AuditWriter } from '@lore/knowledge/audit/audit-writer';
import { AuditService } from '@lore/knowledge/audit/audit.service';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

/** Callers handing records in at once: the load run's 50 clients. */
const CALLERS = 50;

function option(flag: string, fallback: number): number {
  const index = process.argv.indexOf(flag);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

function entry(tenantId: string, index: number, timestamp: string): AuditEntry {
  return {
    id: randomUUID(),
    tenantId,
    timestamp,
    subject: `api-key-${index % 7}`,
    door: 'rest',
    operation: index % 2 === 0 ? 'get_symbol' : 'search_code',
    repository: 'order-service',
    refs: Array.from(
      { length: index % 2 === 0 ? 1 : 10 },
      (_, ref) => `sym:order-service:src/orders/order.service.ts#OrderService.m${ref}`,
    ),
    queryHash: index % 2 === 0 ? null : 'c70904fffa7555f2907566a8d5bf45b2672be329e0b25c4e6ab4a25eecc55604',
    status: 'ok',
    httpStatus: null,
    latencyMs: 3.217,
    resultBytes: 1840,
    requestId: randomUUID(),
    agentRunId: null,
  };
}

/** Hands `count` records to the writers from CALLERS concurrent callers, and waits until every one is written. */
async function appendAll(writers: readonly AuditWriter[], tenant: string, count: number, timestamp: () => string): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      while (next < count) {
        const index = next++;
        writers[caller % writers.length]!.record(entry(tenant, index, timestamp()));
        // A caller makes its next call after its answer: let the event loop (and the writers) run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  await Promise.all(writers.map((writer) => writer.flush()));
  return performance.now() - started;
}

async function main(): Promise<void> {
  const records = option('--records', 20_000);
  const writerCount = option('--writers', 4);
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-audit-neo4j-'));
  Object.assign(process.env, { LORE_TENANT: 'bench-audit', LORE_LOG_LEVEL: 'error', LORE_AUDIT_RETENTION_DAYS: '90' });
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('error') });
  try {
    await app.get(MigrationService, { strict: false }).migrate();
    const writer = app.get(AuditWriter, { strict: false });
    const audit = app.get(AuditService);
    const repository = app.get(AuditRepository, { strict: false });
    const refused = app.get(RefusedRequests, { strict: false });
    const run = Date.now().toString(36);
    const now = () => new Date().toISOString();
    const rate = (count: number, ms: number) => `${Math.round(count / (ms / 1000))} records/s`;

    const single = `bench-audit-one-${run}`;
    const oneWriterMs = await appendAll([writer], single, records, now);
    const many = `bench-audit-many-${run}`;
    const writers = [writer, ...Array.from({ length: writerCount - 1 }, () => new AuditWriter(repository, refused))];
    const manyWritersMs = await appendAll(writers, many, records, now);
    const lost = writers.reduce((sum, each) => sum + each.counts().lost + each.counts().pending, 0);

    const verifyStarted = performance.now();
    const verified = await audit.verifyAudit({}, localPrincipal(many));
    const verifyMs = performance.now() - verifyStarted;

    const old = `bench-audit-old-${run}`;
    const longAgo = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).toISOString();
    await appendAll([writer], old, records, () => longAgo);
    const pruneStarted = performance.now();
    const removed = (await audit.pruneExpired())[old] ?? 0;
    const pruneMs = performance.now() - pruneStarted;
    const afterPrune = await audit.verifyAudit({}, localPrincipal(old));

    process.stdout.write(
      [
        `audit chain, ${records} records each, ${CALLERS} concurrent callers`,
        `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
        `one writer (one process):       ${(oneWriterMs / 1000).toFixed(2)} s, ${rate(records, oneWriterMs)}`,
        `${writerCount} writers on one chain:      ${(manyWritersMs / 1000).toFixed(2)} s, ${rate(records, manyWritersMs)}; chain valid: ${verified.valid}, seq 1..${verified.headSeq}, lost or pending: ${lost}`,
        `verify:                         ${(verifyMs / 1000).toFixed(2)} s, ${rate(verified.checked, verifyMs)}`,
        `retention sweep:                ${removed} removed in ${(pruneMs / 1000).toFixed(2)} s, ${rate(removed, pruneMs)}; chain valid after: ${afterPrune.valid} (anchor ${afterPrune.anchorSeq})`,
      ].join('\n') + '\n',
    );
  } finally {
    await app.close();
    await stopNeo4j();
    scratch.removeAll();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
