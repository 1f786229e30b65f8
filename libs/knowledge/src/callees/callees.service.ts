import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { NotFoundError, type Principal, TRUST_BOUNDARY } from '@lore/domain';
import { type GetCalleesInput, GetCalleesInputSchema, type GetCalleesResult } from '@lore/domain/schemas/callees';
import { callsNotFollowed, walkCalls, walkWarnings } from '../call-graph/call-walk';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { resolveSymbolUid } from '../target-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';
import { findSymbolsHint } from '../hints';

/** get_callees: what a symbol calls, nearest first, each with the weakest confidence on the way from it. */
@Injectable()
export class CalleesService {
  constructor(private readonly graph: CodeGraphRepository) {}

  @Operation('get_callees', { kind: 'read' })
  async getCallees(input: GetCalleesInput, principal: Principal): Promise<GetCalleesResult> {
    const query = parseInput(GetCalleesInputSchema, input);
    const uid = await resolveSymbolUid(this.graph, principal, query);
    const [source] = await this.graph.getSymbolRefs(principal, [uid]);
    if (!source) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
    const walk = await walkCalls(this.graph, principal, uid, { direction: 'callees', ...query });
    const repositories = [source.symbol, ...walk.reached.map((step) => step.symbol)].map((symbol) => symbol.repositoryId);
    return {
      source: source.symbol,
      callees: walk.reached,
      warnings: [
        ...(await callResolutionWarnings(this.graph, principal, repositories)),
        ...walkWarnings(walk, 'callee'),
        ...(await callsNotFollowed(this.graph, principal, [source.symbol, ...walk.reached.map((step) => step.symbol)], {
          direction: 'callees',
          minConfidence: query.minConfidence,
        })),
      ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}
