/**
 * Retrieval evaluation: the queries of bench/retrieval-queries.json, of the held-out
 * bench/retrieval-queries-heldout.json (natural language and identifiers over the fixture repositories
 * and colinhacks/zod) and of bench/retrieval-queries-httpx.json (plain-word questions over encode/httpx,
 * written for issue 17 before any model was measured), each with the symbols that answer it, for each
 * embedder and each search mode. Prints Recall@5, Recall@10, MRR, nDCG@10 and search latency
 * (p50/p95, measured in-process through SearchService).
 *
 *   npm run bench:retrieval -- [--providers hash,minilm,e5,bge,static] [--modes hybrid] [--per-query]
 *
 * The embedders: hash (built in), minilm (all-MiniLM-L6-v2 ONNX, scripts/fetch-test-model.sh or
 * `lore models install all-MiniLM-L6-v2-onnx-int8`), e5 and bge (`lore models install
 * e5-small-v2-onnx-int8`, `bge-small-en-v1.5-onnx-int8`) and static (`lore models install
 * tokenlearn-static-10k-64d-int8`), installed in .data/models or LORE_MODELS_DIR; one whose model is
 * not installed is left out with a line saying so.
 * --per-query also prints, to stderr, each query's rank in each mode (a dash when not in the top 10):
 * what a change to ranking moved, query by query.
 *
 * zod and httpx must be checked out at bench/.repos/zod and bench/.repos/httpx (see
 * docs/benchmarks.md). Every embedder indexes every repository (minilm embeds zod in minutes since
 * issue 17's thread settings). Uses NEO4J_URI/NEO4J_PASSWORD when set, else starts tools/neo4j-local.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchService } from '@lore/knowledge/search/search.service';
import { benchNeo4j } from './local-neo4j';
import { indexedWith, installedEmbedders, querySets as loadQuerySets } from './retrieval-sets';

const MODES = ['fulltext', 'semantic', 'hybrid'] as const;

async function main(): Promise<void> {
  const argument = (name: string, fallback: string): string[] => {
    const index = process.argv.indexOf(name);
    return (index >= 0 ? process.argv[index + 1]! : fallback).split(',');
  };
  const providers = installedEmbedders(argument('--providers', 'hash,minilm,e5,bge,static'));
  const modes = argument('--modes', MODES.join(',')) as (typeof MODES)[number][];
  const perQuery = process.argv.includes('--per-query');
  const querySets = loadQuerySets();

  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-')));

  const rows: string[] = [];
  try {
    for (const provider of providers) {
      const { context, principal } = await indexedWith(provider);
      for (const { name: set, queries } of querySets) {
        const ranksByMode = new Map<string, number[]>();
        for (const mode of modes) {
          const ranks: number[] = [];
          const gains: number[] = [];
          const latencies: number[] = [];
          for (const q of queries) {
            const t0 = performance.now();
            const { results } = await context
              .get(SearchService)
              .searchCode({ query: q.query, scope: { repositoryId: q.repo }, maxResults: 10, mode }, principal);
            latencies.push(performance.now() - t0);
            const rank = results.findIndex((hit) => q.expected.includes(hit.qualifiedName));
            ranks.push(rank < 0 ? Infinity : rank + 1);
            gains.push(
              ndcgAt10(
                results.map((hit) => hit.qualifiedName),
                q.expected,
              ),
            );
          }
          ranksByMode.set(mode, ranks);
          rows.push(
            row(
              set,
              provider,
              mode,
              queries.length,
              ranks,
              gains,
              latencies,
              ranks.map((_, i) => queries[i]!.type),
            ),
          );
        }
        if (perQuery) {
          queries.forEach((q, i) => {
            const cells = modes.map((mode) => `${mode} ${formatRank(ranksByMode.get(mode)![i]!)}`);
            process.stderr.write(`${set} ${provider} ${q.repo} ${q.type} ${JSON.stringify(q.query)}: ${cells.join(', ')}\n`);
          });
        }
      }
      await context.close();
    }
  } finally {
    await stopNeo4j();
  }
  console.log('| set | embedder | mode | queries | Recall@5 | Recall@10 | MRR | MRR (nl / id) | nDCG@10 | p50 ms | p95 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
}

/**
 * nDCG@10 with binary relevance: each expected symbol counts once (the first hit of its name), and the
 * ideal ranking puts every expected symbol first.
 */
function ndcgAt10(names: string[], expected: string[]): number {
  const seen = new Set<string>();
  let dcg = 0;
  names.slice(0, 10).forEach((name, index) => {
    if (expected.includes(name) && !seen.has(name)) {
      seen.add(name);
      dcg += 1 / Math.log2(index + 2);
    }
  });
  let ideal = 0;
  for (let index = 0; index < Math.min(new Set(expected).size, 10); index++) ideal += 1 / Math.log2(index + 2);
  return dcg / ideal;
}

function row(
  set: string,
  provider: string,
  mode: string,
  count: number,
  ranks: number[],
  gains: number[],
  latencies: number[],
  types: string[],
): string {
  const recall = (k: number): string => (ranks.filter((rank) => rank <= k).length / ranks.length).toFixed(3);
  const mrr = (selected: number[]): string =>
    (selected.reduce((sum, rank) => sum + (rank === Infinity ? 0 : 1 / rank), 0) / Math.max(selected.length, 1)).toFixed(3);
  const sorted = [...latencies].sort((a, b) => a - b);
  const percentile = (p: number): string => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
  const byType = (type: string): number[] => ranks.filter((_, i) => types[i] === type);
  const ndcg = (gains.reduce((sum, gain) => sum + gain, 0) / Math.max(gains.length, 1)).toFixed(3);
  return `| ${set} | ${provider} | ${mode} | ${count} | ${recall(5)} | ${recall(10)} | ${mrr(ranks)} | ${mrr(byType('nl'))} / ${mrr(byType('id'))} | ${ndcg} | ${percentile(50)} | ${percentile(95)} |`;
}

function formatRank(rank: number): string {
  return rank === Infinity ? '-' : String(rank);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
