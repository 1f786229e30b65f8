/** The usual constant of reciprocal rank fusion: damps the weight of the very first ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each ranked list gives an item 1 / (k + rank); an item's score is the sum
 * over the lists that have it. Lists need no comparable scores, only an order.
 */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k = RRF_K): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return scores;
}

/** What the ranking rules below need to know of a symbol. */
export interface RankedSymbol {
  kind: string;
  name: string;
  qualifiedName: string;
}

/**
 * Added to the fused score of a symbol whose name or qualified name is one of the identifiers typed in
 * the query (the whole query when it is one name, or a name inside a sentence): 2 as typed, 1 when only
 * the letter case differs. Fused scores stay below 0.05, so a query that names a symbol finds it
 * first, whatever the other rankings say, and `nativeEnum` finds the function nativeEnum before an
 * enum NativeEnum.
 */
export function exactNameBonus(symbol: RankedSymbol, identifiers: readonly string[]): number {
  let bonus = 0;
  for (const identifier of identifiers) {
    if (symbol.name === identifier || symbol.qualifiedName === identifier) return 2;
    const lower = identifier.toLowerCase();
    if (symbol.name.toLowerCase() === lower || symbol.qualifiedName.toLowerCase() === lower) bonus = 1;
  }
  return bonus;
}

/**
 * Prior by kind, applied to the fused score: test cases repeat the names of what they test, and
 * fields and variables with one-word names match many queries by that word alone; code that does
 * something ranks first at equal relevance (measured with bench/retrieval.ts).
 */
const KIND_PRIOR: Partial<Record<string, number>> = { test: 0.5, property: 0.6, variable: 0.6 };
/** Test cases are qualified by their describe/it titles joined with " > ", and so is whatever they declare. */
const TEST_SCOPE_SEPARATOR = ' > ';

/** A declaration inside a test case (`z.nativeEnum > NativeEnum`) is test code: it gets the prior of a test. */
export function rankingPrior(symbol: RankedSymbol): number {
  const kind = symbol.qualifiedName.includes(TEST_SCOPE_SEPARATOR) ? 'test' : symbol.kind;
  return KIND_PRIOR[kind] ?? 1;
}
