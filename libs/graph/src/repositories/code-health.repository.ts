import { Injectable } from '@nestjs/common';
import { type DeferredImportKind, type Principal, type SymbolKind, visibleRepositoryIds } from '@lore/domain';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';
import { type ReaderParams, readAsPrincipal } from '../reads/principal-reads';
import { TenantViews } from '../storage-slots/tenant-views.repository';

/** A symbol with what code health analysis measures and groups; null where the index did not measure it. */
export interface HealthSymbolRow {
  uid: string;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  path: string;
  language: string;
  startLine: number;
  endLine: number;
  exported: boolean;
  /** A function body inside another symbol's (a callback, a returned closure, a nested helper). */
  nested: boolean;
  /** Declared in a test file, or a test case. */
  inTest: boolean;
  parentUid: string | null;
  complexity: number | null;
  cognitiveComplexity: number | null;
  exactFingerprint: string | null;
  renamedFingerprint: string | null;
  bodyTokenCount: number | null;
  /** MinHash of the body's token shingles: the similarity of two bodies is the share of equal positions. */
  nearMissSignature: number[] | null;
  /** `"<hash>:<startLine>-<endLine>"` per window of statements. */
  blockFingerprints: string[] | null;
  /** The fields of its own object the body reads and writes (FieldAccess); null for none. */
  fieldReads: string[] | null;
  fieldWrites: string[] | null;
  /** The declaration as the indexer wrote it (header up to the body); null where it recorded none. */
  signature: string | null;
  /** Whether the index holds a doc comment (docstring, JSDoc, Javadoc...) for it. */
  documented: boolean;
}

export interface HealthFileRow {
  path: string;
  language: string;
  lines: number;
  isTest: boolean;
  /** The symbols the file's module-level code calls (it runs when the file loads), each with the call's confidence. */
  calledAtLoad: { uid: string; confidence: string }[];
}

export interface HealthReferenceRow {
  fromUid: string;
  toUid: string;
  type: 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'TESTS';
  /** CALLS only: exact, import, name or ambiguous. */
  confidence: string | null;
}

export interface HealthImportRow {
  fromPath: string;
  toPath: string;
  names: string[];
  /** Null for a runtime import; how the file pair's imports are all deferred otherwise. */
  kind: DeferredImportKind | null;
}

/** Everything analysis reads of one repository's indexed commit. */
export interface HealthFacts {
  files: HealthFileRow[];
  symbols: HealthSymbolRow[];
  references: HealthReferenceRow[];
  imports: HealthImportRow[];
}

/** A symbol as code health describes it apart from a run: where it is and its stored complexity. */
export interface SymbolMeasureRow {
  uid: string;
  repositoryId: string;
  path: string;
  qualifiedName: string;
  complexity: number | null;
  cognitiveComplexity: number | null;
}

/** An analysis run as stored: its report and changed-paths overlay as JSON text. */
export interface StoredAnalysisRun {
  runId: string;
  shortId: string;
  repositoryId: string;
  commitSha: string;
  report: string;
  changed: string | null;
}

/** The facts code health analysis reads from the graph, and its runs (cypher/queries/code-health). */
@Injectable()
export class CodeHealthRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    private readonly views: TenantViews,
  ) {}

  /** How many files and symbols a repository holds (what the analysis limits count). */
  async sizeOf(principal: Principal, repositoryId: string): Promise<{ files: number; symbols: number }> {
    const [row] = await this.read(principal, 'code-health/size', { repositoryId });
    return { files: Number(row?.files ?? 0), symbols: Number(row?.symbols ?? 0) };
  }

  /** `languages`: the code languages whose files are read (the indexer's language folders, given by the caller: the graph may not import the indexer). */
  async readFacts(principal: Principal, repositoryId: string, languages: readonly string[]): Promise<HealthFacts> {
    const [files, symbols, references, imports] = await Promise.all([
      this.read(principal, 'code-health/files', { repositoryId, languages: [...languages] }),
      this.read(principal, 'code-health/symbols', { repositoryId }),
      this.read(principal, 'code-health/references', { repositoryId }),
      this.read(principal, 'code-health/imports', { repositoryId }),
    ]);
    return {
      files: files as unknown as HealthFileRow[],
      symbols: symbols as unknown as HealthSymbolRow[],
      references: references as unknown as HealthReferenceRow[],
      imports: imports as unknown as HealthImportRow[],
    };
  }

  /** The symbols of `uids` the principal may read (others left out), with their stored complexity. */
  async symbolMeasures(principal: Principal, uids: readonly string[]): Promise<SymbolMeasureRow[]> {
    return (await this.read(principal, 'code-health/symbol-measures', { uids })) as unknown as SymbolMeasureRow[];
  }

  /** Stores a run as the tenant's latest, keeping at most `historyLimit` runs. */
  async registerRun(tenantId: string, run: Omit<StoredAnalysisRun, 'shortId'> & { shortId: string }, historyLimit: number): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('code-health/register-run'), { tenantId, run, historyLimit }));
  }

  /** A stored run by full or short id, or the latest (of one repository when named), among those the principal may read. */
  async getRun(principal: Principal, runId: string | null, repositoryId: string | null): Promise<StoredAnalysisRun | null> {
    const [row] = await this.neo4j.read(this.queries.get('code-health/get-run'), {
      tenantId: principal.tenantId,
      runId,
      repositoryId,
      repoIds: visibleRepositoryIds(principal),
    });
    return (row?.run as StoredAnalysisRun | undefined) ?? null;
  }

  private read(principal: Principal, query: string, params: ReaderParams): Promise<Record<string, unknown>[]> {
    return readAsPrincipal({ neo4j: this.neo4j, queries: this.queries, views: this.views }, principal, query, params);
  }
}
