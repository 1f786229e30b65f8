/**
 * Fusion settings measured offline: every query of the frozen sets is searched once with the embedder
 * measured (`--embedder`, default e5) and once with hash through SearchService, the full-text and
 * semantic candidate lists it fused are recorded with each candidate's fan-in (callers in the graph),
 * and then each fusion setting below is applied to those lists with the service's own ranking rules
 * (exact name first, the kind prior). Prints Recall@10 and MRR per set and setting, their mean over
 * the sets, and the setting the rule chooses (issue 38): the best mean MRR among the settings that
 * lower no set's MRR below the current setting's; the current one when none does.
 *
 *   npm run bench:fusion-grid -- [--embedder e5|bge|minilm] [--sets main,chi]
 *
 * Needs that model installed and the repositories of the sets under bench/.repos (see bench/retrieval.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeGraphRepository, Neo4jService } from '@lore/graph';
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
  /** Weight of each list: full-text, the measured embedder's semantic list, the hash semantic list, the fan-in list. */
  weights: (query: EvalQuery, identifiers: string[]) => [number, number, number, number];
}

const SETTINGS: Setting[] = [
  ...[10, 30, 60].flatMap((k) =>
    [0.5, 1, 2].map((semantic): Setting => ({ name: `k ${k}, semantic × ${semantic}`, k, weights: () => [1, semantic, 0, 0] })),
  ),
  ...[1.5, 2, 3].map((semantic): Setting => ({
    name: `k 60, semantic × ${semantic} for questions without a name`,
    k: 60,
    weights: (_, identifiers) => [1, identifiers.length > 0 ? 1 : semantic, 0, 0],
  })),
  ...[0.25, 0.5, 1].map((hash): Setting => ({ name: `k 60, + hash vectors × ${hash}`, k: 60, weights: () => [1, 1, hash, 0] })),
  // The graph as one more ranked list: the candidates of the other lists, most called first.
  ...[0.25, 0.5, 1].map((fanIn): Setting => ({ name: `k 60, + fan-in list × ${fanIn}`, k: 60, weights: () => [1, 1, 0, fanIn] })),
];
const CURRENT = 'k 60, semantic × 1';

async function main(): Promise<void> {
  const argument = (name: string): string | undefined => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const embedder = argument('--embedder') ?? 'e5';
  if (installedEmbedders([embedder]).length === 0) throw new Error(`${embedder} is not installed`);
  const sets = querySets(argument('--sets')?.split(','));
  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-')));
  const captured = new Map<string, Candidates[]>();
  let fanIn = new Map<string, number>();
  try {
    for (const name of [embedder, 'hash']) {
      const { candidates, fanIns } = await capture(
        name,
        sets.flatMap((set) => set.queries),
        repositoriesOf(sets),
      );
      captured.set(name, candidates);
      if (name === embedder) fanIn = fanIns;
    }
  } finally {
    await stopNeo4j();
  }

  const rows = SETTINGS.map((setting) => {
    let offset = 0;
    const perSet = sets.map(({ queries }) => {
      const ranks = queries.map((query, i) =>
        rankOf(query, setting, captured.get(embedder)![offset + i]!, captured.get('hash')![offset + i]!, fanIn),
      );
      offset += queries.length;
      return {
        recall: ranks.filter((rank) => rank <= 10).length / ranks.length,
        mrr: ranks.reduce((sum, rank) => sum + (rank <= 10 ? 1 / rank : 0), 0) / ranks.length,
      };
    });
    const mean = (field: 'recall' | 'mrr') => perSet.reduce((sum, scores) => sum + scores[field], 0) / perSet.length;
    return { setting, perSet, recall: mean('recall'), mrr: mean('mrr') };
  });
  const current = rows.find((row) => row.setting.name === CURRENT)!;
  console.log(`| setting | ${sets.map((set) => `${set.name} R@10 / MRR`).join(' | ')} | mean R@10 / MRR | sets below current (MRR) |`);
  console.log(`| --- | ${sets.map(() => '---').join(' | ')} | --- | --- |`);
  for (const row of rows) {
    const below = row.perSet.filter((scores, i) => scores.mrr < current.perSet[i]!.mrr - 1e-9).length;
    const cells = row.perSet.map((scores) => `${scores.recall.toFixed(3)} / ${scores.mrr.toFixed(3)}`);
    const name = `${row.setting.name}${row.setting.name === CURRENT ? ' (current)' : ''}`;
    console.log(`| ${name} | ${cells.join(' | ')} | ${row.recall.toFixed(3)} / ${row.mrr.toFixed(3)} | ${below} |`);
  }
  const allowed = rows.filter((row) => row.perSet.every((scores, i) => scores.mrr >= current.perSet[i]!.mrr - 1e-9));
  const chosen = allowed.reduce((best, row) => (row.mrr > best.mrr ? row : best), current);
  console.log(`\nThe rule chooses: ${chosen.setting.name} (mean MRR ${chosen.mrr.toFixed(3)}; current ${current.mrr.toFixed(3)}).`);
}

/** Searches every query once with `embedder`, recording what the service fused, and each candidate's fan-in. */
async function capture(
  embedder: string,
  queries: EvalQuery[],
  repositories: string[],
): Promise<{ candidates: Candidates[]; fanIns: Map<string, number> }> {
  const { context, principal } = await indexedWith(embedder, repositories);
  const tenanted = new Map<string, string>();
  const untenanted = (uid: string): string => {
    const bare = uid.slice(uid.indexOf(':') + 1);
    tenanted.set(bare, uid);
    return bare;
  };
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
    const answer = await search(...args);
    current.semantic = answer.hits.map((hit) => untenanted(hit.uid));
    return answer;
  };
  const candidates: Candidates[] = [];
  for (const query of queries) {
    current = { fulltext: [], semantic: [], symbols: new Map() };
    await context
      .get(SearchService)
      .searchCode({ query: query.query, scope: { repositoryId: query.repo }, maxResults: 10, mode: 'hybrid' }, principal);
    candidates.push(current);
  }
  const rows = await context
    .get(Neo4jService)
    .read('MATCH (s:Symbol) WHERE s.uid IN $uids RETURN s.uid AS uid, COUNT { (s)<-[:CALLS]-() } AS fanIn', {
      uids: [...tenanted.values()],
    });
  const fanIns = new Map(rows.map((row) => [untenanted(row.uid as string), Number(row.fanIn)]));
  await context.close();
  return { candidates, fanIns };
}

/** The rank (1-based, Infinity past 10) of the query's first expected symbol under `setting`, ranked as SearchService ranks. */
function rankOf(query: EvalQuery, setting: Setting, model: Candidates, hash: Candidates, fanIn: ReadonlyMap<string, number>): number {
  const { identifiers } = understandQuery(query.query);
  const weights = setting.weights(query, identifiers);
  const scores = new Map<string, number>();
  const pooled = [...new Set([...model.fulltext, ...model.semantic])];
  const byFanIn = pooled.filter((uid) => (fanIn.get(uid) ?? 0) > 0).sort((a, b) => fanIn.get(b)! - fanIn.get(a)! || (a < b ? -1 : 1));
  [model.fulltext, model.semantic, hash.semantic, byFanIn].forEach((list, l) => {
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
