import { Injectable } from '@nestjs/common';
import { type Principal, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

/** A documentation session as stored: its machines' persisted snapshots as JSON. Times are ISO-8601 UTC strings. */
export interface StoredDocumentationSession {
  sessionId: string;
  repositoryId: string;
  state: string;
  machine: string;
  toolMachine: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  version: number;
}

export type ListedDocumentationSession = Pick<
  StoredDocumentationSession,
  'sessionId' | 'repositoryId' | 'state' | 'createdAt' | 'updatedAt' | 'expiresAt'
>;

/** The DocumentationSession nodes (cypher/queries/documentation-sessions): each one principal's, in its tenant. */
@Injectable()
export class DocumentationSessionRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /** Stores a new session (version 1); false when the principal may not read its repository. */
  async create(principal: Principal, session: Omit<StoredDocumentationSession, 'version'>): Promise<boolean> {
    const rows = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('documentation-sessions/create'), {
        ...this.owner(principal),
        session: { ...session, tenantId: principal.tenantId, subject: principal.subject, version: 1 },
      }),
    );
    return rows.length === 1;
  }

  /** The principal's session, unless it expired before `now`. */
  async get(principal: Principal, sessionId: string, now: string): Promise<StoredDocumentationSession | null> {
    const [row] = await this.neo4j.read(this.queries.get('documentation-sessions/get'), { ...this.owner(principal), sessionId, now });
    if (!row) return null;
    const session = row.session as StoredDocumentationSession;
    return { ...session, version: Number(session.version) };
  }

  /** Saves a session read at `version`; false when another call saved it in between (nothing written). */
  async save(
    principal: Principal,
    sessionId: string,
    version: number,
    changes: Pick<StoredDocumentationSession, 'state' | 'machine' | 'toolMachine' | 'updatedAt' | 'expiresAt'>,
  ): Promise<boolean> {
    const rows = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('documentation-sessions/save'), { ...this.owner(principal), sessionId, version, changes }),
    );
    return rows.length === 1;
  }

  async list(principal: Principal, now: string): Promise<ListedDocumentationSession[]> {
    const rows = await this.neo4j.read(this.queries.get('documentation-sessions/list'), { ...this.owner(principal), now });
    return rows.map((row) => row.session as ListedDocumentationSession);
  }

  /** Forgets the principal's session; false when it has none of that id. */
  async delete(principal: Principal, sessionId: string): Promise<boolean> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('documentation-sessions/delete'), { ...this.owner(principal), sessionId }),
    );
    return Number(row?.deleted ?? 0) === 1;
  }

  private owner(principal: Principal) {
    return { tenantId: principal.tenantId, subject: principal.subject, repoIds: visibleRepositoryIds(principal) };
  }
}
