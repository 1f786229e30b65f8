import { type Principal, visibleRepositoryIds } from '@lore/domain';

/** Whether the principal may read the repository. A repository it may not read is answered as not found. */
export function canReadRepository(principal: Principal, repositoryId: string): boolean {
  const visible = visibleRepositoryIds(principal);
  return visible === null || visible.includes(repositoryId);
}
