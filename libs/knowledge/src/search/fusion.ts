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
