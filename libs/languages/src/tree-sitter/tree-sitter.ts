import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Language, Parser, Query, type Node, type Tree } from 'web-tree-sitter';
import { knownLanguage } from '../languages/language-registry';

/**
 * web-tree-sitter and the grammars, loaded offline from their npm packages, and the helpers on
 * syntax nodes shared by the tree-sitter extractors (Python, Java, Go).
 *
 * Loading: `web-tree-sitter` 0.27 ships an ESM build and a CommonJS build (`web-tree-sitter.cjs`,
 * chosen by its `exports` "require" condition). Our code compiles to CommonJS, so the static import
 * above becomes `require('web-tree-sitter')` both in dist and under ts-jest; the CommonJS build finds
 * its own `web-tree-sitter.wasm` through `__dirname`. Each grammar's `.wasm`, named by its
 * language's definition (LanguageId.grammar), sits at the root of its package and is found with `require.resolve('<package>/package.json')`. Nothing is downloaded.
 */

/** A language id whose definition names a tree-sitter grammar (LanguageId.grammar). */
export type GrammarName = string;

let runtime: Promise<void> | null = null;
const parsers = new Map<GrammarName, Promise<Parser>>();

/** Where a grammar's wasm file is, inside its installed npm package. */
export function grammarWasmPath(grammar: GrammarName): string {
  const grammarPackage = knownLanguage(grammar)?.language.grammar;
  if (!grammarPackage) throw new Error(`no tree-sitter grammar is defined for ${grammar}`);
  const { packageName, wasm } = grammarPackage;
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

/** The lines a declaration spans: from `start` (a decorator or a doc-carrying wrapper may start it) to the end of `node`. */
export function linesOf(node: Node, start: Node = node): { startLine: number; endLine: number } {
  return { startLine: startLineOf(start), endLine: endLineOf(node) };
}

/** Text on one line: runs of white space become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
    // A named node type is written (type); a token only exists anonymously and is written "type". A type
    // the grammar does not have is left out (C's grammar has none of C++'s: one list serves both).
    const source = types
      .filter((type) => language.idForNodeType(type, true) !== null || language.idForNodeType(type, false) !== null)
      .map((type) => (language.idForNodeType(type, true) !== null ? `(${type}) @node` : `${JSON.stringify(type)} @node`))
      .join('\n');
    query = new Query(language, source);
    queries.set(key, query);
  }
  return query;
}

const queries = new Map<string, Query>();

/** What a visit of a captured node returns: nothing, false (skip what is inside it), or what to do once the walk has left it. */
export type VisitOutcome = void | false | (() => void);

/**
 * One pass over the nodes a query captures, in document order, outer nodes before the nodes inside
 * them. Cheaper than visiting every node from JavaScript: the matching runs inside the parser's
 * wasm and only the captured nodes cross over. `visit` may return a function, called once the walk
 * has left the node (everything inside it has been visited), or false to skip what is inside it.
 * There is no recursion: deep nesting cannot overflow the stack.
 */
export function visitCaptures(root: Node, query: Query, visit: (node: Node) => VisitOutcome): void {
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
