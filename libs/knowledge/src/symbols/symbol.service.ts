import { Injectable } from '@nestjs/common';
import { CodeGraphRepository, type SymbolDetailRecord } from '@lore/graph';
import {
  AmbiguousTargetError,
  type GetSymbolInput,
  GetSymbolInputSchema,
  type GetSymbolResult,
  NotFoundError,
  type Principal,
  type SymbolRef,
  TRUST_BOUNDARY,
  type Warning,
  symbolCodeUri,
  formatSymbolUri,
} from '@lore/domain';
import { parseInput } from '../validation';

const NEIGHBOUR_LIMIT = 200;
const MAX_CANDIDATES = 20;

/** get_symbol: one symbol with its members, callees and callers. */
@Injectable()
export class SymbolService {
  constructor(private readonly graph: CodeGraphRepository) {}

  async getSymbol(input: GetSymbolInput, principal: Principal): Promise<GetSymbolResult> {
    const query = parseInput(GetSymbolInputSchema, input);
    const uid = query.uid ?? (await this.uidForName(principal, query.name!, query.repositoryId ?? null));
    const record = await this.graph.getSymbolDetail(principal, uid, NEIGHBOUR_LIMIT);
    if (!record) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: 'Find symbols with search_code.' });
    return toResult(record);
  }

  /**
   * Exact qualified-name matches win over bare-name matches, and code over test cases, so
   * "OrderService" names the class even when a describe block shares its title.
   */
  private async uidForName(principal: Principal, name: string, repositoryId: string | null): Promise<string> {
    const found = await this.graph.findSymbolsByName(principal, name, repositoryId, MAX_CANDIDATES + 1);
    const byQualifiedName = found.filter((symbol) => symbol.qualifiedName === name);
    const pool = byQualifiedName.length > 0 ? byQualifiedName : found;
    const code = pool.filter((symbol) => symbol.kind !== 'test');
    const candidates = code.length > 0 ? code : pool;
    if (candidates.length === 0) {
      throw new NotFoundError(`No symbol named ${name}.`, { hint: 'Check the spelling, or search with search_code.' });
    }
    if (candidates.length > 1) {
      const listed: SymbolRef[] = candidates.slice(0, MAX_CANDIDATES);
      throw new AmbiguousTargetError(
        `${candidates.length > MAX_CANDIDATES ? 'More than ' + MAX_CANDIDATES : candidates.length} symbols are named ${name}.`,
        {
          hint: 'Ask again with one of the candidate uids, or a qualified name.',
          details: { candidates: listed },
        },
      );
    }
    return candidates[0]!.uid;
  }
}

function toResult(record: SymbolDetailRecord): GetSymbolResult {
  const { symbol, commitSha } = record;
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
      commitSha,
      resourceUri: symbolCodeUri(symbol, commitSha),
      symbolUri: formatSymbolUri(symbol.repositoryId, commitSha, symbol.qualifiedName),
      parent: record.parent,
      members: record.members,
      calls: record.calls,
      calledBy: record.calledBy,
    },
    warnings,
    trustBoundary: TRUST_BOUNDARY,
  };
}
