// In-memory stand-ins for the repositories and ports that knowledge's services are given, so the
// services' own rules are unit-tested without Neo4j, an embedder, a vector store, disk or git. Each
// fake answers as its real counterpart does for the calls the services make: scoped by tenant and
// by the principal's repositories where the real one is, unscoped where the real one is.
import { type Redactor, canAccessRepository } from '@lore/access';
import { loadConfig } from '@lore/config';
import { type CallConfidence, type Principal, type SymbolRef, localPrincipal, visibleRepositoryIds } from '@lore/domain';
import { type Embedder, LazyEmbedder } from '@lore/embeddings';
import type {
  CallDirection,
  CallEdge,
  FileCallEdge,
  CodeGraphRepository,
  DocumentSectionRecord,
  EmbeddingProgressRecord,
  EmbeddingSearchStatus,
  EmbeddingProgressRepository,
  FileRecord,
  FullTextHit,
  ProjectFileRecord,
  RepositoryRecord,
  SymbolDetailRecord,
} from '@lore/graph';
import { type IndexedSource, type SourceRepository, contentHash, redactSecrets } from '@lore/indexer';
import type { VectorFilter, VectorHit, VectorIndex, VectorModel, VectorQuery } from '@lore/vectors';
import { SemanticIndex } from '../src/search/semantic-index';

export const TENANT = 'acme';

export function principal(repositories: Principal['repositories'] = '*'): Principal {
  return { ...localPrincipal(TENANT, 'unit-test'), repositories };
}

/** A symbol ten lines long, named by the last part of its qualified name; its uid is made as the indexer makes it. */
export function symbolRef(
  repositoryId: string,
  path: string,
  qualifiedName: string,
  kind: SymbolRef['kind'],
  startLine: number,
): SymbolRef {
  const name = qualifiedName.split(/\.| > /).pop()!;
  return {
    uid: `${TENANT}:${repositoryId}:${path}#${qualifiedName}`,
    kind,
    name,
    qualifiedName,
    repositoryId,
    path,
    startLine,
    endLine: startLine + 9,
  };
}

type FullTextParams = Parameters<CodeGraphRepository['searchSymbolsFullText']>[1];
type CodeGraphReads = Pick<
  CodeGraphRepository,
  | 'findSymbolsByName'
  | 'getSymbolDetail'
  | 'searchSymbolsFullText'
  | 'getSymbolRefs'
  | 'getRepository'
  | 'listRepositories'
  | 'getFile'
  | 'findCallEdges'
  | 'findFilesCalling'
  | 'getDocumentFile'
  | 'findDocumentSections'
  | 'listProjectFiles'
>;

/** The code graph of one tenant. Full-text search answers the ranking a test sets, scoped as Neo4j's would be. */
export class FakeCodeGraph implements CodeGraphReads {
  private readonly repositories = new Map<string, RepositoryRecord>();
  private readonly symbols: SymbolRef[] = [];
  private readonly files: FileRecord[] = [];
  /** Sizes of those files in bytes, by repository and path (0 when not given). */
  private readonly fileBytes = new Map<string, number>();
  /** Markdown documents, by repository and path (their files are added with addFile). */
  private readonly documentPaths = new Set<string>();
  /** Sections of those documents, and what each names: symbols by uid, files (of its repository) by path. */
  private readonly sections: (Omit<DocumentSectionRecord, 'commitSha' | 'refersBy' | 'symbols'> & {
    symbolUids: string[];
    filePaths: string[];
  })[] = [];
  private readonly calls: { from: SymbolRef; to: string; line: number; confidence: CallConfidence }[] = [];
  /** Calls made by a file's module-level code. */
  private readonly fileCalls: { repositoryId: string; path: string; to: string; line: number; confidence: CallConfidence }[] = [];
  /** How many hops findCallEdges was asked for. */
  callEdgeQueries = 0;
  /** What the full-text index ranks first for any query: uid and Lucene score. */
  fullTextRanking: [uid: string, score: number][] = [];
  readonly fullTextSearches: FullTextParams[] = [];

  addRepository(
    repositoryId: string,
    commitSha: string,
    source: { rootPath?: string; gitPrefix?: string | null; callsExact?: boolean } = {},
  ): void {
    this.repositories.set(repositoryId, {
      repositoryId,
      name: repositoryId,
      commitSha,
      rootPath: source.rootPath ?? `/srv/${repositoryId}`,
      gitPrefix: source.gitPrefix ?? '',
      url: null,
      defaultBranch: 'main',
      indexedAt: '2025-01-01T00:00:00.000Z',
      callsExact: source.callsExact ?? true,
    });
  }

  addSymbol(symbol: SymbolRef): SymbolRef {
    this.symbols.push(symbol);
    return symbol;
  }

  addCall(from: SymbolRef, to: SymbolRef, line: number, confidence: CallConfidence = 'exact'): void {
    this.calls.push({ from, to: to.uid, line, confidence });
  }

  /** A call from the module-level code of `path` (it runs when the file loads). */
  addFileCall(repositoryId: string, path: string, to: SymbolRef, line: number, confidence: CallConfidence = 'exact'): void {
    this.fileCalls.push({ repositoryId, path, to: to.uid, line, confidence });
  }

  addFile(repositoryId: string, file: FileRecord['file'], bytes = 0): void {
    const { commitSha, rootPath, gitPrefix } = this.repository(repositoryId);
    this.files.push({ file, repository: { repositoryId, commitSha, rootPath, gitPrefix } });
    this.fileBytes.set(`${repositoryId}:${file.path}`, bytes);
  }

  async findSymbolsByName(principal: Principal, name: string, repositoryId: string | null, limit: number): Promise<SymbolRef[]> {
    return this.visibleSymbols(principal)
      .filter((symbol) => symbol.name === name || symbol.qualifiedName === name)
      .filter((symbol) => repositoryId === null || symbol.repositoryId === repositoryId)
      .sort(
        (a, b) =>
          a.repositoryId.localeCompare(b.repositoryId) ||
          a.path.localeCompare(b.path) ||
          a.startLine - b.startLine ||
          a.uid.localeCompare(b.uid),
      )
      .slice(0, limit);
  }

  async getSymbolDetail(principal: Principal, uid: string): Promise<SymbolDetailRecord | null> {
    const symbol = this.visibleSymbols(principal).find((candidate) => candidate.uid === uid);
    if (!symbol) return null;
    return {
      symbol: { ...symbol, language: 'typescript', signature: null, doc: null, exported: true, complexity: null, declaredAt: null },
      commitSha: this.repository(symbol.repositoryId).commitSha,
      parent: null,
      members: [],
      calls: [],
      calledBy: [],
    };
  }

  async searchSymbolsFullText(principal: Principal, params: FullTextParams): Promise<FullTextHit[]> {
    this.fullTextSearches.push(params);
    const refs = new Map(
      (
        await this.getSymbolRefs(
          principal,
          this.fullTextRanking.map(([uid]) => uid),
        )
      ).map((ref) => [ref.symbol.uid, ref]),
    );
    return this.fullTextRanking
      .filter(([uid]) => refs.has(uid) && (params.repositoryId === null || refs.get(uid)!.symbol.repositoryId === params.repositoryId))
      .slice(0, params.limit)
      .map(([uid, score]) => ({ ...refs.get(uid)!, score }));
  }

  async getSymbolRefs(principal: Principal, uids: readonly string[]): Promise<{ symbol: SymbolRef; commitSha: string }[]> {
    return this.visibleSymbols(principal)
      .filter((symbol) => uids.includes(symbol.uid))
      .map((symbol) => ({ symbol, commitSha: this.repository(symbol.repositoryId).commitSha }));
  }

  /** The repositories the principal may read, as the tenant's view lists them. */
  async listRepositories(principal: Principal): Promise<RepositoryRecord[]> {
    if (principal.tenantId !== TENANT) return [];
    return [...this.repositories.values()].filter((repository) => canAccessRepository(principal, repository.repositoryId));
  }

  /** Like the Cypher query, scoped by tenant only: the services check the principal's repositories. */
  async getRepository(principal: Principal, repositoryId: string): Promise<RepositoryRecord | null> {
    return principal.tenantId === TENANT ? (this.repositories.get(repositoryId) ?? null) : null;
  }

  /** Like the Cypher query, scoped by tenant only: the services check the principal's repositories. */
  async getFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    if (principal.tenantId !== TENANT) return null;
    return this.files.find((record) => record.repository.repositoryId === repositoryId && record.file.path === path) ?? null;
  }

  addDocument(repositoryId: string, path: string): void {
    this.documentPaths.add(`${repositoryId}:${path}`);
  }

  /** Like the Cypher query, scoped by tenant only: a file the graph holds a document of. */
  async getDocumentFile(principal: Principal, repositoryId: string, path: string): Promise<FileRecord | null> {
    return this.documentPaths.has(`${repositoryId}:${path}`) ? this.getFile(principal, repositoryId, path) : null;
  }

  /** A section of a document (the document is added too), with the symbols its inline code names and the files it links to. */
  addSection(
    repositoryId: string,
    document: DocumentSectionRecord['document'],
    section: Omit<DocumentSectionRecord['section'], 'uid'>,
    names: { symbols?: SymbolRef[]; files?: string[] } = {},
  ): void {
    this.addDocument(repositoryId, document.path);
    this.sections.push({
      repositoryId,
      document,
      section: { uid: `${TENANT}:${repositoryId}:${document.path}#L${section.startLine}`, ...section },
      symbolUids: (names.symbols ?? []).map((symbol) => symbol.uid),
      filePaths: names.files ?? [],
    });
  }

  /** As the Cypher query: the visible sections that link the file or name its symbols (the one symbol, with symbolUid), in path order. */
  async findDocumentSections(
    principal: Principal,
    target: { repositoryId: string; path: string; symbolUid: string | null },
    limit: number,
  ): Promise<DocumentSectionRecord[]> {
    if (!this.isVisible(principal, target.repositoryId)) return [];
    const aboutSymbol = target.symbolUid !== null;
    const declared = this.symbols.filter(
      (symbol) =>
        symbol.repositoryId === target.repositoryId &&
        symbol.path === target.path &&
        (target.symbolUid === null || symbol.uid === target.symbolUid),
    );
    return this.sections
      .filter(({ repositoryId }) => this.isVisible(principal, repositoryId))
      .map(({ symbolUids, filePaths, ...entry }): DocumentSectionRecord => {
        const links = entry.repositoryId === target.repositoryId && filePaths.includes(target.path);
        const symbols = declared.filter((symbol) => symbolUids.includes(symbol.uid));
        return {
          ...entry,
          commitSha: this.repository(entry.repositoryId).commitSha,
          refersBy: [
            ...(links ? [aboutSymbol ? ('links_its_file' as const) : ('links_file' as const)] : []),
            ...(symbols.length > 0 ? [aboutSymbol ? ('mentions_symbol' as const) : ('mentions_its_symbol' as const)] : []),
          ],
          symbols,
        };
      })
      .filter((record) => record.refersBy.length > 0)
      .sort(
        (a, b) =>
          byCodeUnits(a.repositoryId, b.repositoryId) ||
          byCodeUnits(a.document.path, b.document.path) ||
          a.section.startLine - b.section.startLine,
      )
      .slice(0, limit);
  }

  /** Ordered and capped as the Cypher queries are: callers by repository, path and call line; callees by call line. */
  async findCallEdges(
    principal: Principal,
    uids: readonly string[],
    direction: CallDirection,
    confidences: readonly CallConfidence[],
    limit: number,
  ): Promise<CallEdge[]> {
    this.callEdgeQueries++;
    const visible = new Map(this.visibleSymbols(principal).map((symbol) => [symbol.uid, symbol]));
    const toCallers = direction === 'callers';
    return this.calls
      .filter((call) => uids.includes(toCallers ? call.to : call.from.uid) && confidences.includes(call.confidence))
      .filter((call) => visible.has(toCallers ? call.from.uid : call.to))
      .map((call) => ({
        symbol: toCallers ? call.from : visible.get(call.to)!,
        via: toCallers ? call.to : call.from.uid,
        line: call.line,
        confidence: call.confidence,
      }))
      .sort((a, b) =>
        toCallers
          ? a.symbol.repositoryId.localeCompare(b.symbol.repositoryId) ||
            a.symbol.path.localeCompare(b.symbol.path) ||
            a.line - b.line ||
            a.symbol.uid.localeCompare(b.symbol.uid)
          : a.line - b.line || a.symbol.uid.localeCompare(b.symbol.uid),
      )
      .slice(0, limit);
  }

  /** Ordered and capped as callers/files-calling: by repository, path, call line and callee. */
  async findFilesCalling(
    principal: Principal,
    uids: readonly string[],
    confidences: readonly CallConfidence[],
    limit: number,
  ): Promise<FileCallEdge[]> {
    return this.fileCalls
      .filter((call) => uids.includes(call.to) && confidences.includes(call.confidence) && this.isVisible(principal, call.repositoryId))
      .map((call) => ({
        uid: `${principal.tenantId}:${call.repositoryId}:${call.path}`,
        repositoryId: call.repositoryId,
        path: call.path,
        via: call.to,
        line: call.line,
        confidence: call.confidence,
      }))
      .sort(
        (a, b) =>
          a.repositoryId.localeCompare(b.repositoryId) || a.path.localeCompare(b.path) || a.line - b.line || a.via.localeCompare(b.via),
      )
      .slice(0, limit);
  }

  /** As the Cypher query: the files under the prefix, in path order, each with the symbols it declares counted. */
  async listProjectFiles(principal: Principal, repositoryId: string, prefix: string): Promise<ProjectFileRecord[]> {
    if (!this.isVisible(principal, repositoryId)) return [];
    return this.files
      .filter(({ repository, file }) => repository.repositoryId === repositoryId && file.path.startsWith(prefix))
      .map(({ file }) => ({
        path: file.path,
        language: file.language,
        bytes: this.fileBytes.get(`${repositoryId}:${file.path}`)!,
        lines: file.lines,
        blocked: file.blocked,
        symbols: this.symbols.filter((symbol) => symbol.repositoryId === repositoryId && symbol.path === file.path).length,
      }))
      .sort((a, b) => byCodeUnits(a.path, b.path));
  }

  private isVisible(principal: Principal, repositoryId: string): boolean {
    const visible = visibleRepositoryIds(principal);
    return principal.tenantId === TENANT && (visible === null || visible.includes(repositoryId));
  }

  private visibleSymbols(principal: Principal): SymbolRef[] {
    if (principal.tenantId !== TENANT) return [];
    const visible = visibleRepositoryIds(principal);
    return this.symbols.filter((symbol) => visible === null || visible.includes(symbol.repositoryId));
  }

  private repository(repositoryId: string): RepositoryRecord {
    const repository = this.repositories.get(repositoryId);
    if (!repository) throw new Error(`the fake graph has no repository ${repositoryId}`);
    return repository;
  }
}

/** Strings ordered as Cypher's ORDER BY orders them: by UTF-16 code units, 'Z' before 'a'. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Files as indexed, by commit and path: a read answers them when the content hash matches, as SourceRepository does. */
export class FakeSourceRepository implements Pick<SourceRepository, 'readAtCommit'> {
  private readonly texts = new Map<string, string>();

  add(commitSha: string, path: string, text: string): void {
    this.texts.set(`${commitSha}:${path}`, text);
  }

  async readAtCommit(repository: IndexedSource, path: string, indexedHash: string): Promise<string | null> {
    const text = this.texts.get(`${repository.commitSha}:${path}`);
    return text !== undefined && contentHash(text) === indexedHash ? text : null;
  }
}

/** Redacts the secrets it was told of, as the Redactor does those its scanner finds. */
export class FakeRedactor implements Pick<Redactor, 'redact'> {
  constructor(private readonly secrets: readonly string[]) {}

  async redact(_path: string, text: string): Promise<string> {
    return redactSecrets(
      text,
      this.secrets.map((value) => ({ value, rule: 'fake' })),
    );
  }
}

/** Every text embeds as the same unit vector, or every call fails with the given error. */
export class FakeEmbedder implements Embedder {
  readonly modelId = 'fake-embedder';
  readonly dimension = 2;
  /** The texts of each call, in order. */
  readonly texts: string[][] = [];

  constructor(private readonly failure?: Error) {}

  async embed(texts: string[]): Promise<Float32Array[]> {
    this.texts.push(texts);
    if (this.failure) throw this.failure;
    return texts.map(() => Float32Array.of(1, 0));
  }
}

/** What the vector index finds nearest for any query, scoped by tenant and repositories as the real adapters are. */
export class FakeVectorIndex implements Pick<VectorIndex, 'backend' | 'ensureCollection' | 'search' | 'close'> {
  readonly backend = 'neo4j' as const;
  nearest: VectorHit[] = [];
  readonly searches: { filter: VectorFilter; limit: number }[] = [];

  async ensureCollection(): Promise<void> {}

  async search(_model: VectorModel, _query: VectorQuery, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    this.searches.push({ filter, limit });
    return this.nearest
      .filter((hit) => hit.payload.tenantId === filter.tenantId && (!filter.repoIds || filter.repoIds.includes(hit.payload.repoId)))
      .slice(0, limit);
  }

  async close(): Promise<void> {}
}

/** A vector hit on a symbol's chunk, with the similarity given. */
export function vectorHit(symbol: SymbolRef, commit: string, score: number): VectorHit {
  return {
    id: symbol.uid,
    uid: symbol.uid,
    score,
    payload: {
      tenantId: TENANT,
      repoId: symbol.repositoryId,
      commit,
      path: symbol.path,
      kind: symbol.kind,
      uid: symbol.uid,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      contentHash: symbol.uid,
    },
  };
}

/** The real SemanticIndex over a fake embedder and vector index. */
export function semanticIndex(
  embedder: Embedder,
  vectors: Partial<VectorIndex>,
  progress: FakeEmbeddingProgress = new FakeEmbeddingProgress(),
): SemanticIndex {
  const config = loadConfig({ NEO4J_PASSWORD: 'unused by unit tests' });
  return new SemanticIndex(
    new LazyEmbedder(async () => embedder),
    asPort<VectorIndex>(vectors),
    config,
    asPort<EmbeddingProgressRepository>(progress),
  );
}

/** Background embedding progress as the graph keeps it, without staleness: what was recorded and not cleared. */
export class FakeEmbeddingProgress implements Pick<
  EmbeddingProgressRepository,
  'record' | 'clear' | 'recordEmbedded' | 'notEmbedded' | 'searchStatus'
> {
  private readonly records = new Map<string, EmbeddingProgressRecord & { tenantId: string; modelId: string }>();
  private readonly embedded = new Set<string>();

  /** `served`: the repositories the graph serves, per tenant (none unless a test says so). */
  constructor(private readonly served: Record<string, string[]> = {}) {}

  async recordEmbedded(tenantId: string, repoId: string, modelId: string): Promise<void> {
    this.embedded.add(`${tenantId}/${repoId}/${modelId}`);
  }

  async notEmbedded(tenantId: string, repoIds: readonly string[] | null, modelId: string): Promise<{ repoId: string; rootPath: null }[]> {
    return (this.served[tenantId] ?? [])
      .filter((repoId) => (repoIds === null || repoIds.includes(repoId)) && !this.embedded.has(`${tenantId}/${repoId}/${modelId}`))
      .filter((repoId) => !this.records.has(`${tenantId}/${repoId}/${modelId}`))
      .map((repoId) => ({ repoId, rootPath: null }));
  }

  async record(tenantId: string, repoId: string, modelId: string, embeddedChunks: number, totalChunks: number): Promise<void> {
    this.records.set(`${tenantId}/${repoId}/${modelId}`, { tenantId, repoId, modelId, embeddedChunks, totalChunks });
  }

  async clear(tenantId: string, repoId: string, modelId: string): Promise<void> {
    this.records.delete(`${tenantId}/${repoId}/${modelId}`);
  }

  /** The last model recorded is the newest. */
  async searchStatus(tenantId: string, repoIds: readonly string[] | null, modelId: string): Promise<EmbeddingSearchStatus> {
    const inScope = (repoId: string): boolean => repoIds === null || repoIds.includes(repoId);
    const models = [...this.embedded].reverse().map((key) => key.split('/') as [string, string, string]);
    return {
      inProgress: [...this.records.values()]
        .filter((record) => record.tenantId === tenantId && record.modelId === modelId && inScope(record.repoId))
        .map(({ repoId, embeddedChunks, totalChunks }) => ({ repoId, embeddedChunks, totalChunks })),
      withoutVectors: (this.served[tenantId] ?? [])
        .filter((repoId) => inScope(repoId) && !this.embedded.has(`${tenantId}/${repoId}/${modelId}`))
        .sort()
        .map((repoId) => ({
          repoId,
          previousModels: models.filter(([tenant, repo]) => tenant === tenantId && repo === repoId).map(([, , other]) => other),
        })),
    };
  }
}

/**
 * The services are given repository classes (Nest injects by class). A fake implements the public
 * methods they call (its `implements Pick<...>` is checked) and stands in for the class here.
 */
export function asPort<T>(fake: Partial<T>): T {
  return fake as T;
}
