/**
 * Retrieval evaluation: the queries of bench/retrieval-queries.json and of the held-out
 * bench/retrieval-queries-heldout.json (natural language and identifiers, each with the symbols that
 * answer it) over the fixture repositories and
 * colinhacks/zod, for each embedding provider and each search mode. Prints Recall@5, Recall@10,
 * MRR and search latency (p50/p95, measured in-process through SearchService).
 *
 *   npm run bench:retrieval -- [--providers hash,onnx] [--per-query]
 *
 * --per-query also prints, to stderr, each query's rank in each mode (a dash when not in the top 10):
 * what a change to ranking moved, query by query.
 *
 * zod must be checked out at bench/.repos/zod (see docs/benchmarks.md). The onnx provider needs the
 * model from scripts/fetch-test-model.sh; it runs on the fixtures only (embedding all of zod on two
 * CPU cores takes the better part of an hour). Uses NEO4J_URI/NEO4J_PASSWORD when set, else starts
 * tools/neo4j-local.
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import type { Principal } from '@lore/domain';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { SearchService } from '@lore/knowledge/search/search.service';
import { benchNeo4j } from './local-neo4j';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

interface EvalQuery {
  repo: string;
  type: 'nl' | 'id';
  query: string;
  expected: string[];
}

const ROOT = join(__dirname, '..', '..');
const FIXTURES = ['order-service', 'billing-service', 'inventory-java', 'shipping-go', 'order-contracts'];
const MODEL_DIR = join(ROOT, '.data', 'models', 'all-MiniLM-L6-v2-onnx-int8');
const MODES = ['fulltext', 'semantic', 'hybrid'] as const;
/** The main set, and a held-out set written before ranking changes were tried and never used to choose them. */
const QUERY_SETS = [
  { name: 'main', file: 'retrieval-queries.json' },
  { name: 'held-out', file: 'retrieval-queries-heldout.json' },
];

async function main(): Promise<void> {
  const providersArg = process.argv.indexOf('--providers');
  const providers = (providersArg >= 0 ? process.argv[providersArg + 1]! : 'hash,onnx')
    .split(',')
    .filter((p) => p !== 'onnx' || existsSync(MODEL_DIR));
  const perQuery = process.argv.includes('--per-query');
  const querySets = QUERY_SETS.map(({ name, file }) => ({
    name,
    queries: (JSON.parse(readFileSync(join(ROOT, 'bench', file), 'utf8')) as { queries: EvalQuery[] }).queries,
  }));
  const zod = join(ROOT, 'bench', '.repos', 'zod');
  if (!existsSync(zod)) throw new Error('bench/.repos/zod is missing: check out colinhacks/zod there (docs/benchmarks.md).');

  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-')));

  const rows: string[] = [];
  try {
    for (const provider of providers) {
      Object.assign(process.env, {
        LORE_EMBEDDINGS_PROVIDER: provider,
        LORE_EMBEDDINGS_MODEL_DIR: MODEL_DIR,
        LORE_EMBEDDINGS_TIMEOUT_MS: '30000',
      });
      const principal: Principal = { tenantId: `bench-${provider}`, subject: 'bench', repositories: '*' };
      const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
      const repositories = provider === 'onnx' ? FIXTURES : [...FIXTURES, 'zod'];
      const started = Date.now();
      for (const repo of repositories) {
        await context
          .get(IndexingService)
          .indexRepository({ path: repo === 'zod' ? zod : join(ROOT, 'test', 'fixtures', repo), repositoryId: repo }, principal);
      }
      process.stderr.write(`${provider}: indexed ${repositories.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      for (const { name: set, queries } of querySets) {
        const evaluated = queries.filter((q) => repositories.includes(q.repo));
        const ranksByMode = new Map<string, number[]>();
        for (const mode of MODES) {
          const ranks: number[] = [];
          const latencies: number[] = [];
          for (const q of evaluated) {
            const t0 = performance.now();
            const { results } = await context
              .get(SearchService)
              .searchCode({ query: q.query, scope: { repositoryId: q.repo }, maxResults: 10, mode }, principal);
            latencies.push(performance.now() - t0);
            const rank = results.findIndex((hit) => q.expected.includes(hit.qualifiedName));
            ranks.push(rank < 0 ? Infinity : rank + 1);
          }
          ranksByMode.set(mode, ranks);
          rows.push(
            row(
              set,
              provider,
              mode,
              evaluated.length,
              ranks,
              latencies,
              ranks.map((_, i) => evaluated[i]!.type),
            ),
          );
        }
        if (perQuery) {
          evaluated.forEach((q, i) => {
            const cells = MODES.map((mode) => `${mode} ${formatRank(ranksByMode.get(mode)![i]!)}`);
            process.stderr.write(`${set} ${provider} ${q.repo} ${q.type} ${JSON.stringify(q.query)}: ${cells.join(', ')}\n`);
          });
        }
      }
      await context.close();
    }
  } finally {
    await stopNeo4j();
  }
  console.log('| set | provider | mode | queries | Recall@5 | Recall@10 | MRR | MRR (nl / id) | p50 ms | p95 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
}

function row(set: string, provider: string, mode: string, count: number, ranks: number[], latencies: number[], types: string[]): string {
  const recall = (k: number): string => (ranks.filter((rank) => rank <= k).length / ranks.length).toFixed(3);
  const mrr = (selected: number[]): string =>
    (selected.reduce((sum, rank) => sum + (rank === Infinity ? 0 : 1 / rank), 0) / Math.max(selected.length, 1)).toFixed(3);
  const sorted = [...latencies].sort((a, b) => a - b);
  const percentile = (p: number): string => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
  const byType = (type: string): number[] => ranks.filter((_, i) => types[i] === type);
  return `| ${set} | ${provider} | ${mode} | ${count} | ${recall(5)} | ${recall(10)} | ${mrr(ranks)} | ${mrr(byType('nl'))} / ${mrr(byType('id'))} | ${percentile(50)} | ${percentile(95)} |`;
}

function formatRank(rank: number): string {
  return rank === Infinity ? '-' : String(rank);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
