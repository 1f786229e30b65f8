import type { CodeGraphRepository, DependentEdge } from '@lore/graph';
import { CALL_CONFIDENCES, type CallConfidence, type Principal, type SymbolRef } from '@lore/domain';
import type { AffectedSymbol, ImpactEdge } from '@lore/domain/schemas/impact';
import { weaker } from '../call-graph/call-walk';

interface Reached {
  symbol: SymbolRef;
  distance: number;
  confidence: CallConfidence;
  /** The edge to the symbol it was reached from (null for a target), and that symbol's uid. */
  edge: ImpactEdge | null;
  from: string | null;
}

export interface DependentsWalk {
  affected: AffectedSymbol[];
  /** How many affected symbols were reached through each symbol (targets included): its fan-in within the affected set. */
  dependents: Map<string, number>;
  truncated: boolean;
}

/**
 * Breadth first from the targets along reverse dependencies (callers, subclasses and implementers,
 * overriders, and the members a target overrides), one query per step. Each symbol is listed once,
 * at its shortest distance, with the shortest path back to a target as evidence and the weakest
 * confidence on it. Stops at `limit` affected symbols.
 */
export async function walkDependents(
  graph: CodeGraphRepository,
  principal: Principal,
  targets: readonly SymbolRef[],
  options: { depth: number; minConfidence: CallConfidence; limit: number },
): Promise<DependentsWalk> {
  const followed = CALL_CONFIDENCES.slice(0, CALL_CONFIDENCES.indexOf(options.minConfidence) + 1);
  const reached = new Map<string, Reached>(
    targets.map((symbol) => [symbol.uid, { symbol, distance: 0, confidence: 'exact', edge: null, from: null }]),
  );
  const affected: Reached[] = [];
  let frontier = targets.map((symbol) => symbol.uid);
  let truncated = false;
  for (let distance = 1; distance <= options.depth && frontier.length > 0 && !truncated; distance++) {
    const wanted = options.limit - affected.length + 1;
    const edges = await graph.findDependents(principal, frontier, followed, wanted);
    truncated = edges.length === wanted;
    frontier = [];
    for (const edge of edges) {
      if (reached.has(edge.symbol.uid)) continue;
      if (affected.length === options.limit) break;
      const step: Reached = {
        symbol: edge.symbol,
        distance,
        confidence: weaker(edge.confidence, reached.get(edge.via)!.confidence),
        edge: evidenceEdge(edge),
        from: edge.via,
      };
      reached.set(edge.symbol.uid, step);
      affected.push(step);
      frontier.push(edge.symbol.uid);
    }
  }
  const dependents = new Map<string, number>();
  for (const step of affected) dependents.set(step.from!, (dependents.get(step.from!) ?? 0) + 1);
  return {
    affected: affected.map((step) => ({
      symbol: step.symbol,
      distance: step.distance,
      confidence: step.confidence,
      evidence: evidencePath(step, reached),
    })),
    dependents,
    truncated,
  };
}

/** The graph's edge between a dependent and what it depends on, in the graph's direction. */
function evidenceEdge(edge: DependentEdge): ImpactEdge {
  const [from, to] = edge.reversed ? [edge.via, edge.symbol.uid] : [edge.symbol.uid, edge.via];
  return { from, to, type: edge.type, confidence: edge.confidence };
}

/** The edges from a reached symbol back to its target, nearest first. */
function evidencePath(step: Reached, reached: ReadonlyMap<string, Reached>): ImpactEdge[] {
  const path: ImpactEdge[] = [];
  for (let at: Reached | undefined = step; at?.edge; at = at.from === null ? undefined : reached.get(at.from)) path.push(at.edge);
  return path;
}
