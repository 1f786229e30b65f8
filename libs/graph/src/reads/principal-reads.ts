import { type Principal, repositoryUid, visibleRepositoryIds } from '@lore/domain';
import type { CypherQueries } from '../neo4j/cypher-queries';
import type { Neo4jService, Params } from '../neo4j/neo4j.service';
import type { RepositoryRecord, TenantView, TenantViews } from '../storage-slots/tenant-views.repository';

/** What a repository of readers needs to run its queries for a principal. */
export interface PrincipalReads {
  neo4j: Neo4jService;
  queries: CypherQueries;
  views: TenantViews;
}

/** Parameters of a reader query; the two that name repositories are asked for by the storage slot they are read from. */
export interface ReaderParams extends Params {
  /** A repository as readers know it; null for every repository the principal may read. */
  repositoryId?: string | null;
  /** Repository uids (`{tenant}:{repository}`) as readers know them, or element uids (the same in every slot). */
  uids?: readonly string[];
}

/**
 * A reader query, run for the principal: scoped to its tenant and to the repositories it may read
 * that are served (`$repoIds`), as stored. A repository whose snapshot is being written in several
 * transactions (a first index, or a re-index beside the served graph) has a storage slot with no
 * commit, left out; null stays null (every repository of the tenant) while no slot is hidden. A
 * repository a re-index moved to its second storage slot (storageSlots) is asked for by that slot,
 * and every value of the answer that is that slot's id or its Repository uid is named as readers
 * know it, whatever the column is called: by value, so that no column can carry a slot id out.
 */
export async function readAsPrincipal(
  { neo4j, queries, views }: PrincipalReads,
  principal: Principal,
  query: string,
  params: ReaderParams,
): Promise<Record<string, unknown>[]> {
  const view = await views.current(principal.tenantId);
  const visible = visibleRepositoryIds(principal);
  const repoIds =
    view.hidden.length === 0 && view.slots.size === 0
      ? visible
      : readableOf(view, principal).map((repository) => view.slotOf(repository.repositoryId));
  if (view.slots.size === 0) return neo4j.read(queries.get(query), { ...params, tenantId: principal.tenantId, repoIds });
  const { repositoryId, uids } = params;
  const rows = await neo4j.read(queries.get(query), {
    ...params,
    ...(typeof repositoryId === 'string' ? { repositoryId: view.slotOf(repositoryId) } : {}),
    ...(uids === undefined ? {} : { uids: uids.map((uid) => slotOfRepositoryUid(view, uid)) }),
    tenantId: principal.tenantId,
    repoIds,
  });
  const readersName = readersNames(view, principal.tenantId);
  return rows.map((row) => renamed(row, readersName) as Record<string, unknown>);
}

/** A repository's uid (`{tenant}:{repository}`) as stored, its served slot's; any other uid, or a string that is none, as it is. */
function slotOfRepositoryUid(view: TenantView, uid: string): string {
  const parts = uid.split(':');
  return parts.length === 2 ? repositoryUid(parts[0]!, view.slotOf(parts[1]!)) : uid;
}

/**
 * The name readers know for a stored value: each second slot the view serves (`shop~2`) and its
 * Repository uid (`acme:shop~2`) map to the repository's own; every other string is itself. Only
 * exact matches: element uids and paths are the same in every slot, and '~' is not allowed in a
 * repository id, so a slot id is never part of a name a reader chose.
 */
function readersNames(view: TenantView, tenantId: string): (stored: string) => string {
  const names = new Map<string, string>();
  for (const [repositoryId, slotId] of view.slots) {
    names.set(slotId, repositoryId);
    names.set(repositoryUid(tenantId, slotId), repositoryUid(tenantId, repositoryId));
  }
  return (stored) => names.get(stored) ?? stored;
}

/** A record with every string renamed, in nested lists and maps too. */
function renamed(value: unknown, rename: (stored: string) => string): unknown {
  if (typeof value === 'string') return rename(value);
  if (Array.isArray(value)) return value.map((item) => renamed(item, rename));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, renamed(item, rename)]));
  return value;
}

/** The served repositories of a view that the principal may read (one read of the view for both uses). */
export function readableOf(view: TenantView, principal: Principal): RepositoryRecord[] {
  const visible = visibleRepositoryIds(principal);
  return view.served.filter((repository) => visible === null || visible.includes(repository.repositoryId));
}
