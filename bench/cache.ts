/**
 * What the read cache (knowledge's operations/stages/cache.stage.ts) saves: get_symbol and
 * search_code on the order-service fixture, called in process through the operation gate, as
 *   - uncached: a server with LORE_CACHE_MAX_MB=0,
 *   - miss: the cache on, each input asked for the first time (the graph's read generation is read,
 *     the answer computed and kept),
 *   - hit: the same inputs asked again.
 *
 *   npm run bench:cache -- [--rounds n]
 *
 * Uses NEO4J_URI / NEO4J_PASSWORD when set; otherwise starts tools/neo4j-local on a free port.
 */
import 'reflect-metadata';
import { cpus, loadavg, totalmem } from 'node:os';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { PrincipalResolver } from '@lore/access';
import { ConfigModule, StderrLogger } from '@lore/config';
import { Neo4jService } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { CacheStage } from '@lore/knowledge/operations/stages/cache.stage';
import { SearchService } from '@lore/knowledge/search/search.service';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';
import { indexFixture, percentile } from './served-fixtures';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

const TENANT = 'bench-cache';
const QUERIES = ['place order', 'discount', 'payment', 'inventory reservation', 'order total', 'customer', 'repository', 'validate'];

async function main(): Promise<void> {
  const roundsAt = process.argv.indexOf('--rounds');
  const rounds = roundsAt === -1 ? 5 : Number(process.argv[roundsAt + 1]);
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-cache-neo4j-'));
  Object.assign(process.env, { LORE_TENANT: TENANT, LORE_CACHE_DIR: 'off', LORE_LOG_LEVEL: 'error' });
  const apps: INestApplicationContext[] = [];
  try {
    indexFixture(scratch, 'order-service', 'order-service');

    const start = async (cacheMb: string): Promise<INestApplicationContext> => {
      process.env.LORE_CACHE_MAX_MB = cacheMb;
      const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('error') });
      apps.push(app);
      return app;
    };
    const uncached = await start('0');
    const cached = await start('64');
    const principal = uncached.get(PrincipalResolver).local();
    const uids = (
      await uncached.get(Neo4jService).read('MATCH (s:Symbol {tenantId: $tenantId}) RETURN s.uid AS uid ORDER BY uid', { tenantId: TENANT })
    ).map((row) => row.uid as string);

    const operations = [
      {
        name: 'get_symbol',
        inputs: uids.map((uid) => ({ uid })),
        call: (app: INestApplicationContext, input: object) => app.get(SymbolService).getSymbol(input as { uid: string }, principal),
      },
      {
        name: 'search_code',
        inputs: QUERIES.flatMap((query) => [5, 10, 20].map((maxResults) => ({ query, maxResults }))),
        call: (app: INestApplicationContext, input: object) =>
          app.get(SearchService).searchCode(input as { query: string; maxResults: number }, principal),
      },
    ];
    const lines: string[] = [];
    for (const operation of operations) {
      // Warm both (plans, the embedder) on one input, then time every input.
      await operation.call(uncached, operation.inputs[0]!);
      const timesOf = async (app: INestApplicationContext, repeat: number): Promise<number[]> => {
        const times: number[] = [];
        for (let round = 0; round < repeat; round += 1) {
          for (const input of operation.inputs) {
            const started = performance.now();
            await operation.call(app, input);
            times.push(performance.now() - started);
          }
        }
        return times.sort((a, b) => a - b);
      };
      const plain = await timesOf(uncached, rounds);
      const misses = await timesOf(cached, 1);
      const hits = await timesOf(cached, rounds);
      const row = (label: string, times: number[]): string =>
        `| ${operation.name} | ${label} | ${times.length} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`;
      lines.push(row('uncached (LORE_CACHE_MAX_MB=0)', plain), row('miss (cache on, first ask)', misses), row('hit', hits));
    }
    const stats = cached.get(CacheStage).stats();
    process.stdout.write(
      [
        `read cache, in process through the operation gate, test/fixtures/order-service (${uids.length} symbols, ${QUERIES.length * 3} searches), ${rounds} rounds`,
        `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}, node ${process.version}`,
        '',
        '| operation | path | calls | p50 ms | p95 ms | p99 ms |',
        '| --- | --- | --- | --- | --- | --- |',
        ...lines,
        '',
        `cache: ${stats.hits} hits, ${stats.misses} misses, ${stats.entries} answers kept, ${(stats.bytes / 1024).toFixed(0)} KB`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const app of apps) await app.close();
    await stopNeo4j();
    scratch.removeAll();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
