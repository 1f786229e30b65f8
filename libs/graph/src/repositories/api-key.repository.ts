import { Injectable } from '@nestjs/common';
import { CoalescedReads } from '../neo4j/coalesced-reads';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

/** An API key as stored: the digest of its secret, never the secret. Times are ISO-8601 UTC strings. */
export interface StoredApiKey {
  id: string;
  tenantId: string;
  secretDigest: string;
  /** null: every repository of the tenant. */
  repositories: string[] | null;
  permissions: string[];
  toolProfile: string | null;
  label: string | null;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export type ListedApiKey = Omit<StoredApiKey, 'secretDigest'>;

/** The ApiKey nodes (cypher/queries/keys). */
@Injectable()
export class ApiKeyRepository {
  /** Every HTTP call with a key reads it: concurrent calls with one key share a read (never an older one). */
  private readonly reads = new CoalescedReads<StoredApiKey | null>();

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  async create(key: Omit<StoredApiKey, 'revokedAt'>): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('keys/create'), { key }));
  }

  get(id: string): Promise<StoredApiKey | null> {
    return this.reads.read(id, async () => {
      const [row] = await this.neo4j.read(this.queries.get('keys/get'), { id });
      return row ? (withNulls(row.key as Partial<StoredApiKey>) as StoredApiKey) : null;
    });
  }

  async list(tenantId: string | null): Promise<ListedApiKey[]> {
    const rows = await this.neo4j.read(this.queries.get('keys/list'), { tenantId });
    return rows.map((row) => withNulls(row.key as Partial<ListedApiKey>));
  }

  async revoke(id: string, revokedAt: string): Promise<ListedApiKey | null> {
    const [row] = await this.neo4j.write((tx) => runRows(tx, this.queries.get('keys/revoke'), { id, revokedAt }));
    return row ? withNulls(row.key as Partial<ListedApiKey>) : null;
  }

  /** Whether a key that is neither revoked nor expired exists. */
  async anyUsable(): Promise<boolean> {
    const [row] = await this.neo4j.read(this.queries.get('keys/any'), { now: new Date().toISOString() });
    return row?.exists === true;
  }
}

/** Neo4j stores no null property: an absent one reads back as undefined from a map projection. */
function withNulls<T extends Partial<ListedApiKey>>(key: T): T & ListedApiKey {
  return {
    ...key,
    repositories: key.repositories ?? null,
    toolProfile: key.toolProfile ?? null,
    label: key.label ?? null,
    expiresAt: key.expiresAt ?? null,
    revokedAt: key.revokedAt ?? null,
  } as T & ListedApiKey;
}
