// The shared model of the TypeScript passes: call sites and heritage as data and as trees, what each pass keeps per file.
import { sep } from 'node:path';
import ts from 'typescript';
import type { DeferredImportKind, InheritanceRow, SymbolRow } from '@lore/domain';
import type { NameReference, WrittenModuleFacts } from './module-scope';
import type { FileAnswers, Resolution } from './warm-program';

/** Bumped whenever what a pass keeps per file changes: cached results of another version are not used. */
export const FIRST_PASS_VERSION = 6;
export const EXACT_PASS_VERSION = 5;
export const RESOLUTION_VERSION = 1;

/** A call as data: what the first pass resolves, and what the cache keeps. */
export interface CallReference {
  /** The symbol whose code makes the call; the file's uid for code that runs when the module loads. */
  callerUid: string;
  line: number;
  isNew: boolean;
  callee: NameReference;
}

/** A call in a syntax tree: what the typed pass resolves. */
export interface CallSite extends CallReference {
  node: CallNode;
}

/** A call, a `new`, or a JSX element of a component (`<Badge />` calls the function `Badge`, as React does). */
export type CallNode = ts.CallExpression | ts.NewExpression | ts.JsxOpeningElement | ts.JsxSelfClosingElement;

/** The expression a call names its callee by: `f` of `f()`, `new F()` and `<F />`, `a.b.f` of `a.b.f()` and `<a.b.f />`. */
export function calleeExpressionOf(node: CallNode): ts.Expression {
  return ts.isCallExpression(node) || ts.isNewExpression(node) ? node.expression : (node.tagName as ts.Expression);
}

/**
 * A JSX element whose tag names a component: one named by an identifier that starts with an
 * upper-case letter, or by a property access (`<Menu.Item />`). A lower-case or namespaced tag is an
 * intrinsic element (`<div>`, `<svg:path>`), which calls nothing of the repository.
 */
export function isComponentElement(node: ts.Node): node is ts.JsxOpeningElement | ts.JsxSelfClosingElement {
  if (!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) return false;
  const tag = node.tagName;
  return ts.isPropertyAccessExpression(tag) || (ts.isIdentifier(tag) && /^[A-Z_$]/.test(tag.text));
}

/** One type of `class A extends B implements C`, as data. */
export interface HeritageReference {
  fromUid: string;
  kind: InheritanceRow['kind'];
  target: NameReference;
}

export interface HeritageSite extends HeritageReference {
  expression: ts.Expression;
}

/** One file's first pass as data: what the cache keeps for a file whose content does not change. */
export type ScriptFileOutcome = { skipped: string } | ScriptFileResult;

export interface ScriptFileResult {
  symbols: SymbolRow[];
  /** Each module specifier the file names (import, export-from, require(), import()) with the names it takes and how it is deferred (null: runtime). */
  specifiers: [specifier: string, names: string[], kind: DeferredImportKind | null][];
  module: WrittenModuleFacts;
  calls: CallReference[];
  heritage: HeritageReference[];
}

/** The first pass's trees of one file, for the typed pass. */
export interface FileTrees {
  sourceFile: ts.SourceFile;
  sites: CallSite[];
  heritage: HeritageSite[];
  declarations: Map<ts.Node, string>;
}

/** A call site with the checker's answer, and a heritage clause with its target: what a warm program keeps per file. */
export type ResolvedSite = CallReference & { resolution: Resolution };
export type ResolvedHeritage = HeritageReference & { toUid: string | undefined };
export type Answers = FileAnswers<ResolvedSite, ResolvedHeritage>;

/** The reason a file (or the checker) gave up; anything but a stack overflow is a bug and is rethrown. */
export function tooDeep(error: unknown, step: 'parse' | 'extract' | 'type-check'): string {
  if (error instanceof RangeError) return `nested too deeply to ${step} (${error.message})`;
  throw error;
}

/** One question the checker cannot take (too deep) does not cost the others their answer. */
export function checkedOrUnknown<T>(ask: () => T, unknown: T): T {
  try {
    return ask();
  } catch (error) {
    tooDeep(error, 'type-check');
    return unknown;
  }
}

/** Whether a path is the repository's own (inside it, outside its node_modules). */
export function ownPath(rootPath: string, path: string): boolean {
  return (path === rootPath || path.startsWith(rootPath + sep)) && !path.includes(`${sep}node_modules${sep}`);
}
