import { Injectable } from '@nestjs/common';
import { type Principal, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

export type GeneratedArtifactKind = 'context_pack' | 'document_draft';

/** A context pack or a draft as stored: its JSON, the repository it is about, and when it expires (ISO-8601 UTC). */
export interface StoredArtifact {
  artifactId: string;
  kind: GeneratedArtifactKind;
  repositoryId: string;
  payload: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * The GeneratedArtifact nodes (cypher/queries/generated-artifacts): context packs and drafts of a
 * tenant, readable by any principal of it who may read their repository, until they expire.
 */
@Injectable()
export class GeneratedArtifactRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /** Stores (or renews) an artifact and purges expired ones of the tenant, in one transaction; false when the principal may not read its repository. */
  async save(principal: Principal, artifact: StoredArtifact, now: string): Promise<boolean> {
    const rows = await this.neo4j.write(async (tx) => {
      await runRows(tx, this.queries.get('generated-artifacts/purge-expired'), { tenantId: principal.tenantId, now });
      return runRows(tx, this.queries.get('generated-artifacts/save'), {
        tenantId: principal.tenantId,
        repoIds: visibleRepositoryIds(principal),
        artifact,
      });
    });
    return rows.length === 1;
  }

  /** The artifact's JSON, unless it expired before `now` or the principal may not read its repository. */
  async get(principal: Principal, kind: GeneratedArtifactKind, artifactId: string, now: string): Promise<string | null> {
    const [row] = await this.neo4j.read(this.queries.get('generated-artifacts/get'), {
      tenantId: principal.tenantId,
      repoIds: visibleRepositoryIds(principal),
      kind,
      artifactId,
      now,
    });
    return row ? (row.payload as string) : null;
  }
}
