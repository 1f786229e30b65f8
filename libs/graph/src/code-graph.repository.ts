import { Injectable } from '@nestjs/common';
import { type CallConfidence, type Principal, type SymbolKind, type SymbolRef, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from './cypher-queries';
import { Neo4jService } from './neo4j.service';

export interface SymbolDetailRecord {
  symbol: SymbolRef & {
    language: string;
    signature: string | null;
    doc: string | null;
    exported: boolean;
    complexity: number | null;
  };
  commitSha: string;
  parent: SymbolRef | null;
  members: SymbolRef[];
  calls: { symbol: SymbolRef; line: number; confidence: CallConfidence }[];
  calledBy: { symbol: SymbolRef; line: number; confidence: CallConfidence }[];
}

export interface FullTextHit {
  symbol: SymbolRef;
  score: number;
  commitSha: string;
}

export interface RepositoryRecord {
  repositoryId: string;
  name: string;
  commitSha: string;
  rootPath: string;
  gitPrefix: string | null;
  url: string | null;
  defaultBranch: string | null;
  indexedAt: string;
}

export interface FileRecord {
  file: { path: string; language: string; contentHash: string; lines: number; blocked: boolean };
  repository: { repositoryId: string; commitSha: string; rootPath: string; gitPrefix: string | null };
}

export type CallDirection = 'callers' | 'callees';

/** A call between a symbol of a walk's frontier (`via`) and its neighbour (`symbol`), with the call site line. */
export interface CallEdge {
  symbol: SymbolRef;
  via: string;
  line: number;
  confidence: CallConfidence;
}

/** Reads of the code graph. Every query is filtered by the principal's tenant and repositories. */
@Injectable()
export class CodeGraphRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  async findSymbolsByName(principal: Principal, name: string, repositoryId: string | null, limit: number): Promise<SymbolRef[]> {
    const rows = await this.neo4j.read(this.queries.get('symbols/find-by-name'), { ...access(principal), name, repositoryId, limit });
    return rows.map((row) => row.symbol as SymbolRef);
  }

  async getSymbolDetail(principal: Principal, uid: string, limit: number): Promise<SymbolDetailRecord | null> {
    const [row] = await this.neo4j.read(this.queries.get('symbols/get-detail'), { ...access(principal), uid, limit });
    return (row as unknown as SymbolDetailRecord | undefined) ?? null;
  }

  async searchSymbolsFullText(
    principal: Principal,
    params: {
      lucene: string;
      repositoryId: string | null;
      kinds: SymbolKind[] | null;
      pathPrefix: string | null;
      language: string | null;
      limit: number;
      candidates: number;
    },
  ): Promise<FullTextHit[]> {
    const rows = await this.neo4j.read(this.queries.get('search/fulltext-symbols'), { ...access(principal), ...params });
    return rows as unknown as FullTextHit[];
  }

  /** Symbols by uid, as far as the principal may see them (unknown and hidden uids are left out). */
  async getSymbolRefs(principal: Principal, uids: readonly string[]): Promise<{ symbol: SymbolRef; commitSha: string }[]> {
    if (uids.length === 0) return [];
    const rows = await this.neo4j.read(this.queries.get('symbols/get-refs'), { ...access(principal), uids });
    return rows as unknown as { symbol: SymbolRef; commitSha: string }[];
  }

  /** One hop of a walk of the call graph: who calls any of `uids` (callers), or whom they call (callees). */
  async findCallEdges(
    principal: Principal,
    uids: readonly string[],
    direction: CallDirection,
    confidences: readonly CallConfidence[],
    limit: number,
  ): Promise<CallEdge[]> {
    const query = direction === 'callers' ? 'callers/callers-of' : 'callees/callees-of';
    const rows = await this.neo4j.read(this.queries.get(query), { ...access(principal), uids, confidences, limit });
    return rows as unknown as CallEdge[];
  }

  async getRepository(principal: Principal, repositoryId: string): Promise<RepositoryRecord | null> {
    const [row] = await this.neo4j.read(this.queries.get('repositories/get'), { tenantId: principal.tenantId, repositoryId });
    return (row?.repository as RepositoryRecord | undefined) ?? null;
  }

  async getFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    const [row] = await this.neo4j.read(this.queries.get('files/get'), { tenantId: principal.tenantId, repositoryId, path });
    return (row as unknown as FileRecord | undefined) ?? null;
  }

  /** The file of the Markdown document at `path`; null when no document is indexed there. Scoped by tenant only, as getFile. */
  async getDocumentFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    const [row] = await this.neo4j.read(this.queries.get('files/get-document'), { tenantId: principal.tenantId, repositoryId, path });
    return (row as unknown as FileRecord | undefined) ?? null;
  }
}

function access(principal: Principal): { tenantId: string; repoIds: readonly string[] | null } {
  return { tenantId: principal.tenantId, repoIds: visibleRepositoryIds(principal) };
}
