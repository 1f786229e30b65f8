import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CypherQueries } from './cypher-queries';
import { Neo4jService, runRows } from './neo4j.service';

/**
 * The state of a tenant's graph that readers see, as one opaque token: it changes with every write a
 * read could observe, whichever process wrote it (the server, or a `lore index` beside it).
 */
@Injectable()
export class ReadGenerations {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /** A token that differs whenever any repository of the tenant has changed for readers. */
  async current(tenantId: string): Promise<string> {
    const [row] = await this.neo4j.read(this.queries.get('generations/read'), { tenantId });
    return createHash('sha256')
      .update(JSON.stringify([row?.repositories, row?.embedding]))
      .digest('base64url');
  }

  /** An index run of the repository has written everything it writes (or stopped): readers' tokens change. */
  async bump(tenantId: string, repoId: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('generations/bump'), { tenantId, repoId }));
  }
}
