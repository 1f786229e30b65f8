import { type Principal, repositoryOfSlot, repositoryUid, visibleRepositoryIds } from '@lore/domain';
import type { CypherQueries } from './cypher-queries';
import type { Neo4jService, Params } from './neo4j.service';
import type { RepositoryRecord, TenantView, TenantViews } from './tenant-views.repository';

/** What a repository of readers needs to run its queries for a principal. */
export interface PrincipalReads {
  neo4j: Neo4jService;
  queries: CypherQueries;
  views: TenantViews;
}

/**
 * A reader query, run for the principal: scoped to its tenant and to the repositories it may read
 * that are served (`$repoIds`), as stored. A repository whose snapshot is being written in several
 * transactions (a first index, or a re-index beside the served graph) has a storage slot with no
 * commit, left out; null stays null (every repository of the tenant) while no slot is hidden. A
 * repository a re-index moved to its second storage slot (storageSlots) is asked for by that slot
 * (`$repositoryId`, a repository's uid in `$uids`), and answers name it as readers know it.
 */
export async function readAsPrincipal(
  { neo4j, queries, views }: PrincipalReads,
  principal: Principal,
  query: string,
  params: Params,
): Promise<Record<string, unknown>[]> {
  const view = await views.current(principal.tenantId);
  const visible = visibleRepositoryIds(principal);
  const repoIds =
    view.hidden.length === 0 && view.slots.size === 0
      ? visible
      : readableOf(view, principal).map((repository) => view.slotOf(repository.repositoryId));
  if (view.slots.size === 0) return neo4j.read(queries.get(query), { ...params, tenantId: principal.tenantId, repoIds });
  const rows = await neo4j.read(queries.get(query), {
    ...params,
    ...(typeof params.repositoryId === 'string' ? { repositoryId: view.slotOf(params.repositoryId) } : {}),
    ...(Array.isArray(params.uids) ? { uids: params.uids.map((uid: string) => slotOfRepositoryUid(view, uid)) } : {}),
    tenantId: principal.tenantId,
    repoIds,
  });
  return rows.map((row) => asReadersKnowIt(row) as Record<string, unknown>);
}

/** A repository's uid (`{tenant}:{repository}`) as stored, its served slot's; any other uid, or a string that is none, as it is. */
function slotOfRepositoryUid(view: TenantView, uid: string): string {
  const parts = uid.split(':');
  return parts.length === 2 ? repositoryUid(parts[0]!, view.slotOf(parts[1]!)) : uid;
}

/** A record with every repository id (`repositoryId`, `repoId`) and Repository uid named as readers know them, not by storage slot. */
function asReadersKnowIt(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    if (key === 'repositoryId' || key === 'repoId') return repositoryOfSlot(value);
    if (key === 'uid') {
      const parts = value.split(':');
      if (parts.length === 2) return repositoryUid(parts[0]!, repositoryOfSlot(parts[1]!));
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => asReadersKnowIt(item));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, asReadersKnowIt(item, name)]));
  return value;
}

/** The served repositories of a view that the principal may read (one read of the view for both uses). */
export function readableOf(view: TenantView, principal: Principal): RepositoryRecord[] {
  const visible = visibleRepositoryIds(principal);
  return view.served.filter((repository) => visible === null || visible.includes(repository.repositoryId));
}
