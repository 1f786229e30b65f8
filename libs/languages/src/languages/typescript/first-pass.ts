// The first pass: each script's symbols, call sites, heritage clauses and module specifiers, read from its syntax alone.
import { join } from 'node:path';
import ts from 'typescript';
import { symbolUid, type SymbolKind, type SymbolRow } from '@lore/domain';
import type { ExtractionInput } from '../../extractor';
import type { FileResultCache } from '../../file-result-cache';
import { nameTokens, testTitle } from '../../identifiers';
import type { SourceFile as RepoFile } from '../../repository-files';
import { hasBody, measureBody, measureDeclaration, type FunctionBody } from './body-metrics';
import { lastNameOf, readModuleFacts, referenceOf } from './module-scope';
import {
  calleeExpressionOf,
  isComponentElement,
  tooDeep,
  type FileTrees,
  type ScriptFileOutcome,
  type ScriptFileResult,
} from './script-model';

import { moduleSpecifiers, walkPreorder } from './script-walk';

/** Declarations that are no body but whose copies are duplications all the same: they get token windows (clone findings). */
const DECLARATIONS_WITH_WINDOWS = new Set<SymbolKind>(['class', 'interface', 'type', 'enum', 'variable']);

const MAX_SIGNATURE = 300;
const MAX_DOC = 1000;
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test', 'suite', 'context']);
/** How far a nested body's name follows object literals, arrays and class expressions outwards. */
const MAX_BINDING_DEPTH = 16;

interface Scope {
  /** The innermost declared symbol: parent of new declarations. */
  parent: { uid: string; qualifiedName: string; kind: SymbolKind; exported: boolean } | null;
  /** The innermost symbol that code runs in: owner of call sites. */
  callerUid: string | null;
}

/** The first pass over the repository's scripts: each file's outcome as data, and the trees of the files parsed now. */
export interface FirstPass {
  outcomes: Map<string, ScriptFileOutcome>;
  trees: Map<string, FileTrees>;
}

/**
 * Reads each script's first pass, from the cache where the file's content did not change since the
 * last run, else from a syntax-only program of the others (parsed through `host`; `unparsable` says
 * why a file has no tree).
 */
export function readScripts(
  input: ExtractionInput,
  host: ts.CompilerHost,
  options: ts.CompilerOptions,
  cache: FileResultCache | undefined,
  unparsable: ReadonlyMap<string, string>,
): FirstPass {
  const { rootPath } = input;
  const outcomes = new Map<string, ScriptFileOutcome>();
  for (const file of input.files) {
    const cached = cache?.get(file.path, file.contentHash) as ScriptFileOutcome | undefined;
    if (cached) outcomes.set(file.path, cached);
  }
  const toParse = input.files.filter((file) => !outcomes.has(file.path)).map((file) => join(rootPath, file.path));
  const syntaxOnly = ts.createProgram({ rootNames: toParse, options: { ...options, noLib: true, noResolve: true, types: [] }, host });
  const trees = new Map<string, FileTrees>();
  for (const file of input.files) {
    input.onFile?.(file.path);
    if (outcomes.has(file.path)) continue;
    const fileName = join(rootPath, file.path);
    const sourceFile = syntaxOnly.getSourceFile(fileName);
    const syntaxErrors = sourceFile ? syntaxOnly.getSyntacticDiagnostics(sourceFile) : [];
    let outcome: ScriptFileOutcome;
    if (!sourceFile) outcome = { skipped: unparsable.get(fileName) ?? 'not parsed' };
    else if (syntaxErrors.length > 0) outcome = { skipped: `parse error: ${describeDiagnostic(syntaxErrors[0]!)}` };
    else {
      const read = readScriptFile(input, file, sourceFile);
      if (read.trees) trees.set(file.path, read.trees);
      outcome = read.outcome;
    }
    outcomes.set(file.path, outcome);
    cache?.set(file.path, file.contentHash, outcome);
  }
  return { outcomes, trees };
}

/**
 * The symbol uid of each declaration node of the repository's trees walked whole, and those trees.
 * Trees outlive a run (see warm-program.ts), and so do these: a run need not gather every file's
 * declarations again before the checker's answers can be named. A node belongs to one tree of one
 * repository file, and a changed file is a new tree.
 */
const declarationUids = new WeakMap<ts.Node, string>();
const registeredTrees = new WeakSet<ts.SourceFile>();

function register(trees: FileTrees): void {
  for (const [node, uid] of trees.declarations) declarationUids.set(node, uid);
  registeredTrees.add(trees.sourceFile);
}

/**
 * The symbol uid of a declaration node of the repository's trees, for naming the checker's answers. A
 * call may land in any file: a tree the program parsed (the first pass came from the cache) has its
 * declarations read when an answer first lands in it, not before: most are never landed in.
 */
export function declarationUidsOf(
  input: ExtractionInput,
  byAbsolute: ReadonlyMap<string, RepoFile>,
): (declaration: ts.Node) => string | undefined {
  const unreadable = new WeakSet<ts.SourceFile>();
  return (node) => {
    const uid = declarationUids.get(node);
    if (uid !== undefined) return uid;
    const sourceFile = node.getSourceFile();
    const file = byAbsolute.get(sourceFile.fileName);
    if (!file || registeredTrees.has(sourceFile) || unreadable.has(sourceFile)) return undefined;
    if (!treesOf(input, file, sourceFile)) unreadable.add(sourceFile);
    return declarationUids.get(node);
  };
}

/** The trees of a file whose first pass came from the cache: its call sites and declarations, nothing else. */
export function treesOf(input: ExtractionInput, file: RepoFile, sourceFile: ts.SourceFile | undefined): FileTrees | null {
  if (!sourceFile) return null;
  const trees: FileTrees = { sourceFile, sites: [], heritage: [], declarations: new Map() };
  try {
    new FileSymbolExtractor(input, file, sourceFile, trees).extract();
    register(trees);
    return trees;
  } catch (error) {
    tooDeep(error, 'extract');
    return null;
  }
}

/** One parsed file's first pass: its result as data, and its trees for the typed pass. */
function readScriptFile(
  input: ExtractionInput,
  file: RepoFile,
  sourceFile: ts.SourceFile,
): { outcome: ScriptFileOutcome; trees: FileTrees | null } {
  const trees: FileTrees = { sourceFile, sites: [], heritage: [], declarations: new Map() };
  try {
    const symbols = new FileSymbolExtractor(input, file, sourceFile, trees).extract();
    register(trees);
    const result: ScriptFileResult = {
      symbols,
      specifiers: moduleSpecifiers(sourceFile),
      module: readModuleFacts(sourceFile),
      calls: trees.sites.map(({ callerUid, line, isNew, callee }) => ({ callerUid, line, isNew, callee })),
      heritage: trees.heritage.map(({ fromUid, kind, target }) => ({ fromUid, kind, target })),
    };
    return { outcome: result, trees };
  } catch (error) {
    return { outcome: { skipped: tooDeep(error, 'extract') }, trees: null };
  }
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `line ${line + 1}: ${message}`;
  }
  return message;
}

class FileSymbolExtractor {
  private readonly symbols: SymbolRow[] = [];
  private readonly byKey = new Map<string, SymbolRow>();
  private readonly usedUids = new Set<string>();
  private readonly qualifiedNames = new Set<string>();
  private readonly exportedNames = new Set<string>();
  private readonly fileUid: string;

  constructor(
    private readonly input: ExtractionInput,
    private readonly file: RepoFile,
    private readonly sourceFile: ts.SourceFile,
    private readonly trees: FileTrees,
  ) {
    this.fileUid = input.fileUids.get(file.path)!;
  }

  extract(): SymbolRow[] {
    for (const statement of this.sourceFile.statements) {
      if (
        ts.isExportDeclaration(statement) &&
        !statement.moduleSpecifier &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const element of statement.exportClause.elements) this.exportedNames.add((element.propertyName ?? element.name).text);
      }
      if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) this.exportedNames.add(statement.expression.text);
    }
    walkPreorder<Scope>(this.sourceFile, { parent: null, callerUid: null }, (node, scope) => this.visit(node, scope));
    return this.symbols;
  }

  private visit(node: ts.Node, scope: Scope): Scope {
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || isComponentElement(node)) {
      this.trees.sites.push({
        // Code in no symbol's body (a top-level statement, a class's decorator) runs when the module loads: the file calls.
        callerUid: scope.callerUid ?? this.fileUid,
        line: this.lineOf(node.getStart(this.sourceFile)),
        isNew: ts.isNewExpression(node),
        callee: referenceOf(calleeExpressionOf(node)),
        node,
      });
    }
    const declared = this.declare(node, scope);
    if (!declared) return scope;
    return {
      parent: { uid: declared.uid, qualifiedName: declared.qualifiedName, kind: declared.kind, exported: declared.exported },
      callerUid:
        declared.kind === 'class' || declared.kind === 'interface' || declared.kind === 'enum' || declared.kind === 'type'
          ? scope.callerUid
          : declared.uid,
    };
  }

  private declare(node: ts.Node, scope: Scope): SymbolRow | null {
    const parentKind = scope.parent?.kind ?? null;
    const inType = parentKind === 'class' || parentKind === 'interface';
    if (ts.isClassDeclaration(node) || (ts.isClassExpression(node) && node.name)) {
      const header = this.headerUpTo(node, node.members.pos - 1);
      return this.withHeritage(node, this.add(node, 'class', node.name?.text ?? 'default', scope, header));
    }
    if (ts.isInterfaceDeclaration(node)) {
      const header = this.headerUpTo(node, node.members.pos - 1);
      return this.withHeritage(node, this.add(node, 'interface', node.name.text, scope, header));
    }
    if (ts.isEnumDeclaration(node)) return this.add(node, 'enum', node.name.text, scope, this.headerUpTo(node, node.members.pos - 1));
    if (ts.isTypeAliasDeclaration(node)) return this.add(node, 'type', node.name.text, scope, this.headerUpTo(node, node.end));
    if (ts.isFunctionDeclaration(node) && !inType) {
      const nested = scope.callerUid !== null;
      return this.add(node, 'function', node.name?.text ?? 'default', scope, this.functionHeader(node), node, undefined, node, nested);
    }
    if (parentKind === 'class') {
      if (ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
        const name = ts.isConstructorDeclaration(node) ? 'constructor' : memberName(node.name);
        return name ? this.add(node, 'method', name, scope, this.functionHeader(node), node) : null;
      }
      if (ts.isPropertyDeclaration(node)) {
        const name = memberName(node.name);
        if (!name) return null;
        const fn = node.initializer && isFunctionExpressionLike(node.initializer) ? node.initializer : null;
        if (fn) return this.add(node, 'method', name, scope, this.headerUpTo(node, fn.body.getStart(this.sourceFile)), fn, fn);
        return this.add(node, 'property', name, scope, this.headerUpTo(node, node.initializer ? node.initializer.pos : node.end));
      }
      if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'property', name, scope, this.functionHeader(node), node) : null;
      }
    }
    if (parentKind === 'interface') {
      if (ts.isMethodSignature(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'method', name, scope, this.headerUpTo(node, node.end)) : null;
      }
      if (ts.isPropertySignature(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'property', name, scope, this.headerUpTo(node, node.end)) : null;
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isModuleLevelVariable(node)) {
      const statement = node.parent.parent as ts.VariableStatement;
      const fn = node.initializer && isFunctionExpressionLike(node.initializer) ? node.initializer : null;
      if (fn)
        return this.add(
          node,
          'function',
          node.name.text,
          scope,
          this.headerUpTo(statement, fn.body.getStart(this.sourceFile)),
          fn,
          fn,
          statement,
        );
      if (this.isExported(statement, node.name.text)) {
        return this.add(
          node,
          'variable',
          node.name.text,
          scope,
          this.headerUpTo(statement, node.initializer ? node.initializer.pos : node.end),
          undefined,
          undefined,
          statement,
        );
      }
      return null;
    }
    if (ts.isCallExpression(node)) {
      const test = testCall(node);
      if (test) {
        const title = `${test.fn}('${test.title}')`;
        return this.add(node, 'test', test.title, scope, title, test.body, test.body);
      }
    }
    // Any other body (a callback, a returned closure, an object-literal method...) is a nested function.
    if (hasBody(node) && !this.trees.declarations.has(node)) return this.addNested(node, scope);
    return null;
  }

  /**
   * A body no declaration names: a `function` symbol under the enclosing symbol, named by what it is
   * bound to (see bindingPath), with `#2`, `#3`... on the second and later bodies of one name.
   */
  private addNested(fn: FunctionBody, scope: Scope): SymbolRow {
    const base = this.bindingPath(fn, scope, 0) || 'anonymous';
    const separator = scope.parent === null ? '' : scope.parent.kind === 'test' ? ' > ' : '.';
    const prefix = scope.parent === null ? '' : scope.parent.qualifiedName + separator;
    let name = base;
    for (let n = 2; this.qualifiedNames.has(prefix + name); n++) name = `${base}#${n}`;
    const header = this.headerUpTo(fn, ts.isBlock(fn.body) ? fn.body.getStart(this.sourceFile) : fn.body.pos);
    const symbol = this.add(fn, 'function', name, scope, header, fn, undefined, fn, true);
    // The checker names the binding (`const f = ...`, `{ f: ... }`) as the declaration of a call to it.
    const binding = fn.parent;
    if ((ts.isVariableDeclaration(binding) || ts.isPropertyAssignment(binding)) && !this.trees.declarations.has(binding)) {
      this.trees.declarations.set(binding, symbol.uid);
    }
    return symbol;
  }

  /**
   * What a body is bound to, inside its enclosing symbol: a variable (`handler`), a property of an
   * object literal, through the literal's own binding (`routes.list`), an element of an array
   * (`steps[2]`), an assignment's target (`this.onload`), an argument (`map(0)`: the callee's last
   * name and the argument's position), a JSX attribute (`onClick`), `return` (returned, or the body
   * of an arrow), `default` (`export default`); '' when it is the enclosing symbol's own initializer.
   */
  private bindingPath(node: ts.Node, scope: Scope, depth: number): string {
    if (depth > MAX_BINDING_DEPTH) return 'anonymous';
    const join = (base: string, key: string): string => (base ? `${base}.${key}` : key);
    let child: ts.Node = node;
    let parent = node.parent;
    // Wrappers that pass a value through: parentheses, type assertions, a branch of `?:`, `||`, `??`, `&&`.
    while (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isTypeAssertionExpression(parent) ||
      (ts.isConditionalExpression(parent) && child !== parent.condition) ||
      (ts.isBinaryExpression(parent) && LOGICAL_OPERATORS.has(parent.operatorToken.kind))
    ) {
      child = parent;
      parent = parent.parent;
    }
    // The enclosing symbol's own binding (`export const api = { ... }`): the path starts inside it.
    if (scope.parent !== null && !ts.isFunctionLike(parent) && this.trees.declarations.get(parent) === scope.parent.uid) return '';
    if (
      (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) &&
      ts.isObjectLiteralExpression(parent)
    ) {
      return join(this.bindingPath(parent, scope, depth + 1), memberName(node.name) ?? 'computed');
    }
    if (ts.isClassLike(parent) && ts.isClassElement(node)) {
      const member = ts.isConstructorDeclaration(node) ? 'constructor' : node.name ? (memberName(node.name) ?? 'computed') : 'anonymous';
      return join(this.bindingPath(parent, scope, depth + 1), member);
    }
    if (ts.isVariableDeclaration(parent)) return ts.isIdentifier(parent.name) ? parent.name.text : 'destructured';
    if (ts.isPropertyAssignment(parent)) {
      return join(
        ts.isObjectLiteralExpression(parent.parent) ? this.bindingPath(parent.parent, scope, depth + 1) : '',
        memberName(parent.name) ?? 'computed',
      );
    }
    if (ts.isArrayLiteralExpression(parent))
      return `${this.bindingPath(parent, scope, depth + 1)}[${parent.elements.indexOf(child as ts.Expression)}]`;
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) {
      const index = parent.arguments?.indexOf(child as ts.Expression) ?? -1;
      return `${lastNameOf(referenceOf(parent.expression)) ?? 'call'}(${index})`;
    }
    if (ts.isCallExpression(parent)) return 'iife';
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === child) {
      return assignedName(parent.left);
    }
    if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === child)) return 'return';
    if (ts.isExportAssignment(parent)) return 'default';
    if (ts.isParameter(parent) || ts.isPropertyDeclaration(parent) || ts.isBindingElement(parent)) {
      return ts.isIdentifier(parent.name) || ts.isPrivateIdentifier(parent.name) ? parent.name.text : 'destructured';
    }
    if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return parent.parent.name.getText(this.sourceFile);
    return 'anonymous';
  }

  /**
   * Records a symbol. Overloads and get/set pairs share one symbol; other clashes get a `~n` uid.
   * `complexityOf` is the function-like node whose body is measured; `alias` is another node the
   * checker may name as the declaration (the arrow function of `const f = () => ...`).
   */
  private add(
    node: ts.Node,
    kind: SymbolKind,
    name: string,
    scope: Scope,
    signature: string,
    complexityOf?: ts.SignatureDeclaration,
    alias?: ts.Node,
    docHolder: ts.Node = node,
    nested = false,
  ): SymbolRow {
    const parent = scope.parent;
    const qualifiedName =
      parent === null
        ? name
        : kind === 'test' || parent.kind === 'test'
          ? `${parent.qualifiedName} > ${name}`
          : `${parent.qualifiedName}.${name}`;
    const startLine = this.lineOf(node.getStart(this.sourceFile));
    const endLine = this.lineOf(node.end);
    const key = `${kind}|${parent?.uid ?? ''}|${qualifiedName}`;
    const mergeable = kind === 'function' || kind === 'method' || kind === 'property';
    const existing = mergeable ? this.byKey.get(key) : undefined;
    if (existing) {
      existing.startLine = Math.min(existing.startLine, startLine);
      existing.endLine = Math.max(existing.endLine, endLine);
      if (complexityOf !== undefined && hasBody(complexityOf)) {
        existing.signature = cap(signature, MAX_SIGNATURE);
        Object.assign(existing, measureBody(complexityOf, this.sourceFile));
      }
      this.trees.declarations.set(node, existing.uid);
      if (alias) this.trees.declarations.set(alias, existing.uid);
      return existing;
    }
    const baseUid = symbolUid(this.input.tenantId, this.input.repositoryId, this.file.path, qualifiedName);
    let uid = baseUid;
    for (let n = 2; this.usedUids.has(uid); n++) uid = `${baseUid}~${n}`;
    this.usedUids.add(uid);
    const exported = nested
      ? false
      : parent === null
        ? this.isExported(docHolder, name)
        : parent.exported && kind !== 'test' && !isPrivateMember(node);
    const measured =
      complexityOf !== undefined && hasBody(complexityOf)
        ? measureBody(complexityOf, this.sourceFile)
        : DECLARATIONS_WITH_WINDOWS.has(kind)
          ? measureDeclaration(node, this.sourceFile)
          : null;
    const symbol: SymbolRow = {
      uid,
      fileUid: this.fileUid,
      parentUid: parent?.uid ?? null,
      kind,
      name,
      qualifiedName,
      nameTokens: nameTokens(name, qualifiedName),
      path: this.file.path,
      language: this.file.language,
      signature: cap(signature, MAX_SIGNATURE),
      doc: kind === 'test' ? null : docComment(docHolder, this.sourceFile),
      startLine,
      endLine,
      exported,
      complexity: null,
      ...measured,
      ...(nested && { nested }),
    };
    this.symbols.push(symbol);
    this.qualifiedNames.add(qualifiedName);
    if (mergeable) this.byKey.set(key, symbol);
    this.trees.declarations.set(node, uid);
    if (alias) this.trees.declarations.set(alias, uid);
    return symbol;
  }

  private withHeritage(node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration, symbol: SymbolRow): SymbolRow {
    for (const clause of node.heritageClauses ?? []) {
      const kind = clause.token === ts.SyntaxKind.ImplementsKeyword ? 'IMPLEMENTS' : 'EXTENDS';
      for (const type of clause.types) {
        this.trees.heritage.push({ fromUid: symbol.uid, kind, target: referenceOf(type.expression), expression: type.expression });
      }
    }
    return symbol;
  }

  private isExported(node: ts.Node, name: string): boolean {
    const flags = ts.canHaveModifiers(node) ? ts.getCombinedModifierFlags(node as ts.Declaration) : 0;
    return (flags & ts.ModifierFlags.Export) !== 0 || (flags & ts.ModifierFlags.Default) !== 0 || this.exportedNames.has(name);
  }

  private lineOf(position: number): number {
    return this.sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  }

  /** Declaration text from its first keyword (decorators left out) up to `end`, on one line. */
  private headerUpTo(node: ts.Node, end: number): string {
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
    const afterDecorators = decorators.length > 0 ? decorators[decorators.length - 1]!.end : node.getStart(this.sourceFile);
    const start = modifiers.length > 0 ? Math.max(modifiers[0]!.getStart(this.sourceFile), afterDecorators) : afterDecorators;
    const text = this.sourceFile.text.slice(start, end);
    return text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[{=]\s*$/, '')
      .trim();
  }

  private functionHeader(node: ts.SignatureDeclaration & { body?: ts.Node }): string {
    return this.headerUpTo(node, node.body ? node.body.getStart(this.sourceFile) : node.end);
  }
}

function memberName(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return null;
}

const LOGICAL_OPERATORS = new Set([ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken]);

function isFunctionExpressionLike(node: ts.Expression): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

function isModuleLevelVariable(node: ts.VariableDeclaration): boolean {
  return (
    ts.isVariableDeclarationList(node.parent) && ts.isVariableStatement(node.parent.parent) && ts.isSourceFile(node.parent.parent.parent)
  );
}

function isPrivateMember(node: ts.Node): boolean {
  const flags = ts.canHaveModifiers(node) ? ts.getCombinedModifierFlags(node as ts.Declaration) : 0;
  if ((flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0) return true;
  const name = (node as ts.NamedDeclaration).name;
  return name !== undefined && ts.isPrivateIdentifier(name);
}

/** describe/it/test('title', fn) and their .only/.skip/.each-free variants. */
function testCall(node: ts.CallExpression): { fn: string; title: string; body: ts.ArrowFunction | ts.FunctionExpression } | null {
  let callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'only' || callee.name.text === 'skip')) callee = callee.expression;
  if (!ts.isIdentifier(callee) || !TEST_FUNCTIONS.has(callee.text)) return null;
  const [title, body] = node.arguments;
  if (!title || !(ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) return null;
  if (!body || !isFunctionExpressionLike(body)) return null;
  return { fn: callee.text, title: testTitle(title.text), body };
}

/**
 * The name an assignment gives the body assigned: the target's names (`handler`, `this.onClose`,
 * `Router.prototype.use`), or of a target that is no chain of names (`(x as Y).run`, `a[i].run`) its
 * last name: a name is one line a person can type, never the target's source text.
 */
function assignedName(target: ts.Expression): string {
  const reference = referenceOf(target);
  if (reference.from === 'expression') return reference.name ?? 'assigned';
  return (reference.from === 'this' ? ['this', ...reference.chain] : reference.chain).join('.');
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function docComment(node: ts.Node, sourceFile: ts.SourceFile): string | null {
  const ranges = ts.getLeadingCommentRanges(sourceFile.text, node.getFullStart()) ?? [];
  const jsdoc = ranges.filter((range) => sourceFile.text.startsWith('/**', range.pos)).pop();
  if (!jsdoc) return null;
  const text = sourceFile.text
    .slice(jsdoc.pos + 3, jsdoc.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n')
    .trim();
  return text ? cap(text, MAX_DOC) : null;
}
