import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { CALL_CONFIDENCES, type CallConfidence, NotFoundError, type Principal, TRUST_BOUNDARY, type Warning } from '@lore/domain';
import { type Caller, type GetCallersInput, GetCallersInputSchema, type GetCallersResult } from '@lore/domain/schemas/callers';
import { resolveSymbolUid } from '../symbols/symbol-target';
import { parseInput } from '../validation';

/** get_callers: who calls a symbol, nearest first, each with the weakest confidence on its way to it. */
@Injectable()
export class CallersService {
  constructor(private readonly graph: CodeGraphRepository) {}

  async getCallers(input: GetCallersInput, principal: Principal): Promise<GetCallersResult> {
    const query = parseInput(GetCallersInputSchema, input);
    const uid = await resolveSymbolUid(this.graph, principal, query);
    const [target] = await this.graph.getSymbolRefs(principal, [uid]);
    if (!target) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: 'Find symbols with search_code.' });
    const followed = CALL_CONFIDENCES.slice(0, CALL_CONFIDENCES.indexOf(query.minConfidence) + 1);

    // Breadth first, one query per hop: a caller is listed once, at its shortest distance.
    const callers: Caller[] = [];
    const weakestToTarget = new Map<string, CallConfidence>([[uid, 'exact']]);
    let frontier = [uid];
    let truncated = false;
    for (let distance = 1; distance <= query.depth && frontier.length > 0 && !truncated; distance++) {
      const wanted = query.limit - callers.length + 1;
      const edges = await this.graph.findCallers(principal, frontier, followed, wanted);
      truncated = edges.length === wanted;
      frontier = [];
      for (const edge of edges) {
        if (weakestToTarget.has(edge.symbol.uid)) continue;
        if (callers.length === query.limit) break;
        const confidence = weaker(edge.confidence, weakestToTarget.get(edge.calls)!);
        weakestToTarget.set(edge.symbol.uid, confidence);
        callers.push({ symbol: edge.symbol, distance, line: edge.line, calls: edge.calls, confidence });
        frontier.push(edge.symbol.uid);
      }
    }
    return { target: target.symbol, callers, warnings: warningsFor(callers, query.limit, truncated), trustBoundary: TRUST_BOUNDARY };
  }
}

/** The less sure of two confidences (CALL_CONFIDENCES is ordered strongest first). */
export function weaker(a: CallConfidence, b: CallConfidence): CallConfidence {
  return CALL_CONFIDENCES.indexOf(a) > CALL_CONFIDENCES.indexOf(b) ? a : b;
}

function warningsFor(callers: readonly Caller[], limit: number, truncated: boolean): Warning[] {
  const warnings: Warning[] = [];
  const weak = callers.filter((caller) => caller.confidence === 'name' || caller.confidence === 'ambiguous').length;
  if (weak > 0) {
    warnings.push({
      code: 'weak_edges',
      message: `${weak} caller(s) reach the target through a call matched by name only (confidence name or ambiguous): confirm before relying on them.`,
    });
  }
  if (truncated) {
    warnings.push({
      code: 'output_truncated',
      message: `Only the nearest ${limit} callers are listed: raise limit (at most 500), lower depth, or raise minConfidence.`,
    });
  }
  return warnings;
}
