import { Injectable } from '@nestjs/common';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

export interface EmbeddingProgressRecord {
  repoId: string;
  embeddedChunks: number;
  totalChunks: number;
}

export interface EmbeddingSearchStatus {
  inProgress: EmbeddingProgressRecord[];
  withoutVectors: { repoId: string; previousModels: string[] }[];
}

/**
 * The progress of background embeddings, kept in the graph rather than in memory: `lore up` embeds in
 * its own process while the server it started answers the searches.
 */
@Injectable()
export class EmbeddingProgressRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  async record(tenantId: string, repoId: string, modelId: string, embeddedChunks: number, totalChunks: number): Promise<void> {
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('embedding/record-progress'), { tenantId, repoId, modelId, embeddedChunks, totalChunks }),
    );
  }

  async clear(tenantId: string, repoId: string, modelId: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('embedding/clear-progress'), { tenantId, repoId, modelId }));
  }

  /** The repository's vectors are complete for the model at the commit. */
  async recordEmbedded(tenantId: string, repoId: string, modelId: string, commit: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('embedding/record-embedded'), { tenantId, repoId, modelId, commit }));
  }

  /** Served repositories (of `repoIds`, all when null) with no complete vectors for the model and no embedding under way. */
  async notEmbedded(
    tenantId: string,
    repoIds: readonly string[] | null,
    modelId: string,
    staleMs: number,
  ): Promise<{ repoId: string; rootPath: string | null }[]> {
    const rows = await this.neo4j.read(this.queries.get('embedding/not-embedded'), { tenantId, repoIds, modelId, staleMs });
    return rows.map((row) => ({ repoId: row.repoId as string, rootPath: (row.rootPath as string | null) ?? null }));
  }

  /**
   * The vectors of the served repositories (of `repoIds`, all when null) for the model, as a search
   * needs them: the embeddings under way (progress written within `staleMs`), and the repositories
   * without complete vectors for the model with the other models they have complete vectors for, newest first.
   */
  async searchStatus(
    tenantId: string,
    repoIds: readonly string[] | null,
    modelId: string,
    staleMs: number,
  ): Promise<EmbeddingSearchStatus> {
    const [row] = await this.neo4j.read(this.queries.get('embedding/search-status'), { tenantId, repoIds, modelId, staleMs });
    return {
      inProgress: (row?.inProgress ?? []) as EmbeddingProgressRecord[],
      withoutVectors: (row?.withoutVectors ?? []) as EmbeddingSearchStatus['withoutVectors'],
    };
  }
}
