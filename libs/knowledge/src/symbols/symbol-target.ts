import type { CodeGraphRepository } from '@lore/graph';
import { AmbiguousTargetError, NotFoundError, type Principal, type SymbolRef, type SymbolTarget } from '@lore/domain';

const MAX_CANDIDATES = 20;

/**
 * The uid of the one symbol a capability's input names (by uid, or by name or qualified name).
 * Exact qualified-name matches win over bare-name matches, and code over test cases, so
 * "OrderService" names the class even when a describe block shares its title.
 */
export async function resolveSymbolUid(
  graph: CodeGraphRepository,
  principal: Principal,
  target: SymbolTarget & { path?: string },
): Promise<string> {
  if (target.uid !== undefined) return target.uid;
  const name = target.name!;
  const named = await graph.findSymbolsByName(principal, name, target.repositoryId ?? null, MAX_CANDIDATES + 1);
  const found = target.path === undefined ? named : named.filter((symbol) => symbol.path === target.path);
  const byQualifiedName = found.filter((symbol) => symbol.qualifiedName === name);
  const pool = byQualifiedName.length > 0 ? byQualifiedName : found;
  const code = pool.filter((symbol) => symbol.kind !== 'test');
  const candidates = code.length > 0 ? code : pool;
  if (candidates.length === 0) {
    const where = target.path === undefined ? '' : ` in ${target.path}`;
    throw new NotFoundError(`No symbol named ${name}${where}.`, { hint: 'Check the spelling, or search with search_code.' });
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
