import { Injectable } from '@nestjs/common';
import { type Principal, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

/** Code health in review: the digested baseline document per tenant and repository, and the stored runs' history (cypher/queries/analysis-review). */
@Injectable()
export class AnalysisReviewRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /** Stores a baseline document (canonical JSON) as the repository's, replacing the one before; false when the principal may not read the repository. */
  async putBaseline(principal: Principal, repositoryId: string, digest: string, document: string): Promise<boolean> {
    const rows = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('analysis-review/put-baseline'), {
        tenantId: principal.tenantId,
        repoIds: visibleRepositoryIds(principal),
        repositoryId,
        digest,
        document,
      }),
    );
    return rows.length > 0;
  }

  /** The stored baseline document (canonical JSON, unchecked) of a repository the principal may read, or null. */
  async getBaseline(principal: Principal, repositoryId: string): Promise<string | null> {
    const [row] = await this.neo4j.read(this.queries.get('analysis-review/get-baseline'), {
      tenantId: principal.tenantId,
      repoIds: visibleRepositoryIds(principal),
      repositoryId,
    });
    return (row?.document as string | undefined) ?? null;
  }

  /** The canonical reports (JSON) of the stored runs the principal may read, oldest first, of one repository when named. */
  async listRunReports(principal: Principal, repositoryId: string | null): Promise<string[]> {
    const rows = await this.neo4j.read(this.queries.get('analysis-review/list-runs'), {
      tenantId: principal.tenantId,
      repoIds: visibleRepositoryIds(principal),
      repositoryId,
    });
    return rows.map((row) => row.report as string);
  }
}
