import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { currentBookmarkScope, repositoryOfSlot, storageSlots } from '@lore/domain';
import { CoalescedReads } from '../neo4j/coalesced-reads';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

export interface RepositoryRecord {
  repositoryId: string;
  name: string;
  commitSha: string;
  rootPath: string;
  gitPrefix: string | null;
  url: string | null;
  defaultBranch: string | null;
  indexedAt: string;
  /** False from a run's queryable snapshot (calls by syntax) until that run, or a later one, resolves them exactly. */
  callsExact: boolean;
}

/**
 * A Repository node as repositories/view reads it: one per storage slot of a repository
 * (storageSlots; `repositoryId` is the slot's id). `commitSha` is null while its first snapshot is
 * written, and on a slot that does not serve (a re-index written beside the served one, or the slot
 * it replaced).
 */
interface ViewedRepository extends Omit<RepositoryRecord, 'commitSha' | 'callsExact'> {
  commitSha: string | null;
  snapshotVersion: unknown;
  exactCallsPending: unknown;
  generation: unknown;
}

/** What every read of a tenant's graph depends on, read at one moment. */
export class TenantView {
  /** Repositories with a served commit, in repository id order. */
  readonly served: readonly RepositoryRecord[];
  /** Storage slots that serve nothing (a first snapshot being written, a re-index beside the served slot, a retired slot): readers leave them out. */
  readonly hidden: readonly string[];
  /** The storage slot each served repository is read from, where it is not the repository's own id (its first slot). */
  readonly slots: ReadonlyMap<string, string>;

  constructor(
    /** Differs whenever any repository of the tenant has changed for readers, whichever process wrote it. */
    readonly token: string,
    repositories: readonly ViewedRepository[],
  ) {
    const served = repositories.filter((repository) => repository.commitSha !== null);
    this.served = served.map(servedRecord).sort((a, b) => (a.repositoryId < b.repositoryId ? -1 : a.repositoryId > b.repositoryId ? 1 : 0));
    this.hidden = repositories.filter((repository) => repository.commitSha === null).map((repository) => repository.repositoryId);
    this.slots = new Map(
      served
        .filter((repository) => repositoryOfSlot(repository.repositoryId) !== repository.repositoryId)
        .map((repository) => [repositoryOfSlot(repository.repositoryId), repository.repositoryId]),
    );
  }

  /** The storage slot readers query for a repository (its own id unless a re-index moved it to the second slot). */
  slotOf(repositoryId: string): string {
    return this.slots.get(repositoryId) ?? repositoryId;
  }
}

function servedRecord(repository: ViewedRepository): RepositoryRecord {
  const { repositoryId, name, commitSha, rootPath, gitPrefix, url, defaultBranch, indexedAt } = repository;
  return {
    repositoryId: repositoryOfSlot(repositoryId),
    name,
    commitSha: commitSha!,
    rootPath,
    gitPrefix,
    url,
    defaultBranch,
    indexedAt,
    callsExact: repository.exactCallsPending === null,
  };
}

/** The views read during one operation, by tenant: its authorization, its cache key and its reads see one state, read once. */
const operationViews = new AsyncLocalStorage<Map<string, Promise<TenantView>>>();

/**
 * Runs `work` with one view per tenant for all of it (an operation: its stages and the service's
 * reads), instead of one read of repositories/view before each query. Nested calls share the outer
 * scope. Only short units of work may run inside: a view is never read again within one.
 */
export function withOneTenantView<T>(work: () => Promise<T>): Promise<T> {
  return operationViews.getStore() === undefined ? operationViews.run(new Map(), work) : work();
}

/**
 * The state of a tenant's graph that readers see (repositories/view): which repositories are served,
 * which are still hidden, and one opaque token that changes with every write a read could observe.
 */
@Injectable()
export class TenantViews {
  /** Every read operation of a tenant asks for its view: concurrent ones share a read (never an older one). */
  private readonly reads = new CoalescedReads<TenantView>();

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  current(tenantId: string): Promise<TenantView> {
    const scope = operationViews.getStore();
    if (scope === undefined) return this.sharedRead(tenantId);
    let view = scope.get(tenantId);
    if (view === undefined) {
      view = this.sharedRead(tenantId);
      // A failed read is not kept: the next query of the operation asks again, and says why.
      view.catch(() => scope.delete(tenantId));
      scope.set(tenantId, view);
    }
    return view;
  }

  /** A call that sent a bookmark reads after its writes on its own: a shared read may have been asked without it. */
  private sharedRead(tenantId: string): Promise<TenantView> {
    return currentBookmarkScope()?.given ? this.read(tenantId) : this.reads.read(tenantId, () => this.read(tenantId));
  }

  /** An index run of the repository has written everything it writes (or stopped): readers' tokens change. */
  async bump(tenantId: string, repoId: string): Promise<void> {
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('repositories/bump-generation'), { tenantId, slotIds: storageSlots(repoId) }),
    );
  }

  private async read(tenantId: string): Promise<TenantView> {
    const [row] = await this.neo4j.read(this.queries.get('repositories/view'), { tenantId });
    const records = (row?.repositories ?? []) as ViewedRepository[];
    const token = createHash('sha256')
      .update(
        JSON.stringify([
          records.map((r) => [r.repositoryId, r.commitSha, r.indexedAt, r.snapshotVersion, r.exactCallsPending, r.generation]),
          row?.embedding,
        ]),
      )
      .digest('base64url');
    return new TenantView(token, records);
  }
}
