import type { CodeGraphRepository, RepositoryRecord } from '@lore/graph';
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

/** The repository a path, paths or a diff are in: the one named, or the only one the caller may read. */
export async function targetRepository(
  graph: CodeGraphRepository,
  principal: Principal,
  repositoryId: string | undefined,
): Promise<RepositoryRecord> {
  const repositories = await graph.listRepositories(principal);
  if (repositoryId !== undefined) {
    const named = repositories.find((repository) => repository.repositoryId === repositoryId);
    if (!named) throw new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first with lore index.' });
    return named;
  }
  if (repositories.length === 1) return repositories[0]!;
  if (repositories.length === 0) throw new NotFoundError('No repository is indexed.', { hint: 'Index one with lore index.' });
  throw new AmbiguousTargetError(`${repositories.length} repositories are indexed: say which one with repositoryId.`, {
    details: { candidates: repositories.map((repository) => repository.repositoryId) },
  });
}
