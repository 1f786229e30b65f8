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

/** How many calls left out by minConfidence are counted (and the first few named) in the calls_not_followed warning. */
const NOT_FOLLOWED_COUNTED = 100;
const EXAMPLES = 3;

/**
 * Never a silent zero: the calls into (towards callers) or out of (towards callees) the symbols a
 * walk reached that it did not follow because they were resolved less surely than `minConfidence`,
 * counted (up to 100) with the first three named, as a calls_not_followed warning; none when every
 * confidence was followed. An answer that lists nothing because its calls were guessed says so.
 */
export async function callsNotFollowed(
  graph: Pick<CodeGraphRepository, 'findCallEdges'>,
  principal: Principal,
  reached: readonly SymbolRef[],
  options: { direction: CallDirection; minConfidence: CallConfidence },
): Promise<Warning[]> {
  const weaker = CALL_CONFIDENCES.slice(CALL_CONFIDENCES.indexOf(options.minConfidence) + 1);
  if (weaker.length === 0 || reached.length === 0) return [];
  const names = new Map(reached.map((symbol) => [symbol.uid, symbol.qualifiedName]));
  const edges = await graph.findCallEdges(
    principal,
    reached.map((symbol) => symbol.uid),
    options.direction,
    weaker,
    NOT_FOLLOWED_COUNTED + 1,
  );
  if (edges.length === 0) return [];
  const count = edges.length > NOT_FOLLOWED_COUNTED ? `more than ${NOT_FOLLOWED_COUNTED}` : String(edges.length);
  const examples = edges.slice(0, EXAMPLES).map((edge) => {
    const [caller, callee] =
      options.direction === 'callers' ? [edge.symbol.qualifiedName, names.get(edge.via)] : [names.get(edge.via), edge.symbol.qualifiedName];
    return `${caller} -> ${callee} (${edge.confidence}, ${edge.symbol.path}:${edge.symbol.startLine})`;
  });
  return [
    {
      code: 'calls_not_followed',
      message:
        `${count} call(s) ${options.direction === 'callers' ? 'into' : 'out of'} the symbols listed were resolved less surely than ` +
        `minConfidence ${options.minConfidence} and not followed, e.g. ${examples.join('; ')}: lower minConfidence (${weaker.join(', ')}) to follow them.`,
    },
  ];
}

/** weak_edges when a symbol was reached through a call matched by name only; output_truncated past the limit. */
export function walkWarnings(walk: CallWalk, noun: string): Warning[] {
  const warnings: Warning[] = [];
  const weak = walk.reached.filter((step) => step.confidence === 'name' || step.confidence === 'ambiguous');
  if (weak.length > 0) {
    warnings.push({
      code: 'weak_edges',
      message: `${weak.length} ${noun}(s) are reached through a call matched by name only (confidence name or ambiguous), e.g. ${weakExamples(weak)}: confirm before relying on them.`,
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

/** The first few symbols reached through a guessed call, with the confidence and where each is. */
export function weakExamples(weak: readonly { symbol: SymbolRef; confidence: CallConfidence }[]): string {
  return weak
    .slice(0, EXAMPLES)
    .map((step) => `${step.symbol.qualifiedName} (${step.confidence}, ${step.symbol.path}:${step.symbol.startLine})`)
    .join('; ');
}
