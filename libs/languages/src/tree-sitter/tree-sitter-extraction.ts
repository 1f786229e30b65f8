import type { Node, Parser, Query, Tree } from 'web-tree-sitter';
import type { CallRow, InheritanceRow, LanguageServerRun, SkippedFile, SymbolRow } from '@lore/domain';
import type { ExactResolution, Extraction, ExtractionInput, LanguageExtractor } from '../extractor';
import { ExternalReferenceRows } from '../external-references';
import type { SourceFile } from '../repository-files';
import { CallEdges, fileUidOf, ImportEdges, sortInheritance, type SiteCalls } from './edges';
import { FileSymbols } from './symbol-rows';
import { nodeTypeQuery, parserFor, parseText, syntaxErrorReason, visitCaptures, type GrammarName, type VisitOutcome } from './tree-sitter';

/**
 * The extraction every tree-sitter language follows: parse each file and walk its tree once into the
 * file's symbols and facts (declarations, imports, call sites), measuring each function body as it
 * is declared (see body-metrics.ts); free the tree; then resolve the call sites, supertypes and imports across the repository's
 * files. A language supplies its grammar, the node types its walk looks at, and a run: the walk of
 * one file and the resolver over all of them.
 */
export interface TreeSitterLanguage<File extends WalkedFile> {
  readonly grammar: GrammarName;
  /** The language ids read, when more than the grammar's own (C's folder reads 'c' and 'cpp'). */
  readonly languages?: readonly string[];

  /** The node types the single pass over a file looks at, decision points included. */
  readonly visitedNodeTypes: readonly string[];
  /** A new extraction over one repository's files (what the walks of its files share lives in the run). */
  start(input: ExtractionInput): ExtractionRun<File>;
}

export interface ExtractionRun<File extends WalkedFile> {
  /** The grammar of one file, when the languages read have several (a C++ repository's `.h` files are C++). */
  grammarOf?(source: SourceFile): GrammarName;
  /** The walk of one file, which adds the file's symbols to `symbols`. */
  walkFile(source: SourceFile, symbols: FileSymbols): FileWalk<File>;
  /**
   * Resolves across the walked files; `symbols` are all their rows, in file order. What leads to
   * another package (imports, calls and supertypes named through its imports) goes to `external`.
   */
  resolver(files: readonly File[], symbols: readonly SymbolRow[], external: ExternalReferenceRows): CrossFileResolver<SiteOf<File>>;
  /**
   * Present when a checker can resolve the calls again (pyright for Python): the second pass, given
   * each call site's edges from the first and the first pass's inheritance, run after the
   * repository is queryable (Extraction.resolveExactly).
   */
  exactPass?(pass: ExactPassOf<File>): Promise<ExactResolution>;
  /**
   * The text parsed for a file, when the grammar needs help: the same length and lines as the file's
   * (so that offsets and lines hold), only what the grammar cannot read blanked (C++'s export macros).
   */
  parsedText?(source: SourceFile): string;
  /** What the run could not do beside the files' own syntax (a missing header), asked once the calls are resolved. */
  skipped?(): SkippedFile[];
  /** The language servers that will not run (no `exactPass` then), and why: the index result says so. */
  languageServers?(): LanguageServerRun[];
}

export interface ExactPassOf<File extends WalkedFile> {
  files: readonly File[];
  symbols: readonly SymbolRow[];
  firstPass: ReadonlyMap<SiteOf<File>, readonly CallRow[]>;
  inheritance: InheritanceRow[];
}

/** One file's walk: it is shown the captured nodes in document order, outer nodes first. */
export interface FileWalk<File extends WalkedFile> {
  visit(node: Node): VisitOutcome;
  /** What the walk found, once every node is visited. */
  finish(): File;
}

/** A place that calls something: in a function's body, or (caller null) in the code that runs when its file loads. */
export interface CallSite {
  readonly caller: { readonly symbol: SymbolRow } | null;
  readonly line: number;
}

/** What a file's walk gives the resolution: at least its call sites, in document order. */
export interface WalkedFile {
  readonly path: string;
  readonly sites: readonly CallSite[];
}

type SiteOf<File extends WalkedFile> = File['sites'][number];

export interface CrossFileResolver<Site extends CallSite> {
  /** Adds the edges of one call site (none when it leads outside the repository). */
  resolveCall(site: Site, calls: SiteCalls): void;
  /** The EXTENDS / IMPLEMENTS rows, in any order; asked once every call site is resolved. */
  inheritance(): InheritanceRow[];
  addImports(edges: ImportEdges): void;
}

/** A LanguageExtractor made of a TreeSitterLanguage. */
export class TreeSitterExtractor<File extends WalkedFile> implements LanguageExtractor {
  readonly languages: readonly string[];

  constructor(private readonly language: TreeSitterLanguage<File>) {
    this.languages = language.languages ?? [language.grammar];
  }

  async extract(input: ExtractionInput): Promise<Extraction> {
    const run = this.language.start(input);
    const grammarName = (source: SourceFile) => run.grammarOf?.(source) ?? this.language.grammar;
    const grammars = new Map<GrammarName, { parser: Parser; query: Query }>();
    for (const grammar of new Set([this.language.grammar, ...input.files.map(grammarName)]))
      grammars.set(grammar, { parser: await parserFor(grammar), query: await nodeTypeQuery(grammar, this.language.visitedNodeTypes) });
    const symbols: SymbolRow[] = [];
    const skipped: SkippedFile[] = [];
    const files: File[] = [];

    const grammarOf = (source: SourceFile) => ({ ...grammars.get(grammarName(source))!, text: run.parsedText?.(source) ?? source.text! });
    forEachParsedFile(grammarOf, input, skipped, (source, root) => {
      const fileSymbols = new FileSymbols(input, source);
      const walk = run.walkFile(source, fileSymbols);
      visitCaptures(root, grammarOf(source).query, (node) => walk.visit(node));
      files.push(walk.finish());
      for (const symbol of fileSymbols.symbols) symbols.push(symbol);
    });

    const external = new ExternalReferenceRows();
    const resolver = run.resolver(files, symbols, external);
    const calls = new CallEdges();
    // With a second pass to come, each site's own edges are kept for it: its guesses where the checker finds nothing.
    const firstPass = run.exactPass ? new Map<SiteOf<File>, CallRow[]>() : null;
    for (const file of files) {
      // A call made as the file loads is stored from the file, as TypeScript's are.
      const loadUid = fileUidOf(input, file.path);
      for (const site of file.sites) {
        const callerUid = site.caller?.symbol.uid ?? loadUid;
        if (!firstPass) {
          resolver.resolveCall(site, calls.from(callerUid, site.line));
          continue;
        }
        const own = new CallEdges();
        resolver.resolveCall(site, own.from(callerUid, site.line));
        const rows = own.rows();
        firstPass.set(site, rows);
        for (const row of rows) calls.add(row.callerUid, row.calleeUid, row.line, row.confidence);
      }
    }
    const inheritance = sortInheritance(resolver.inheritance());
    if (run.skipped) skipped.push(...run.skipped());
    const imports = new ImportEdges(input);
    resolver.addImports(imports);
    const extraction: Extraction = {
      symbols,
      calls: calls.rows(),
      imports: imports.rows(),
      inheritance,
      skipped,
      externalReferences: external.rows(),
    };
    if (run.languageServers) extraction.languageServers = run.languageServers();
    if (run.exactPass && firstPass) extraction.resolveExactly = () => run.exactPass!({ files, symbols, firstPass, inheritance });
    return extraction;
  }
}

/**
 * The per-file loop: report progress, parse, hand the tree to `visit`, record a syntax error (the
 * file is still partly extracted) or a failure (it is skipped), and always free the tree. One bad
 * file never stops the others.
 */
function forEachParsedFile(
  grammarOf: (file: SourceFile) => { parser: Parser; text: string },
  input: ExtractionInput,
  skipped: SkippedFile[],
  visit: (file: SourceFile, root: Node) => void,
): void {
  for (const file of input.files) {
    if (file.text === null) continue;
    input.onFile?.(file.path);
    let tree: Tree | undefined;
    try {
      const { parser, text } = grammarOf(file);
      tree = parseText(parser, text);
      visit(file, tree.rootNode);
      if (tree.rootNode.hasError) skipped.push({ path: file.path, reason: syntaxErrorReason(tree.rootNode) });
    } catch (error) {
      skipped.push({ path: file.path, reason: failureReason(error) });
    } finally {
      tree?.delete();
    }
  }
}

/** A readable reason for an exception thrown while extracting one file. */
function failureReason(error: unknown): string {
  return `not extracted: ${error instanceof Error ? error.message : String(error)}`;
}
