import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { NotFoundError, type Principal, TRUST_BOUNDARY } from '@lore/domain';
import { type GetCallersInput, GetCallersInputSchema, type GetCallersResult } from '@lore/domain/schemas/callers';
import { callsNotFollowed, walkCalls, walkWarnings } from '../call-graph/call-walk';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { resolveSymbolUid } from '../target-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';
import { findSymbolsHint } from '../hints';

/** get_callers: who calls a symbol, nearest first, each with the weakest confidence on its way to it. */
@Injectable()
export class CallersService {
  constructor(private readonly graph: CodeGraphRepository) {}

  @Operation('get_callers', { kind: 'read' })
  async getCallers(input: GetCallersInput, principal: Principal): Promise<GetCallersResult> {
    const query = parseInput(GetCallersInputSchema, input);
    const uid = await resolveSymbolUid(this.graph, principal, query);
    const [target] = await this.graph.getSymbolRefs(principal, [uid]);
    if (!target) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
    const walk = await walkCalls(this.graph, principal, uid, { direction: 'callers', ...query });
    const repositories = [target.symbol, ...walk.reached.map((step) => step.symbol)].map((symbol) => symbol.repositoryId);
    return {
      target: target.symbol,
      callers: walk.reached,
      warnings: [
        ...(await callResolutionWarnings(this.graph, principal, repositories)),
        ...walkWarnings(walk, 'caller'),
        ...(await callsNotFollowed(this.graph, principal, [target.symbol, ...walk.reached.map((step) => step.symbol)], {
          direction: 'callers',
          minConfidence: query.minConfidence,
        })),
      ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}
