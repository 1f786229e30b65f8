import type { CallConfidence, SkippedFile, SymbolKind } from './schemas/shared';

/**
 * What the indexer hands to the graph store for one repository: plain rows, ready for UNWIND.
 * uids are deterministic: the same commit always yields the same rows.
 */
export interface FileRow {
  uid: string;
  path: string;
  language: string;
  contentHash: string;
  lines: number;
  bytes: number;
  isTest: boolean;
  /** Secret files: known to exist, content never read. */
  blocked: boolean;
}

export interface SymbolRow {
  uid: string;
  fileUid: string;
  parentUid: string | null;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  /** Lower-case words of the name and qualified name, split at camelCase, snake_case and digits. */
  nameTokens: string;
  path: string;
  language: string;
  signature: string | null;
  doc: string | null;
  startLine: number;
  endLine: number;
  exported: boolean;
  complexity: number | null;
}

export interface CallRow {
  callerUid: string;
  calleeUid: string;
  /** First call site, in the caller. */
  line: number;
  /** Call sites from this caller to this callee. */
  count: number;
  confidence: CallConfidence;
}

export interface ImportRow {
  fromUid: string;
  toUid: string;
  names: string[];
}

/** (Symbol)-[:EXTENDS|IMPLEMENTS]->(Symbol): a class or interface and what it builds on, inside the repository. */
export interface InheritanceRow {
  fromUid: string;
  toUid: string;
  kind: 'EXTENDS' | 'IMPLEMENTS';
}

/**
 * (test Symbol)-[:TESTS {via}]->(Symbol): what a test case exercises. `direct`: the test calls it;
 * `helper`: the test calls a non-test helper that calls it (one level).
 */
export interface TestsRow {
  testUid: string;
  targetUid: string;
  via: 'direct' | 'helper';
}

/** A Markdown file: README, docs/, ADRs. */
export interface DocumentRow {
  uid: string;
  fileUid: string;
  path: string;
  title: string;
  kind: 'readme' | 'adr' | 'doc';
}

/** A heading and the lines up to the next heading. */
export interface SectionRow {
  uid: string;
  documentUid: string;
  title: string;
  level: number;
  startLine: number;
  endLine: number;
}

/** (Section)-[:MENTIONS]->(Symbol|File): inline code naming a symbol, or a relative link to a file. */
export interface MentionRow {
  sectionUid: string;
  targetUid: string;
  targetKind: 'symbol' | 'file';
}

/**
 * The text of one node to embed for semantic search: a symbol (signature, doc comment, head of its
 * body) or a document section. Its id is the node uid; secrets are already redacted.
 */
export interface ChunkRow {
  id: string;
  uid: string;
  /** The symbol kind, or 'section'. */
  kind: string;
  path: string;
  language: string;
  startLine: number;
  endLine: number;
  text: string;
  contentHash: string;
}

export interface RepositorySnapshot {
  tenantId: string;
  repositoryId: string;
  rootPath: string;
  commitSha: string;
  defaultBranch: string | null;
  url: string | null;
  /** Path of rootPath inside its git work tree ('' at the top, null outside git). */
  gitPrefix: string | null;
  files: FileRow[];
  symbols: SymbolRow[];
  calls: CallRow[];
  imports: ImportRow[];
  inheritance: InheritanceRow[];
  tests: TestsRow[];
  documents: DocumentRow[];
  sections: SectionRow[];
  mentions: MentionRow[];
  skipped: SkippedFile[];
  chunks: ChunkRow[];
  /** Secrets found in readable files (and redacted from every stored snippet). */
  secretsFound: number;
}
