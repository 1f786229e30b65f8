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

/**
 * What the index measures of one function body (a function, method, constructor, test or nested
 * body): docs/analysis.md, "What the index stores per function body", gives each rule per language.
 * Absent on symbols without a body (classes, interfaces, properties, signatures).
 */
export interface BodyMetrics {
  /** Cognitive complexity: structural increments weighted by nesting, nested bodies measured apart. */
  cognitiveComplexity: number;
  /** Tokens of the parameter list and body as written, comments and white space out. */
  bodyTokenCount: number;
  /** Hash of the token stream as written; null under the minimum size. */
  exactFingerprint: string | null;
  /** Hash of the token stream with identifiers and literals normalised; null under the minimum size. */
  renamedFingerprint: string | null;
  /** MinHash of the normalised token shingles: similarity of two bodies = share of equal positions. */
  nearMissSignature: number[] | null;
  /** `<hash>:<startLine>-<endLine>` of each window of consecutive normalised statements; null when there is none. */
  blockFingerprints: string[] | null;
}

/**
 * The fields of its own object a body reads and writes, by name, sorted: TypeScript `this.x`, Python
 * `self.x`, Go the receiver's `r.x`, Java `this.x` and the class's fields named bare. A member only
 * called (`this.save()`) is a call, not a field; one named without a call (`this.save` handed on) is
 * read. What cohesion (LCOM4) joins methods by. Absent when there is none.
 */
export interface FieldAccess {
  fieldReads?: string[];
  fieldWrites?: string[];
}

export interface SymbolRow extends Partial<BodyMetrics>, FieldAccess {
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
  /** Cyclomatic complexity of the body; null without one. */
  complexity: number | null;
  /** C and C++: where a function defined here is declared (`tinyxml2.h:745`), when that is another place; absent otherwise. */
  declaredAt?: string;
  /**
   * A body inside another body or unnamed by a declaration (a callback, a returned closure, an
   * object-literal method, a lambda, a nested function): true; absent on declared symbols.
   */
  nested?: boolean;
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

/**
 * An import that does not load its module when the importing module loads: `type` (TypeScript
 * `import type`, `export type … from`, or every name marked `type`), `type_checking` (Python, under
 * `if TYPE_CHECKING:`), `function_local` (written inside a function body: Python `import` in a `def`,
 * TypeScript `require()` / `import()` in a function). Such imports cannot make an import cycle fail at load time.
 */
export type DeferredImportKind = 'type' | 'type_checking' | 'function_local';

const DEFERRED_RANK: Record<DeferredImportKind, number> = { type: 1, type_checking: 2, function_local: 3 };

/** The kind of one file pair's IMPORTS edge from the kinds of its imports (null: a runtime import): undefined when any is runtime. */
export function pairImportKind(kinds: Iterable<DeferredImportKind | null>): DeferredImportKind | undefined {
  let pair: DeferredImportKind | undefined;
  for (const kind of kinds) {
    if (kind === null) return undefined;
    if (pair === undefined || DEFERRED_RANK[kind] > DEFERRED_RANK[pair]) pair = kind;
  }
  return pair;
}

/** ENCLOSES: a body of code that runs, and a body defined inside it. */
export interface EnclosureRow {
  enclosingUid: string;
  nestedUid: string;
}

/** Symbols that are no code that runs: a body nested in one of them is enclosed by no body. */
const DECLARATIONS_ONLY: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'enum', 'type', 'module']);

/**
 * The ENCLOSES pairs, enclosing body first: each body defined inside a body of code that runs (a
 * callback, a returned closure, a nested helper). The enclosing body creates it and, for a callback,
 * hands it to what runs it; that is no call, so it is kept apart from CALLS, and impact follows it
 * to reach the encloser of a changed nested body.
 */
export function enclosedBodies(symbols: readonly SymbolRow[]): EnclosureRow[] {
  const kinds = new Map<string, SymbolKind>();
  for (const symbol of symbols) kinds.set(symbol.uid, symbol.kind);
  const pairs: EnclosureRow[] = [];
  for (const symbol of symbols) {
    if (!symbol.nested || symbol.parentUid === null) continue;
    const parentKind = kinds.get(symbol.parentUid);
    if (parentKind !== undefined && !DECLARATIONS_ONLY.has(parentKind))
      pairs.push({ enclosingUid: symbol.parentUid, nestedUid: symbol.uid });
  }
  return pairs;
}

export interface ImportRow {
  fromUid: string;
  toUid: string;
  names: string[];
  /**
   * Absent when some import of the pair loads the module with the importer (a runtime import);
   * otherwise how every import of the pair is deferred (mixed: `function_local` over `type_checking` over `type`).
   */
  kind?: DeferredImportKind;
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

/**
 * A package the repository provides, under the name other repositories' imports give it. `key` is
 * `<ecosystem>:<name>`: `npm:@acme/order-contracts` (a package.json), `pypi:acme-order-contracts`
 * (a pyproject.toml) and `python:acme_order_contracts` (a top-level Python package), `go:github.com/acme/shipping`
 * (a go.mod), `maven:com.acme:inventory` (a pom.xml) and `java:com.acme.inventory.model` (a Java package).
 */
export interface PackageRow {
  key: string;
  /** The directory of its code, repository-relative ('' at the root). */
  path: string;
  /** Module of the package ('' for the package itself) -> the file an import of it names: npm entry points, Python modules. */
  entries: Record<string, string>;
}

/** A name of another package, as code reaches it: the package's key, its module, the imported name and the members after it. */
export interface ExternalName {
  /** A PackageRow key; for Go the whole import path (`go:github.com/acme/shipping/rates`), whose module is found when linking. */
  package: string;
  /** The module inside the package, '/'-separated ('' for the package itself). */
  module: string;
  /** The imported name, then the members reached through it: ['toInvoiceRequest'], ['Invoices', 'create']. */
  path: string[];
}

/** An import of a module of another package (the IMPORTS edge a link gives). */
export interface ExternalImportRow {
  fileUid: string;
  package: string;
  module: string;
  /** The names it takes ('*' for the whole module). */
  names: string[];
}

/** Calls from a symbol to a name of another package: first line and count, as CallRow. */
export interface ExternalCallRow {
  callerUid: string;
  target: ExternalName;
  line: number;
  count: number;
}

/** A class or interface that extends or implements a type of another package. */
export interface ExternalInheritanceRow {
  fromUid: string;
  target: ExternalName;
  kind: 'EXTENDS' | 'IMPLEMENTS';
}

/**
 * What a repository's code takes from packages it does not contain, kept so that linking to a
 * repository that provides one can run from either side without reading the code again.
 */
export interface ExternalReferences {
  imports: ExternalImportRow[];
  calls: ExternalCallRow[];
  inheritance: ExternalInheritanceRow[];
}

/**
 * A language server of the exact pass (issue 45), for one language of the repository: `ran` (its
 * answers replaced the first pass's calls), `unavailable` (none installed: calls stay at first-pass
 * confidence) or `failed` (it crashed or hung: the files it had not answered keep first-pass calls).
 */
export interface LanguageServerRun {
  language: string;
  server: string;
  version: string | null;
  status: 'ran' | 'unavailable' | 'failed';
  /** What it ran on (the compile commands used) or why not. */
  detail: string;
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
  /** The language servers of the exact pass, per language read: which ran, or why none did (empty before that pass, and for languages without one). */
  languageServers: LanguageServerRun[];
  chunks: ChunkRow[];
  /** Secrets found in readable files (and redacted from every stored snippet). */
  secretsFound: number;
  /** What it provides and takes from other packages: how repositories are linked (not elements of its own graph). */
  packages: PackageRow[];
  externalReferences: ExternalReferences;
}
