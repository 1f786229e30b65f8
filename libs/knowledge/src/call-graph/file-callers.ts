import type { CodeGraphRepository, FileCallEdge } from '@lore/graph';
import { CALL_CONFIDENCES, type CallConfidence, type Principal } from '@lore/domain';
import { weaker } from './call-walk';

/** A symbol an answer lists, as far as the files calling it need: how far from the start, how surely reached. */
export interface ListedSymbol {
  uid: string;
  /** 0 for the symbol asked about (or a target of a change). */
  distance: number;
  confidence: CallConfidence;
}

/** A file whose module-level code calls a listed symbol: one more call away than it, with the weakest confidence on the way. */
export interface FileCallStep {
  edge: FileCallEdge;
  distance: number;
  confidence: CallConfidence;
}

/**
 * The files whose module-level code (it runs when the file loads) calls any listed symbol through a
 * call at least as sure as `minConfidence`: each file once, through the nearest symbol it calls,
 * nearest first, at most `limit` (truncated says there were more edges than asked for).
 */
export async function filesCalling(
  graph: Pick<CodeGraphRepository, 'findFilesCalling'>,
  principal: Principal,
  listed: readonly ListedSymbol[],
  options: { minConfidence: CallConfidence; limit: number },
): Promise<{ steps: FileCallStep[]; truncated: boolean }> {
  const followed = CALL_CONFIDENCES.slice(0, CALL_CONFIDENCES.indexOf(options.minConfidence) + 1);
  const bySymbol = new Map(listed.map((symbol) => [symbol.uid, symbol]));
  const wanted = options.limit + 1;
  const edges = await graph.findFilesCalling(principal, [...bySymbol.keys()], followed, wanted);
  const nearest = new Map<string, FileCallStep>();
  for (const edge of edges) {
    const via = bySymbol.get(edge.via)!;
    const step = { edge, distance: via.distance + 1, confidence: weaker(edge.confidence, via.confidence) };
    const kept = nearest.get(edge.uid);
    if (!kept || step.distance < kept.distance) nearest.set(edge.uid, step);
  }
  const steps = [...nearest.values()].sort(
    (a, b) =>
      a.distance - b.distance ||
      compare(a.edge.repositoryId, b.edge.repositoryId) ||
      compare(a.edge.path, b.edge.path) ||
      a.edge.line - b.edge.line,
  );
  return { steps: steps.slice(0, options.limit), truncated: edges.length === wanted || steps.length > options.limit };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
