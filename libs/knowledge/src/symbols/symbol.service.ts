import { Injectable } from '@nestjs/common';
import { CodeGraphRepository, type SymbolDetailRecord } from '@lore/graph';
import { NotFoundError, type Principal, TRUST_BOUNDARY, type Warning, symbolCodeUri, formatSymbolUri } from '@lore/domain';
import { type GetSymbolInput, GetSymbolInputSchema, type GetSymbolResult } from '@lore/domain/schemas/symbols';
import { parseInput } from '../validation';
import { resolveSymbolUid } from '../target-resolution';
import { callResolutionWarnings } from '../call-graph/call-resolution';
import { Operation } from '../operations/operation';
import { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';
import type { KnowledgeAbout } from '@lore/domain/schemas/knowledge-links';
import { findSymbolsHint } from '../hints';

const NEIGHBOUR_LIMIT = 200;

/** get_symbol: one symbol with its members, callees and callers. */
@Injectable()
export class SymbolService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly knowledge: KnowledgeLinksService,
  ) {}

  @Operation('get_symbol', { kind: 'read' })
  async getSymbol(input: GetSymbolInput, principal: Principal): Promise<GetSymbolResult> {
    const query = parseInput(GetSymbolInputSchema, input);
    const uid = await resolveSymbolUid(this.graph, principal, query);
    // Two round trips at once, not one after the other: the chapters about a symbol need only its uid.
    const [record, knowledge] = await Promise.all([
      this.graph.getSymbolDetail(principal, uid, NEIGHBOUR_LIMIT),
      this.knowledge.knowledgeAbout(principal, [uid]),
    ]);
    if (!record) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
    const repositories = [record.symbol, ...[...record.calls, ...record.calledBy].map((call) => call.symbol)].map(
      (item) => item.repositoryId,
    );
    const result = toResult(record, knowledge);
    result.warnings.unshift(...(await callResolutionWarnings(this.graph, principal, repositories)));
    return result;
  }
}

function toResult(record: SymbolDetailRecord, knowledge: KnowledgeAbout[]): GetSymbolResult {
  const { symbol: withPlace, commitSha } = record;
  // A declaration's place only where there is one (C and C++ functions defined elsewhere).
  const { declaredAt, ...symbol } = withPlace;
  const warnings: Warning[] = [];
  const weak = [...record.calls, ...record.calledBy].filter((call) => call.confidence === 'name' || call.confidence === 'ambiguous').length;
  if (weak > 0) {
    warnings.push({
      code: 'weak_edges',
      message: `${weak} call edge(s) were matched by name only (confidence name or ambiguous): confirm before relying on them.`,
    });
  }
  for (const [list, label] of [
    [record.members, 'members'],
    [record.calls, 'calls'],
    [record.calledBy, 'calledBy'],
  ] as const) {
    if (list.length >= NEIGHBOUR_LIMIT)
      warnings.push({ code: 'output_truncated', message: `Only the first ${NEIGHBOUR_LIMIT} ${label} are listed.` });
  }
  return {
    symbol: {
      ...symbol,
      ...(declaredAt === null ? {} : { declaredAt }),
      commitSha,
      resourceUri: symbolCodeUri(symbol, commitSha),
      symbolUri: formatSymbolUri(symbol.repositoryId, commitSha, symbol.qualifiedName),
      parent: record.parent,
      members: record.members,
      calls: record.calls,
      calledBy: record.calledBy,
    },
    knowledge,
    warnings,
    trustBoundary: TRUST_BOUNDARY,
  };
}
