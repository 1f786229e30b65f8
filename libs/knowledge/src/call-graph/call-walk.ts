import type { CallDirection, CodeGraphRepository } from '@lore/graph';
import { CALL_CONFIDENCES, type CallConfidence, type Principal, type SymbolRef, type Warning } from '@lore/domain';

/** A symbol a walk reached: how many calls from the start, the call site, the symbol it came through, the weakest confidence on the way. */
export interface WalkedSymbol {
  symbol: SymbolRef;
  distance: number;
  line: number;
  via: string;
  confidence: CallConfidence;
}

export interface CallWalk {
  reached: WalkedSymbol[];
  truncated: boolean;
}

/**
 * Breadth first from one symbol along the call graph (towards its callers or its callees), one query
 * per hop: each symbol is listed once, at its shortest distance, with the weakest confidence of the
 * calls that led to it. Only calls at least as sure as `minConfidence` are followed. Stops at `limit`
 * symbols (and says so).
 */
export async function walkCalls(
  graph: CodeGraphRepository,
  principal: Principal,
  start: string,
  options: { direction: CallDirection; depth: number; minConfidence: CallConfidence; limit: number },
): Promise<CallWalk> {
  const followed = CALL_CONFIDENCES.slice(0, CALL_CONFIDENCES.indexOf(options.minConfidence) + 1);
  const reached: WalkedSymbol[] = [];
  const weakestOnTheWay = new Map<string, CallConfidence>([[start, 'exact']]);
  let frontier = [start];
  let truncated = false;
  for (let distance = 1; distance <= options.depth && frontier.length > 0 && !truncated; distance++) {
    const wanted = options.limit - reached.length + 1;
    const edges = await graph.findCallEdges(principal, frontier, options.direction, followed, wanted);
    truncated = edges.length === wanted;
    frontier = [];
    for (const edge of edges) {
      if (weakestOnTheWay.has(edge.symbol.uid)) continue;
      if (reached.length === options.limit) break;
      const confidence = weaker(edge.confidence, weakestOnTheWay.get(edge.via)!);
      weakestOnTheWay.set(edge.symbol.uid, confidence);
      reached.push({ symbol: edge.symbol, distance, line: edge.line, via: edge.via, confidence });
      frontier.push(edge.symbol.uid);
    }
  }
  return { reached, truncated };
}

/** The less sure of two confidences (CALL_CONFIDENCES is ordered strongest first). */
export function weaker(a: CallConfidence, b: CallConfidence): CallConfidence {
  return CALL_CONFIDENCES.indexOf(a) > CALL_CONFIDENCES.indexOf(b) ? a : b;
}

/** weak_edges when a symbol was reached through a call matched by name only; output_truncated past the limit. */
export function walkWarnings(walk: CallWalk, noun: string): Warning[] {
  const warnings: Warning[] = [];
  const weak = walk.reached.filter((step) => step.confidence === 'name' || step.confidence === 'ambiguous').length;
  if (weak > 0) {
    warnings.push({
      code: 'weak_edges',
      message: `${weak} ${noun}(s) are reached through a call matched by name only (confidence name or ambiguous): confirm before relying on them.`,
    });
  }
  if (walk.truncated) {
    warnings.push({
      code: 'output_truncated',
      message: `Only the nearest ${walk.reached.length} ${noun}s are listed (the walk stopped at its limit): raise limit (at most 500), lower depth, or raise minConfidence.`,
    });
  }
  return warnings;
}
