/**
 * Fusion settings measured offline: every query of the three sets is searched once with the embedder
 * measured (`--embedder`, default e5) and once with hash through SearchService, the full-text and semantic candidate lists it fused are
 * recorded, and then each fusion setting below is applied to those lists with the service's own
 * ranking rules (exact name first, the kind prior). Prints Recall@10 and MRR per set and setting, and
 * the setting the main set would choose; the held-out and httpx sets must not be used to choose.
 *
 *   npm run bench:fusion-grid -- [--embedder e5|bge|minilm]
 *
 * Needs that model installed (see bench/retrieval.ts) and bench/.repos/{zod,httpx} (docs/benchmarks.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeGraphRepository } from '@lore/graph';
import { exactNameBonus, rankingPrior, type RankedSymbol } from '@lore/knowledge/search/fusion';
import { understandQuery } from '@lore/knowledge/search/query-understanding';
import { SearchService } from '@lore/knowledge/search/search.service';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { benchNeo4j } from './local-neo4j';
import { type EvalQuery, indexedWith, installedEmbedders, querySets, repositoriesOf } from './retrieval-sets';

/** The lists SearchService fused for one query, by uid without its tenant (the embedders index into tenants of their own). */
interface Candidates {
  fulltext: string[];
  semantic: string[];
  symbols: Map<string, RankedSymbol>;
}

interface Setting {
  name: string;
  k: number;
  /** Weight of each list: full-text, the measured embedder's semantic list, the hash semantic list. */
  weights: (query: EvalQuery, identifiers: string[]) => [number, number, number];
}

const SETTINGS: Setting[] = [
  ...[10, 30, 60].flatMap((k) =>
    [0.5, 1, 2].map((semantic): Setting => ({ name: `k ${k}, semantic × ${semantic}`, k, weights: () => [1, semantic, 0] })),
  ),
  ...[1.5, 2, 3].map((semantic): Setting => ({
    name: `k 60, semantic × ${semantic} for questions without a name`,
    k: 60,
    weights: (_, identifiers) => [1, identifiers.length > 0 ? 1 : semantic, 0],
  })),
  ...[0.25, 0.5, 1].map((hash): Setting => ({ name: `k 60, + hash vectors × ${hash}`, k: 60, weights: () => [1, 1, hash] })),
];
const CURRENT = 'k 60, semantic × 1';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--embedder');
  const embedder = at >= 0 ? process.argv[at + 1]! : 'e5';
  if (installedEmbedders([embedder]).length === 0) throw new Error(`${embedder} is not installed`);
  // The three sets this grid was written for; the columns below name them.
  const sets = querySets(['main', 'held-out', 'httpx']);
  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-')));
  const captured = new Map<string, Candidates[]>();
  try {
    for (const name of [embedder, 'hash'])
      captured.set(
        name,
        await capture(
          name,
          sets.flatMap((set) => set.queries),
          repositoriesOf(sets),
        ),
      );
  } finally {
    await stopNeo4j();
  }

  console.log('| setting | main R@10 | main MRR | held-out R@10 | held-out MRR | httpx R@10 | httpx MRR |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  let best: { name: string; mrr: number } | null = null;
  for (const setting of SETTINGS) {
    const cells: string[] = [];
    let offset = 0;
    for (const { name, queries } of sets) {
      const ranks = queries.map((query, i) =>
        rankOf(query, setting, captured.get(embedder)![offset + i]!, captured.get('hash')![offset + i]!),
      );
      offset += queries.length;
      const recall = ranks.filter((rank) => rank <= 10).length / ranks.length;
      const mrr = ranks.reduce((sum, rank) => sum + (rank <= 10 ? 1 / rank : 0), 0) / ranks.length;
      cells.push(recall.toFixed(3), mrr.toFixed(3));
      if (name === 'main' && (best === null || mrr > best.mrr)) best = { name: setting.name, mrr };
    }
    console.log(`| ${setting.name}${setting.name === CURRENT ? ' (current)' : ''} | ${cells.join(' | ')} |`);
  }
  console.log(`\nThe main set would choose: ${best!.name} (MRR ${best!.mrr.toFixed(3)}).`);
}

/** Searches every query once with `embedder`, recording what the service fused. */
async function capture(embedder: string, queries: EvalQuery[], repositories: string[]): Promise<Candidates[]> {
  const { context, principal } = await indexedWith(embedder, repositories);
  const untenanted = (uid: string): string => uid.slice(uid.indexOf(':') + 1);
  let current: Candidates = { fulltext: [], semantic: [], symbols: new Map() };
  const keep = (symbol: RankedSymbol & { uid: string }): void => void current.symbols.set(untenanted(symbol.uid), symbol);
  // Observed, not changed: each wrapper records what the real method returned.
  const graph = context.get(CodeGraphRepository);
  const fullText = graph.searchSymbolsFullText.bind(graph);
  graph.searchSymbolsFullText = async (...args) => {
    const hits = await fullText(...args);
    current.fulltext = hits.map((hit) => untenanted(hit.symbol.uid));
    hits.forEach((hit) => keep(hit.symbol));
    return hits;
  };
  const refs = graph.getSymbolRefs.bind(graph);
  graph.getSymbolRefs = async (...args) => {
    const found = await refs(...args);
    found.forEach((ref) => keep(ref.symbol));
    return found;
  };
  const semantic = context.get(SemanticIndex);
  const search = semantic.search.bind(semantic);
  semantic.search = async (...args) => {
    const hits = await search(...args);
    current.semantic = hits.map((hit) => untenanted(hit.uid));
    return hits;
  };
  const candidates: Candidates[] = [];
  for (const query of queries) {
    current = { fulltext: [], semantic: [], symbols: new Map() };
    await context
      .get(SearchService)
      .searchCode({ query: query.query, scope: { repositoryId: query.repo }, maxResults: 10, mode: 'hybrid' }, principal);
    candidates.push(current);
  }
  await context.close();
  return candidates;
}

/** The rank (1-based, Infinity past 10) of the query's first expected symbol under `setting`, ranked as SearchService ranks. */
function rankOf(query: EvalQuery, setting: Setting, model: Candidates, hash: Candidates): number {
  const { identifiers } = understandQuery(query.query);
  const weights = setting.weights(query, identifiers);
  const scores = new Map<string, number>();
  [model.fulltext, model.semantic, hash.semantic].forEach((list, l) => {
    if (weights[l] === 0) return;
    list.forEach((uid, index) => scores.set(uid, (scores.get(uid) ?? 0) + weights[l]! / (setting.k + index + 1)));
  });
  const ranked = [...scores]
    .map(([uid, score]) => ({ uid, symbol: model.symbols.get(uid) ?? hash.symbols.get(uid), score }))
    .filter((item): item is { uid: string; symbol: RankedSymbol; score: number } => item.symbol !== undefined)
    .map((item) => ({ ...item, score: (item.score + exactNameBonus(item.symbol, identifiers)) * rankingPrior(item.symbol) }))
    .sort((a, b) => b.score - a.score || a.symbol.qualifiedName.localeCompare(b.symbol.qualifiedName) || a.uid.localeCompare(b.uid));
  const rank = ranked.slice(0, 10).findIndex((item) => query.expected.includes(item.symbol.qualifiedName));
  return rank < 0 ? Infinity : rank + 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
