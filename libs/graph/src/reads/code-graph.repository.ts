import { Injectable } from '@nestjs/common';
import { type CallConfidence, type DocumentRow, type Principal, type SymbolKind, type SymbolRef } from '@lore/domain';
import type { DocumentReference } from '@lore/domain/schemas/documents';
import { CypherQueries } from '../neo4j/cypher-queries';
import type { ExplorerList, ExplorerListItems, ExplorerNodeRecords, ExplorerPageRecord, ExplorerWindow } from './explorer-records';
import { Neo4jService } from '../neo4j/neo4j.service';
import { type ReaderParams, readAsPrincipal, readableOf } from './principal-reads';
import { type RepositoryRecord, TenantViews } from '../storage-slots/tenant-views.repository';

export interface SymbolDetailRecord {
  symbol: SymbolRef & {
    language: string;
    signature: string | null;
    doc: string | null;
    exported: boolean;
    complexity: number | null;
    declaredAt: string | null;
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

/** A Markdown section as search_code's `documents` names it (search/fulltext-sections, search/section-refs). */
export interface SectionRefRecord {
  section: { uid: string; title: string; documentPath: string; repositoryId: string; startLine: number; endLine: number };
  commitSha: string;
}

/** A section the full-text index over section titles found, with its Lucene score. */
export type SectionFullTextHit = SectionRefRecord & { score: number };

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

/** A Markdown section that refers to a file or one of its symbols (documents/sections-mentioning). */
export interface DocumentSectionRecord {
  section: { uid: string; title: string; level: number; startLine: number; endLine: number };
  document: { path: string; title: string; kind: DocumentRow['kind'] };
  repositoryId: string;
  commitSha: string;
  refersBy: DocumentReference[];
  symbols: SymbolRef[];
}

/** Something that depends on a symbol of an impact walk's frontier (`via`); `reversed`: the edge runs from `via` to it. */
export interface DependentEdge {
  symbol: SymbolRef;
  via: string;
  type: 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'OVERRIDES' | 'ENCLOSES';
  confidence: CallConfidence;
  reversed: boolean;
}

/** A file whose module-level code calls a symbol (callers/files-calling). */
export interface FileCallEdge {
  uid: string;
  repositoryId: string;
  path: string;
  /** The symbol it calls. */
  via: string;
  line: number;
  confidence: CallConfidence;
}

export interface ImporterEdge {
  uid: string;
  repositoryId: string;
  path: string;
  via: string;
  /** `exact` inside a repository; a link into another repository says how it was followed. */
  confidence: CallConfidence;
}

export interface FileSymbols {
  fileUid: string;
  path: string;
  symbols: SymbolRef[];
}

export interface TestEdge {
  test: SymbolRef;
  exercises: string;
  via: 'direct' | 'helper';
}

export interface MentioningSection {
  repositoryId: string;
  documentPath: string;
  title: string;
  startLine: number;
  endLine: number;
  mentions: string;
}

/** A file as get_project_structure lists it (structure/files-under). */
export interface ProjectFileRecord {
  path: string;
  language: string;
  bytes: number;
  lines: number;
  blocked: boolean;
  symbols: number;
}

/** A node of a neighborhood: a symbol, file, document or section (fields a label lacks are null). */
export interface NeighborNode {
  uid: string;
  label: 'Symbol' | 'File' | 'Document' | 'Section';
  name: string;
  kind: string | null;
  qualifiedName: string | null;
  repositoryId: string;
  path: string;
  startLine: number | null;
  endLine: number | null;
}

/** An edge around a node of a neighborhood's frontier (`via`), with the node at its other end. */
export interface NeighborEdge {
  via: string;
  node: NeighborNode;
  edge: { from: string; to: string; type: string; confidence: CallConfidence | null; line: number | null };
}

/** A file of a repository with what reading it at the indexed commit needs (documentation-trust/repository-files). */
export interface RepositoryFileRecord {
  path: string;
  language: string;
  contentHash: string;
  blocked: boolean;
}

/** How much a full-text window too full of other repositories' matches is widened, and up to what (see searchSymbolsFullText). */
const FULLTEXT_WINDOW_GROWTH = 8;
const MAX_FULLTEXT_WINDOW = 32_000;

/** Reads of the code graph. Every query is filtered by the principal's tenant and repositories. */
@Injectable()
export class CodeGraphRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    private readonly views: TenantViews,
  ) {}

  async findSymbolsByName(principal: Principal, name: string, repositoryId: string | null, limit: number): Promise<SymbolRef[]> {
    const rows = await this.read(principal, 'symbols/find-by-name', { name, repositoryId, limit });
    return rows.map((row) => row.symbol as SymbolRef);
  }

  async getSymbolDetail(principal: Principal, uid: string, limit: number): Promise<SymbolDetailRecord | null> {
    const [row] = await this.read(principal, 'symbols/get-detail', { uid, limit });
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
    return this.fullTextInScope<FullTextHit>(principal, 'search/fulltext-symbols', params);
  }

  /** Markdown sections whose headings match `lucene`, best first (search_code's `documents`). */
  async searchSectionsFullText(
    principal: Principal,
    params: { lucene: string; repositoryId: string | null; pathPrefix: string | null; limit: number; candidates: number },
  ): Promise<SectionFullTextHit[]> {
    return this.fullTextInScope<SectionFullTextHit>(principal, 'search/fulltext-sections', params);
  }

  /** Markdown sections by uid, as far as the principal may see them (unknown and hidden uids are left out). */
  async getSectionRefs(principal: Principal, uids: readonly string[]): Promise<SectionRefRecord[]> {
    if (uids.length === 0) return [];
    const rows = await this.read(principal, 'search/section-refs', { uids });
    return rows as unknown as SectionRefRecord[];
  }

  /** The `hits` of a full-text query over a window of the index's best `candidates`, widened until the principal's scope has its own best `limit`. */
  private async fullTextInScope<Hit>(
    principal: Principal,
    query: string,
    params: ReaderParams & { limit: number; candidates: number },
  ): Promise<Hit[]> {
    // The scope's rows from a window that was not full, or as many as asked, are its best: return them.
    // Fewer from a full window may be a scope crowded out by other repositories' better matches: widen it.
    for (let candidates = params.candidates; ; candidates *= FULLTEXT_WINDOW_GROWTH) {
      const [row] = await this.read(principal, query, { ...params, candidates });
      const hits = row!.hits as Hit[];
      if (hits.length >= params.limit || row!.windowFull !== true || candidates >= MAX_FULLTEXT_WINDOW) return hits;
    }
  }

  /** Symbols by uid, as far as the principal may see them (unknown and hidden uids are left out). */
  async getSymbolRefs(principal: Principal, uids: readonly string[]): Promise<{ symbol: SymbolRef; commitSha: string }[]> {
    if (uids.length === 0) return [];
    const rows = await this.read(principal, 'symbols/get-refs', { uids });
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
    const rows = await this.read(principal, query, { uids, confidences, limit });
    return rows as unknown as CallEdge[];
  }

  /** The files whose module-level code (run when the file loads) calls any of `uids`. */
  async findFilesCalling(
    principal: Principal,
    uids: readonly string[],
    confidences: readonly CallConfidence[],
    limit: number,
  ): Promise<FileCallEdge[]> {
    if (uids.length === 0) return [];
    const rows = await this.read(principal, 'callers/files-calling', { uids, confidences, limit });
    return rows as unknown as FileCallEdge[];
  }

  /** One step of analyze_impact: what depends on any of `uids` (callers, subclasses, overriders, overridden members). */
  async findDependents(
    principal: Principal,
    uids: readonly string[],
    confidences: readonly CallConfidence[],
    limit: number,
  ): Promise<DependentEdge[]> {
    const rows = await this.read(principal, 'impact/dependents-of', { uids, confidences, limit });
    return rows as unknown as DependentEdge[];
  }

  /** One step of analyze_impact over files: the files importing any of `fileUids`. */
  async findImporters(principal: Principal, fileUids: readonly string[], limit: number): Promise<ImporterEdge[]> {
    const rows = await this.read(principal, 'impact/importers-of', { uids: fileUids, limit });
    return rows as unknown as ImporterEdge[];
  }

  /** The innermost symbols of one repository whose lines overlap the ranges. */
  async findSymbolsInLines(
    principal: Principal,
    repositoryId: string,
    ranges: readonly { path: string; startLine: number; endLine: number }[],
  ): Promise<SymbolRef[]> {
    const rows = await this.read(principal, 'impact/symbols-in-lines', { repositoryId, ranges });
    return rows.map((row) => row.symbol as SymbolRef);
  }

  /** The files of one repository at these paths (those indexed), each with the symbols it declares. */
  async findSymbolsInFiles(principal: Principal, repositoryId: string, paths: readonly string[]): Promise<FileSymbols[]> {
    const rows = await this.read(principal, 'impact/symbols-in-files', { repositoryId, paths });
    return rows as unknown as FileSymbols[];
  }

  /** The tests with a TESTS edge to any of `uids`. */
  async findTestsFor(principal: Principal, uids: readonly string[]): Promise<TestEdge[]> {
    const rows = await this.read(principal, 'related-tests/tests-for', { uids });
    return rows as unknown as TestEdge[];
  }

  /** The document sections that name any of `uids` (symbols or files). */
  async findSectionsMentioning(principal: Principal, uids: readonly string[]): Promise<MentioningSection[]> {
    const rows = await this.read(principal, 'impact/documents-for', { uids });
    return rows as unknown as MentioningSection[];
  }

  /** The indexed repositories the principal may read. */
  /** The served repositories of the principal's tenant that it may read, in repository id order. */
  async listRepositories(principal: Principal): Promise<RepositoryRecord[]> {
    return readableOf(await this.views.current(principal.tenantId), principal);
  }

  /** A symbol, file, document or section by uid, as the principal may see it. */
  async getGraphNode(principal: Principal, uid: string): Promise<NeighborNode | null> {
    const [row] = await this.read(principal, 'neighborhood/node', { uid });
    return (row?.node as NeighborNode | undefined) ?? null;
  }

  /** One hop of get_graph_neighborhood: the edges of `types` around `uids`, and the nodes at their other ends. */
  async findNeighbors(
    principal: Principal,
    uids: readonly string[],
    options: { types: readonly string[]; outgoing: boolean; incoming: boolean; limit: number },
  ): Promise<NeighborEdge[]> {
    const rows = await this.read(principal, 'neighborhood/edges-of', { uids, ...options });
    return rows as unknown as NeighborEdge[];
  }

  async getRepository(principal: Principal, repositoryId: string): Promise<RepositoryRecord | null> {
    return (await this.listRepositories(principal)).find((repository) => repository.repositoryId === repositoryId) ?? null;
  }

  async getFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    const [row] = await this.read(principal, 'files/get', { repositoryId, path });
    return (row as unknown as FileRecord | undefined) ?? null;
  }

  /** The file of the Markdown document at `path`; null when no document is indexed there or the principal may not read its repository. */
  async getDocumentFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    const [row] = await this.read(principal, 'files/get-document', { repositoryId, path });
    return (row as unknown as FileRecord | undefined) ?? null;
  }

  /** The sections that refer to the file at `path`, or (with `symbolUid`) to that symbol of it. */
  async findDocumentSections(
    principal: Principal,
    target: { repositoryId: string; path: string; symbolUid: string | null },
    limit: number,
  ): Promise<DocumentSectionRecord[]> {
    const rows = await this.read(principal, 'documents/sections-mentioning', { ...target, limit });
    return rows as unknown as DocumentSectionRecord[];
  }

  /** The files of a repository whose path starts with `prefix` ('' or a directory and '/'), in path order. */
  async listProjectFiles(principal: Principal, repositoryId: string, prefix: string): Promise<ProjectFileRecord[]> {
    const rows = await this.read(principal, 'structure/files-under', { repositoryId, prefix });
    return rows as unknown as ProjectFileRecord[];
  }

  /** Every file of a repository, in path order, with its content hash (documentation-trust/repository-files). */
  async listRepositoryFiles(principal: Principal, repositoryId: string): Promise<RepositoryFileRecord[]> {
    const rows = await this.read(principal, 'documentation-trust/repository-files', { repositoryId });
    return rows as unknown as RepositoryFileRecord[];
  }

  /** The distinct names and qualified names of a repository's symbols (documentation-trust/symbol-names). */
  async listSymbolNames(principal: Principal, repositoryId: string): Promise<{ names: string[]; qualifiedNames: string[] }> {
    const [row] = await this.read(principal, 'documentation-trust/symbol-names', { repositoryId });
    return { names: (row?.names as string[] | undefined) ?? [], qualifiedNames: (row?.qualifiedNames as string[] | undefined) ?? [] };
  }

  /** The exported top-level symbols of the files `paths` names (a file, or a directory and '/') (documentation-trust/public-symbols). */
  async findPublicSymbols(principal: Principal, repositoryId: string, paths: readonly string[]): Promise<SymbolRef[]> {
    const rows = await this.read(principal, 'documentation-trust/public-symbols', { repositoryId, paths });
    return rows.map((row) => row.symbol as SymbolRef);
  }

  /** The explorer's nodes by uid (cypher/queries/explorer/<kind>.cypher), in one query; hidden and unknown uids are left out. */
  async getExplorerNodes<Kind extends keyof ExplorerNodeRecords>(
    principal: Principal,
    kind: Kind,
    uids: readonly string[],
  ): Promise<ExplorerNodeRecords[Kind][]> {
    if (uids.length === 0) return [];
    const rows = await this.read(principal, `explorer/${kind}`, { uids });
    return rows.map((row) => row.node as ExplorerNodeRecords[Kind]);
  }

  /** A page of the explorer's `list` (cypher/queries/explorer/<list>.cypher) for every parent of `uids`, in one query. */
  async findExplorerPages<List extends ExplorerList>(
    principal: Principal,
    list: List,
    uids: readonly string[],
    window: ExplorerWindow,
  ): Promise<ExplorerPageRecord<ExplorerListItems[List]>[]> {
    if (uids.length === 0) return [];
    const rows = await this.read(principal, `explorer/${list}`, {
      uids,
      skip: window.skip,
      limit: window.limit,
      prefix: window.prefix ?? '',
    });
    return rows as unknown as ExplorerPageRecord<ExplorerListItems[List]>[];
  }

  /** A reader query, run for the principal as `readAsPrincipal` says. */
  private read(principal: Principal, query: string, params: ReaderParams): Promise<Record<string, unknown>[]> {
    return readAsPrincipal({ neo4j: this.neo4j, queries: this.queries, views: this.views }, principal, query, params);
  }
}
