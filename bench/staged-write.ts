// A first index's two writes of a typeorm-sized snapshot: in one transaction each, against staged in bounded ones.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule } from '@lore/config';
import { GraphModule, IndexStoreRepository, MigrationService, Neo4jService } from '@lore/graph';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';
import { paths, REPOSITORY, snapshotsOf, symbolsOf, TENANT } from './synthetic-repository';

/**
 * The synthetic repository of typeorm's size (bench/synthetic-repository.ts) written as a first index
 * would write it — the queryable snapshot, then the exact one — on tools/neo4j-local with its default
 * settings (or NEO4J_URI), with LORE_SNAPSHOT_TRANSACTION_BYTES at 1 GiB (one transaction each, as
 * before issue 16) and at its default, in turn, the graph emptied between rounds. Prints each write's
 * time and the number of transactions.
 *
 *   npm run build && node dist/bench/staged-write.js [--rounds 2]
 */
@Module({ imports: [ConfigModule, GraphModule] })
class BenchModule {}

const roundsArgument = process.argv.indexOf('--rounds');
const ROUNDS = roundsArgument > 0 ? Number(process.argv[roundsArgument + 1]) : 2;
const BUDGETS: [string, string | undefined][] = [
  ['one transaction', String(1024 ** 3)],
  ['staged (default)', undefined],
];

async function main(): Promise<void> {
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-neo4j-'));
  process.env.LORE_CACHE_DIR = scratch.make('lore-bench-cache-');
  const fileUids = paths.map((path) => `${TENANT}:${REPOSITORY}:${path}`);
  const { syntactic, exact } = snapshotsOf(
    paths.map((_, i) => symbolsOf(i, fileUids[i]!, false)),
    -1,
  );
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, budget] of BUDGETS) {
        if (budget === undefined) delete process.env.LORE_SNAPSHOT_TRANSACTION_BYTES;
        else process.env.LORE_SNAPSHOT_TRANSACTION_BYTES = budget;
        const context = await NestFactory.createApplicationContext(BenchModule, { logger: ['debug', 'warn', 'error'] });
        try {
          await context.get(MigrationService).migrate();
          const store = context.get(IndexStoreRepository);
          const run = { tenantId: TENANT, repoId: REPOSITORY, runId: `${TENANT}:${REPOSITORY}:run:${round}:${name}` };
          const started = new Date();
          await store.beginRun(run, started.toISOString());
          let queryableBatches = 0;
          const queryableStart = performance.now();
          const written = await store.applyQueryableSnapshot(
            syntactic,
            run,
            () => 0,
            (_, total) => (queryableBatches = total),
          );
          const queryableMs = performance.now() - queryableStart;
          let exactBatches = 0;
          const exactStart = performance.now();
          await store.applySnapshot(
            exact,
            run,
            () => ({
              runId: run.runId,
              repositoryId: REPOSITORY,
              commitSha: exact.commitSha,
              status: 'completed',
              files: exact.files.length,
              symbols: exact.symbols.length,
              calls: exact.calls.length,
              imports: exact.imports.length,
              skipped: [],
              languageServers: [],
              secretsRedacted: 0,
              startedAt: started.toISOString(),
              finishedAt: new Date().toISOString(),
              durationMs: 0,
              queryableMs: 0,
              exactMs: 0,
            }),
            (_, total) => (exactBatches = total),
            written.state,
          );
          const exactMs = performance.now() - exactStart;
          console.log(
            `round ${round + 1}, ${name}: queryable ${Math.round(queryableMs)} ms (${written.changes.nodesWritten} nodes, ` +
              `${written.changes.relationshipsWritten} relationships, ${queryableBatches} batches), exact ${Math.round(exactMs)} ms (${exactBatches} batches)`,
          );
          // Emptied for the next round, in managed transactions of bounded size.
          const neo4j = context.get(Neo4jService);
          while (
            Number(
              (
                await neo4j.writeOne('MATCH (n {tenantId: $tenantId}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS deleted', {
                  tenantId: TENANT,
                })
              )[0]?.deleted,
            ) > 0
          );
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await stopNeo4j();
    scratch.removeAll();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
