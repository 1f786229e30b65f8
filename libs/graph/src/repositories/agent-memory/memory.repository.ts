import { Injectable } from '@nestjs/common';
import { type Principal, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from '../../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../../neo4j/neo4j.service';

/** A Memory node as stored: `evidence` is JSON (each cited resource with what it was when the memory was written). */
export interface StoredMemory {
  memoryId: string;
  uri: string;
  repositoryId: string;
  status: 'candidate' | 'approved' | 'archived';
  kind: string;
  text: string;
  evidence: string;
  evidenceUids: string[];
  createdBy: string;
  createdAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
}

export interface MemoryFilter {
  memoryId?: string;
  repositoryId?: string;
  statuses: readonly StoredMemory['status'][];
  /** Only memories whose evidence names one of these uids. */
  aboutUids?: readonly string[];
}

/**
 * Agent memory in the graph (cypher/queries/agent-memory): Memory nodes of a tenant, each bound to a
 * repository by its id as readers know it (never a storage slot, so a re-index leaves it as it is).
 * Every read is scoped to the principal's tenant and to the repositories it may read.
 */
@Injectable()
export class MemoryRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /** Writes a candidate; null (nothing written) when its repository is not one the principal may read. */
  async create(
    principal: Principal,
    memory: Omit<StoredMemory, 'status' | 'reviewedBy' | 'reviewedAt' | 'reviewNote'>,
  ): Promise<StoredMemory | null> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('agent-memory/create-memory'), { ...this.scope(principal), memory }),
    );
    return row ? (row.memory as StoredMemory) : null;
  }

  async find(principal: Principal, filter: MemoryFilter): Promise<StoredMemory[]> {
    const rows = await this.neo4j.read(this.queries.get('agent-memory/memories'), {
      ...this.scope(principal),
      memoryId: filter.memoryId ?? null,
      repositoryId: filter.repositoryId ?? null,
      statuses: [...filter.statuses],
      aboutUids: filter.aboutUids === undefined ? null : [...filter.aboutUids],
    });
    return rows.map((row) => row.memory as StoredMemory);
  }

  /**
   * Moves a memory from one of `from` to `to`, in one write: null when the principal's tenant has no
   * such memory in a repository it may read; otherwise its status before and the memory as it is now (unchanged when `before` was
   * not one of `from`).
   */
  async review(
    principal: Principal,
    memoryId: string,
    change: {
      from: readonly StoredMemory['status'][];
      to: StoredMemory['status'];
      reviewedBy: string;
      reviewedAt: string;
      note: string | null;
    },
  ): Promise<{ before: StoredMemory['status']; memory: StoredMemory } | null> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('agent-memory/review-memory'), {
        ...this.scope(principal),
        memoryId,
        ...change,
        from: [...change.from],
      }),
    );
    if (!row) return null;
    return { before: row.before as StoredMemory['status'], memory: row.memory as StoredMemory };
  }

  /** The caller's tenant and the repositories it may read (null: all of the tenant's). */
  private scope(principal: Principal) {
    return { tenantId: principal.tenantId, repoIds: visibleRepositoryIds(principal) };
  }
}
