import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Language, Parser, Query, type Node, type Tree } from 'web-tree-sitter';
import {
  fileUid,
  symbolUid,
  type CallConfidence,
  type CallRow,
  type ImportRow,
  type SkippedFile,
  type SymbolKind,
  type SymbolRow,
} from '@lore/domain';
import type { ExtractionInput } from '../extractor';
import { nameTokens } from '../identifiers';
import type { SourceFile } from '../repository-files';

/**
 * web-tree-sitter and the grammars, loaded offline from their npm packages, and a small helper layer
 * shared by the tree-sitter extractors (Python, Java, Go).
 *
 * Loading: `web-tree-sitter` 0.27 ships an ESM build and a CommonJS build (`web-tree-sitter.cjs`,
 * chosen by its `exports` "require" condition). Our code compiles to CommonJS, so the static import
 * above becomes `require('web-tree-sitter')` both in dist and under ts-jest; the CommonJS build finds
 * its own `web-tree-sitter.wasm` through `__dirname`. Each grammar's `.wasm` sits at the root of its
 * package and is found with `require.resolve('<package>/package.json')`. Nothing is downloaded.
 */

export type GrammarName = 'python' | 'java' | 'go';

const GRAMMAR_PACKAGES: Record<GrammarName, { packageName: string; wasm: string }> = {
  python: { packageName: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  java: { packageName: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  go: { packageName: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
};

let runtime: Promise<void> | null = null;
const parsers = new Map<GrammarName, Promise<Parser>>();

/** Where a grammar's wasm file is, inside its installed npm package. */
export function grammarWasmPath(grammar: GrammarName): string {
  const { packageName, wasm } = GRAMMAR_PACKAGES[grammar];
  return join(dirname(require.resolve(`${packageName}/package.json`)), wasm);
}

/**
 * The one parser of a language, created on first use (the runtime is initialised once). Parsing is
 * synchronous, so one parser per language serves every extraction of this thread in turn.
 */
export function parserFor(grammar: GrammarName): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = loadParser(grammar);
    parsers.set(grammar, parser);
    // A failed load is not cached: the next extraction tries again.
    parser.catch(() => parsers.delete(grammar));
  }
  return parser;
}

async function loadParser(grammar: GrammarName): Promise<Parser> {
  if (!runtime) {
    runtime = Parser.init();
    runtime.catch(() => {
      runtime = null;
    });
  }
  await runtime;
  // Bytes, not a path: given a path, Language.load reads it with a dynamic `import('fs/promises')`,
  // which jest's CommonJS runtime rejects without --experimental-vm-modules. The copy into a
  // Uint8Array of this realm keeps its `instanceof Uint8Array` check true inside jest's sandbox too.
  const language = await Language.load(new Uint8Array(readFileSync(grammarWasmPath(grammar))));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** Parses one file; the caller must `tree.delete()` it when done. */
export function parseText(parser: Parser, text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error('the parser returned no tree');
  return tree;
}

/**
 * The per-file loop every tree-sitter extractor runs: report progress, parse, hand the tree to
 * `visit`, record a syntax error (the file is still partly extracted) or a failure (it is skipped),
 * and always free the tree. One bad file never stops the others.
 */
export function forEachParsedFile(
  parser: Parser,
  input: ExtractionInput,
  skipped: SkippedFile[],
  visit: (file: SourceFile, root: Node) => void,
): void {
  for (const file of input.files) {
    if (file.text === null) continue;
    input.onFile?.(file.path);
    let tree: Tree | undefined;
    try {
      tree = parseText(parser, file.text);
      visit(file, tree.rootNode);
      if (tree.rootNode.hasError) skipped.push({ path: file.path, reason: syntaxErrorReason(tree.rootNode) });
    } catch (error) {
      skipped.push({ path: file.path, reason: failureReason(error) });
    } finally {
      tree?.delete();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Nodes

/** 1-based line where a node starts. */
export function startLineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** 1-based line where a node ends (a node ending at the start of a line ends on the line before). */
export function endLineOf(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}

/** Text on one line: runs of white space become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const MAX_SIGNATURE = 300;
export const MAX_DOC = 1000;
export const MAX_AMBIGUOUS_TARGETS = 5;

/** A signature as stored: one line, capped. */
export function signatureText(text: string): string {
  return cap(oneLine(text), MAX_SIGNATURE);
}

/** A doc as stored: trimmed, capped, null when empty. */
export function docText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? cap(trimmed, MAX_DOC) : null;
}

/** Named children, without building the `children` array of every node. */
export function namedChildrenOf(node: Node): Node[] {
  const children: Node[] = [];
  for (let child = node.firstNamedChild; child; child = child.nextNamedSibling) children.push(child);
  return children;
}

/** The first child token of a type (anonymous or named), e.g. the ':' ending a Python header. */
export function childOfType(node: Node, type: string): Node | null {
  for (let child = node.firstChild; child; child = child.nextSibling) if (child.type === type) return child;
  return null;
}

/**
 * The query that finds the nodes of the given types (named ones like `call`, anonymous tokens like
 * `&&`), compiled once per grammar and list of types.
 */
export async function nodeTypeQuery(grammar: GrammarName, types: readonly string[]): Promise<Query> {
  const key = `${grammar}\u0000${types.join('\u0000')}`;
  let query = queries.get(key);
  if (!query) {
    const language = (await parserFor(grammar)).language!;
    // A named node type is written (type); a token only exists anonymously and is written "type".
    const source = types
      .map((type) => (language.idForNodeType(type, true) !== null ? `(${type}) @node` : `${JSON.stringify(type)} @node`))
      .join('\n');
    query = new Query(language, source);
    queries.set(key, query);
  }
  return query;
}

const queries = new Map<string, Query>();

/**
 * One pass over the nodes a query captures, in document order, outer nodes before the nodes inside
 * them. Cheaper than visiting every node from JavaScript: the matching runs inside the parser's
 * wasm and only the captured nodes cross over. `visit` may return a function, called once the walk
 * has left the node (everything inside it has been visited), or false to skip what is inside it.
 * There is no recursion: deep nesting cannot overflow the stack.
 */
export function visitCaptures(root: Node, query: Query, visit: (node: Node) => void | false | (() => void)): void {
  const captured = query.captures(root).map(({ node }) => ({ node, start: node.startIndex, end: node.endIndex }));
  // Captures come in document order; nodes starting at the same offset are put outer first.
  captured.sort((a, b) => a.start - b.start || b.end - a.end);
  const open: { end: number; exit: () => void }[] = [];
  let skipUntil = -1;
  for (const { node, start, end } of captured) {
    if (start < skipUntil) continue;
    while (open.length > 0 && open[open.length - 1]!.end <= start) open.pop()!.exit();
    const outcome = visit(node);
    if (outcome === false) skipUntil = end;
    else if (typeof outcome === 'function') open.push({ end, exit: outcome });
  }
  while (open.length > 0) open.pop()!.exit();
}

/** Line of the first syntax error (an ERROR or MISSING node), for a tree whose root has errors. */
export function firstErrorLine(root: Node): number {
  let node: Node = root;
  for (let depth = 0; depth < 10_000; depth++) {
    let next: Node | null = null;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.isError || child.isMissing) return startLineOf(child);
      if (child.hasError) {
        next = child;
        break;
      }
    }
    if (!next) break;
    node = next;
  }
  return startLineOf(node);
}

/** The skipped-file entry of a file whose tree has syntax errors (what was recognised is still extracted). */
export function syntaxErrorReason(root: Node): string {
  return `partly extracted: syntax error at line ${firstErrorLine(root)}`;
}

// ---------------------------------------------------------------------------------------------
// Symbols of one file

export interface NewSymbol {
  kind: SymbolKind;
  name: string;
  /** Defaults to parent.qualifiedName + '.' + name. */
  qualifiedName?: string;
  parent: SymbolRow | null;
  signature: string | null;
  doc: string | null;
  startLine: number;
  endLine: number;
  exported: boolean;
  complexity: number | null;
}

/** Builds the symbol rows of one file: deterministic uids, `~n` on clashes, name tokens. */
export class FileSymbols {
  readonly symbols: SymbolRow[] = [];
  readonly fileUid: string;
  private readonly usedUids = new Set<string>();

  constructor(
    private readonly input: ExtractionInput,
    readonly file: SourceFile,
  ) {
    this.fileUid = input.fileUids.get(file.path) ?? fileUid(input.tenantId, input.repositoryId, file.path);
  }

  add(spec: NewSymbol): SymbolRow {
    const qualifiedName = spec.qualifiedName ?? (spec.parent ? `${spec.parent.qualifiedName}.${spec.name}` : spec.name);
    const baseUid = symbolUid(this.input.tenantId, this.input.repositoryId, this.file.path, qualifiedName);
    let uid = baseUid;
    for (let n = 2; this.usedUids.has(uid); n++) uid = `${baseUid}~${n}`;
    this.usedUids.add(uid);
    const symbol: SymbolRow = {
      uid,
      fileUid: this.fileUid,
      parentUid: spec.parent?.uid ?? null,
      kind: spec.kind,
      name: spec.name,
      qualifiedName,
      nameTokens: nameTokens(spec.name, qualifiedName),
      path: this.file.path,
      language: this.file.language,
      signature: spec.signature,
      doc: spec.doc,
      startLine: spec.startLine,
      endLine: Math.max(spec.startLine, spec.endLine),
      exported: spec.exported,
      complexity: spec.complexity,
    };
    this.symbols.push(symbol);
    return symbol;
  }
}

// ---------------------------------------------------------------------------------------------
// Calls and imports

const CONFIDENCE_RANK: Record<CallConfidence, number> = { exact: 3, import: 2, name: 1, ambiguous: 0 };

/** CALLS rows aggregated per caller and callee: first line, count, best confidence. */
export class CallEdges {
  private readonly edges = new Map<string, CallRow>();

  add(callerUid: string, calleeUid: string, line: number, confidence: CallConfidence): void {
    const key = `${callerUid}\u0000${calleeUid}`;
    const existing = this.edges.get(key);
    if (!existing) {
      this.edges.set(key, { callerUid, calleeUid, line, count: 1, confidence });
      return;
    }
    existing.count++;
    existing.line = Math.min(existing.line, line);
    if (CONFIDENCE_RANK[confidence] > CONFIDENCE_RANK[existing.confidence]) existing.confidence = confidence;
  }

  /**
   * The fallback when a call site could not be followed: `name` for a single candidate, `ambiguous`
   * (one edge each) for 2..5, nothing beyond. The caller itself is not a candidate (a recursive call
   * is found by the scope lookups before it comes to this).
   */
  addByName(callerUid: string, line: number, candidates: readonly SymbolRow[] | undefined): void {
    // Leaving the caller out removes one candidate at most: longer lists are never worth scanning.
    if (!candidates || candidates.length > MAX_AMBIGUOUS_TARGETS + 1) return;
    const others = candidates.some((candidate) => candidate.uid === callerUid)
      ? candidates.filter((candidate) => candidate.uid !== callerUid)
      : candidates;
    if (others.length === 1) this.add(callerUid, others[0]!.uid, line, 'name');
    else if (others.length > 1 && others.length <= MAX_AMBIGUOUS_TARGETS)
      for (const candidate of others) this.add(callerUid, candidate.uid, line, 'ambiguous');
  }

  rows(): CallRow[] {
    return [...this.edges.values()].sort((a, b) => compare(a.callerUid, b.callerUid) || compare(a.calleeUid, b.calleeUid));
  }
}

/** IMPORTS rows aggregated per file pair, names sorted. */
export class ImportEdges {
  private readonly edges = new Map<string, { fromPath: string; toPath: string; names: Set<string> }>();

  constructor(private readonly input: ExtractionInput) {}

  add(fromPath: string, toPath: string, names: readonly string[]): void {
    if (fromPath === toPath) return;
    const key = `${fromPath}\u0000${toPath}`;
    let edge = this.edges.get(key);
    if (!edge) {
      edge = { fromPath, toPath, names: new Set() };
      this.edges.set(key, edge);
    }
    for (const name of names) edge.names.add(name);
  }

  rows(): ImportRow[] {
    const uidOf = (path: string): string => this.input.fileUids.get(path) ?? fileUid(this.input.tenantId, this.input.repositoryId, path);
    return [...this.edges.values()]
      .sort((a, b) => compare(a.fromPath, b.fromPath) || compare(a.toPath, b.toPath))
      .map((edge) => ({ fromUid: uidOf(edge.fromPath), toUid: uidOf(edge.toPath), names: [...edge.names].sort(compare) }));
  }
}

/** Adds a symbol to a name index (Map of name to symbols). */
export function indexByName(index: Map<string, SymbolRow[]>, symbol: SymbolRow): void {
  const named = index.get(symbol.name);
  if (named) named.push(symbol);
  else index.set(symbol.name, [symbol]);
}

/** Plain code-unit order: deterministic, locale-independent. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A readable reason for an exception thrown while extracting one file. */
export function failureReason(error: unknown): string {
  return `not extracted: ${error instanceof Error ? error.message : String(error)}`;
}
