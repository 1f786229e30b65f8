/**
 * Retrieval evaluation over the frozen query sets of bench/retrieval-sets.manifest.json: main and
 * held-out (natural language and identifiers over the fixture repositories and colinhacks/zod), and
 * one set of plain-word questions on each of five repositories Lore did not write (encode/httpx,
 * sindresorhus/got, pallets/click, jhy/jsoup, go-chi/chi), each written before anything was measured
 * on it. For each embedder and search mode it prints Recall@5, Recall@10, MRR, nDCG@10 and search
 * latency (p50/p95 of a second pass, in-process through SearchService, no answer cache) per set, then
 * the mean over the sets with the worst set, and the default-model rule applied to the hybrid rows:
 *
 *   the default is the model with the best mean MRR over the sets whose MRR on every set is at least
 *   the hashing embedder's on that set (a model that loses to hash on some repository is not chosen,
 *   however well it does elsewhere).
 *
 *   npm run bench:retrieval -- [--providers hash,minilm,e5,bge,static] [--modes hybrid] [--sets main,chi]
 *                              [--per-query]
 *
 * The embedders: hash (built in), minilm (all-MiniLM-L6-v2 ONNX, scripts/fetch-test-model.sh or
 * `lore models install all-MiniLM-L6-v2-onnx-int8`), e5 and bge (`lore models install
 * e5-small-v2-onnx-int8`, `bge-small-en-v1.5-onnx-int8`) and static (`lore models install
 * tokenlearn-static-10k-64d-int8`), installed in .data/models or LORE_MODELS_DIR; one whose model is
 * not installed is left out with a line saying so. --sets measures some sets only (their repositories
 * alone are indexed); the rule is printed only when every set is measured.
 * --per-query also prints, to stderr, each query's rank in each mode (a dash when not in the top 10):
 * what a change to ranking moved, query by query.
 *
 * The repositories must be checked out under bench/.repos at the commits their sets name (see
 * docs/benchmarks.md). Uses NEO4J_URI/NEO4J_PASSWORD when set, else starts tools/neo4j-local.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchService } from '@lore/knowledge/search/search.service';
import { benchNeo4j } from './local-neo4j';
import { indexedWith, installedEmbedders, querySets as loadQuerySets, repositoriesOf } from './retrieval-sets';

const MODES = ['fulltext', 'semantic', 'hybrid'] as const;

/** What one embedder and mode scored on one set. */
interface Scores {
  set: string;
  embedder: string;
  mode: string;
  queries: number;
  recall5: number;
  recall10: number;
  mrr: number;
  mrrNl: number;
  mrrId: number;
  ndcg10: number;
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  const argument = (name: string, fallback: string): string[] => {
    const index = process.argv.indexOf(name);
    return (index >= 0 ? process.argv[index + 1]! : fallback).split(',');
  };
  const providers = installedEmbedders(argument('--providers', 'hash,minilm,e5,bge,static'));
  const modes = argument('--modes', MODES.join(',')) as (typeof MODES)[number][];
  const perQuery = process.argv.includes('--per-query');
  const allSets = !process.argv.includes('--sets');
  const querySets = loadQuerySets(allSets ? undefined : argument('--sets', ''));

  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-')));

  const scores: Scores[] = [];
  try {
    for (const provider of providers) {
      const { context, principal } = await indexedWith(provider, repositoriesOf(querySets));
      for (const { name: set, queries } of querySets) {
        const ranksByMode = new Map<string, number[]>();
        for (const mode of modes) {
          const ranks: number[] = [];
          const gains: number[] = [];
          const latencies: number[] = [];
          const search = (q: (typeof queries)[number]) =>
            context.get(SearchService).searchCode({ query: q.query, scope: { repositoryId: q.repo }, maxResults: 10, mode }, principal);
          // Latency is the serving figure: one untimed pass first, so the first use of each query shape
          // (Neo4j's plans, the JIT) right after indexing is not counted. Answers are never cached here.
          for (const q of queries) await search(q);
          for (const q of queries) {
            const t0 = performance.now();
            const { results } = await search(q);
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
          const scored = score(
            set,
            provider,
            mode,
            ranks,
            gains,
            latencies,
            queries.map((q) => q.type),
          );
          scores.push(scored);
          // As it comes, so that a run stopped half-way still has what it measured.
          process.stderr.write(`scored ${JSON.stringify(scored)}\n`);
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
  printSets(scores);
  printMeans(scores, modes);
  if (allSets && modes.includes('hybrid')) printRule(scores.filter((s) => s.mode === 'hybrid'));
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

function score(
  set: string,
  embedder: string,
  mode: string,
  ranks: number[],
  gains: number[],
  latencies: number[],
  types: string[],
): Scores {
  const recall = (k: number): number => ranks.filter((rank) => rank <= k).length / ranks.length;
  const mrr = (selected: number[]): number =>
    selected.reduce((sum, rank) => sum + (rank === Infinity ? 0 : 1 / rank), 0) / Math.max(selected.length, 1);
  const sorted = [...latencies].sort((a, b) => a - b);
  const percentile = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const byType = (type: string): number[] => ranks.filter((_, i) => types[i] === type);
  return {
    set,
    embedder,
    mode,
    queries: ranks.length,
    recall5: recall(5),
    recall10: recall(10),
    mrr: mrr(ranks),
    mrrNl: mrr(byType('nl')),
    mrrId: mrr(byType('id')),
    ndcg10: gains.reduce((sum, gain) => sum + gain, 0) / Math.max(gains.length, 1),
    p50: percentile(50),
    p95: percentile(95),
  };
}

function printSets(scores: Scores[]): void {
  console.log('| set | embedder | mode | queries | Recall@5 | Recall@10 | MRR | MRR (nl / id) | nDCG@10 | p50 ms | p95 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of scores)
    console.log(
      `| ${s.set} | ${s.embedder} | ${s.mode} | ${s.queries} | ${f3(s.recall5)} | ${f3(s.recall10)} | ${f3(s.mrr)} | ${f3(s.mrrNl)} / ${f3(s.mrrId)} | ${f3(s.ndcg10)} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} |`,
    );
}

/** Each embedder and mode: the mean over the sets (each set weighs the same, whatever its size) and its worst set. */
function printMeans(scores: Scores[], modes: string[]): void {
  console.log('\n| embedder | mode | sets | mean Recall@10 | mean MRR | mean nDCG@10 | worst set (Recall@10 / MRR) | worst p95 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const embedder of new Set(scores.map((s) => s.embedder)))
    for (const mode of modes) {
      const rows = scores.filter((s) => s.embedder === embedder && s.mode === mode);
      const worst = rows.reduce((a, b) => (b.mrr < a.mrr ? b : a));
      console.log(
        `| ${embedder} | ${mode} | ${rows.length} | ${f3(mean(rows, 'recall10'))} | ${f3(mean(rows, 'mrr'))} | ${f3(mean(rows, 'ndcg10'))} | ${worst.set} (${f3(worst.recall10)} / ${f3(worst.mrr)}) | ${Math.max(...rows.map((s) => s.p95)).toFixed(1)} |`,
      );
    }
}

/** The default-model rule on the hybrid rows: best mean MRR among the models no set finds worse than hash. */
function printRule(hybrid: Scores[]): void {
  const hash = new Map(hybrid.filter((s) => s.embedder === 'hash').map((s) => [s.set, s.mrr]));
  if (hash.size === 0) return console.log('\nThe rule needs the hash rows: measure with --providers hash,...');
  console.log('\n| model | mean MRR | its worst set against hash (MRR − hash MRR) | eligible |');
  console.log('| --- | --- | --- | --- |');
  let chosen: { embedder: string; mrr: number } | null = null;
  for (const embedder of new Set(hybrid.map((s) => s.embedder).filter((name) => name !== 'hash'))) {
    const rows = hybrid.filter((s) => s.embedder === embedder);
    const margins = rows.map((s) => ({ set: s.set, margin: s.mrr - hash.get(s.set)! }));
    const worst = margins.reduce((a, b) => (b.margin < a.margin ? b : a));
    const eligible = worst.margin >= 0;
    const mrr = mean(rows, 'mrr');
    if (eligible && (chosen === null || mrr > chosen.mrr)) chosen = { embedder, mrr };
    console.log(
      `| ${embedder} | ${f3(mrr)} | ${worst.set} (${worst.margin >= 0 ? '+' : ''}${worst.margin.toFixed(3)}) | ${eligible ? 'yes' : 'no'} |`,
    );
  }
  console.log(
    chosen
      ? `\nThe rule chooses ${chosen.embedder} (mean MRR ${f3(chosen.mrr)}, no set below hash).`
      : '\nThe rule chooses no model: each is below hash on some set.',
  );
}

function mean(rows: Scores[], key: 'recall10' | 'mrr' | 'ndcg10'): number {
  return rows.reduce((sum, s) => sum + s[key], 0) / Math.max(rows.length, 1);
}

function f3(value: number): string {
  return value.toFixed(3);
}

function formatRank(rank: number): string {
  return rank === Infinity ? '-' : String(rank);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
