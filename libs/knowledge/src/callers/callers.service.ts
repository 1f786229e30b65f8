import { Injectable } from '@nestjs/common';
import { CodeGraphRepository } from '@lore/graph';
import { NotFoundError, type Principal, TRUST_BOUNDARY } from '@lore/domain';
import { type GetCallersInput, GetCallersInputSchema, type GetCallersResult } from '@lore/domain/schemas/callers';
import { callsNotFollowed, walkCalls, walkWarnings } from '../call-graph/call-walk';
import { filesCalling } from '../call-graph/file-callers';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { resolveSymbolUid } from '../target-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';
import { findSymbolsHint } from '../hints';

/** get_callers: who calls a symbol, nearest first, each with the weakest confidence on its way to it; and the files whose module-level code does. */
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
    // A file calling a caller at the walk's last distance would be one call past depth: not listed.
    const within = walk.reached.filter((step) => step.distance < query.depth);
    const listed = [{ uid, distance: 0, confidence: 'exact' as const }, ...within.map((step) => ({ ...step, uid: step.symbol.uid }))];
    const files = await filesCalling(this.graph, principal, listed, query);
    const repositories = [target.symbol, ...walk.reached.map((step) => step.symbol)].map((symbol) => symbol.repositoryId);
    return {
      target: target.symbol,
      callers: walk.reached,
      fileCallers: files.steps.map(({ edge, distance, confidence }) => ({
        repositoryId: edge.repositoryId,
        path: edge.path,
        line: edge.line,
        via: edge.via,
        distance,
        confidence,
      })),
      warnings: [
        ...(await callResolutionWarnings(this.graph, principal, repositories)),
        ...walkWarnings(walk, 'caller'),
        ...(files.truncated
          ? [
              {
                code: 'output_truncated' as const,
                message: `Only the nearest ${files.steps.length} files whose module-level code calls the target or a caller are listed: raise limit (at most 500), lower depth, or raise minConfidence.`,
              },
            ]
          : []),
        ...(await callsNotFollowed(this.graph, principal, [target.symbol, ...walk.reached.map((step) => step.symbol)], {
          direction: 'callers',
          minConfidence: query.minConfidence,
        })),
      ],
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}
