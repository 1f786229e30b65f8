import type { CodeGraphRepository } from '@lore/graph';
import type { Principal, Warning } from '@lore/domain';

/**
 * Answers built on calls say so while a repository's calls are resolved by syntax only: between a
 * run's queryable snapshot and its exact one (or after a run killed between the two, until the next
 * run completes), callers and callees may be missing or matched by name.
 */
export async function callResolutionWarnings(
  graph: Pick<CodeGraphRepository, 'getRepository'>,
  principal: Principal,
  repositoryIds: Iterable<string>,
): Promise<Warning[]> {
  const ids = [...new Set(repositoryIds)].sort();
  const repositories = await Promise.all(ids.map((id) => graph.getRepository(principal, id)));
  const pending = repositories.filter((repository) => repository !== null && !repository.callsExact).map((r) => r!.repositoryId);
  if (pending.length === 0) return [];
  return [
    {
      code: 'calls_not_exact',
      message:
        `Calls in ${pending.join(', ')} are resolved from syntax only (by scope and unique names) until an index run resolves them ` +
        'with the compiler: some calls may be missing or weaker. Ask again when that run completes (lore index finishes it).',
    },
  ];
}
