import { createHash } from 'node:crypto';
import ts from 'typescript';

/**
 * What a module shows the files that import it, statement by statement: each top-level name it binds
 * (declarations, imports, export lists) with a hash of the statements binding it, and the statements
 * that bind no name. Kept with a file's exact answers, so that the next run can tell which names an
 * edit changed.
 */
export interface ModuleSurface {
  /** Name -> hash of the statements that bind it, in order (the order names overloads and clashes). */
  names: Record<string, string>;
  /**
   * Statements binding no name (expressions, `export *`, `export =`, side-effect imports): their hash,
   * and the file's names they mention, or null when they may shape the module's exports as a whole.
   */
  unnamed: [hash: string, mentions: string[] | null][];
}

/** A statement that mentions one of these in an expression may write the module's exports (CommonJS, expandos on `this`). */
const EXPORT_WRITERS = ['module', 'exports', 'this', 'globalThis', 'global', 'window', 'self'];

/** The names a top-level statement binds; null for a statement that binds none. */
function namesBound(statement: ts.Statement): string[] | null {
  const names: string[] = [];
  const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement)
  ) {
    if (statement.name) names.push(statement.name.text);
    if (isDefault) names.push('default');
  } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
    names.push(statement.name.text);
  } else if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, names);
  } else if (ts.isImportDeclaration(statement) && statement.importClause) {
    const { name, namedBindings } = statement.importClause;
    if (name) names.push(name.text);
    if (namedBindings && ts.isNamespaceImport(namedBindings)) names.push(namedBindings.name.text);
    else if (namedBindings) for (const element of namedBindings.elements) names.push(element.name.text);
  } else if (ts.isImportEqualsDeclaration(statement)) {
    names.push(statement.name.text);
  } else if (ts.isExportDeclaration(statement) && statement.exportClause) {
    if (ts.isNamespaceExport(statement.exportClause)) names.push(statement.exportClause.name.text);
    else for (const element of statement.exportClause.elements) names.push(element.name.text);
  } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
    names.push('default');
  }
  return names.length > 0 ? names : null;
}

/**
 * `export * from`, `import './x'`: mentioning a changed name (in the module specifier, `./make`) binds
 * nothing here; names pass through to the importers anyway. Added or removed, they change the module
 * as a whole (see `unnamedMentions`).
 */
function passesThrough(statement: ts.Statement): boolean {
  return (ts.isExportDeclaration(statement) && !statement.exportClause) || (ts.isImportDeclaration(statement) && !statement.importClause);
}

function bindingNames(name: ts.BindingName, into: string[]): void {
  if (ts.isIdentifier(name)) into.push(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
}

/**
 * The parts of a statement that make the types it declares: all of it but the bodies whose content no
 * type depends on, in TypeScript (in JavaScript a body can declare: `this.x = ...` in a constructor).
 * Those are the bodies of functions, methods and getters that declare their return type, and of
 * setters and constructors. Leading comments count (JSDoc types a JavaScript file's declarations),
 * blank lines before the statement do not. An edit inside such a body changes no name.
 */
function typeSegments(sourceFile: ts.SourceFile, statement: ts.Statement): [start: number, end: number][] {
  const segments: [number, number][] = [];
  let from = statement.pos;
  const typed = !/\.(c|m)?jsx?$/.test(sourceFile.fileName);
  const visit = (node: ts.Node): void => {
    const body = typed ? bodyNoTypeDependsOn(node) : undefined;
    if (body) {
      segments.push([from, body.pos]);
      from = body.end;
    } else ts.forEachChild(node, visit);
  };
  visit(statement);
  segments.push([from, statement.end]);
  return segments;
}

function bodyNoTypeDependsOn(node: ts.Node): ts.Node | undefined {
  if (ts.isConstructorDeclaration(node) || ts.isSetAccessorDeclaration(node)) return node.body;
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  )
    return node.type ? node.body : undefined;
  return undefined;
}

function statementText(sourceFile: ts.SourceFile, statement: ts.Statement): string {
  return typeSegments(sourceFile, statement)
    .map(([start, end]) => sourceFile.text.slice(start, end))
    .join('{}')
    .trimStart();
}

/** The words of the parts of a statement that make its types. */
function typeWords(sourceFile: ts.SourceFile, statement: ts.Statement): Set<string> {
  const words = new Set<string>();
  for (const [start, end] of typeSegments(sourceFile, statement)) for (const word of wordsIn(sourceFile.text, start, end)) words.add(word);
  return words;
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 20);
}

const isWordChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;

/** Whether `text` has `name` as one of its words (see `wordsIn`), without listing them. */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1))
    if ((at === 0 || !isWordChar(text.charCodeAt(at - 1))) && !isWordChar(text.charCodeAt(at + name.length))) return true;
  return false;
}

const WORD = /[A-Za-z0-9_$\u0080-\uffff]+/g;

/**
 * The words of `text[start, end)`: its maximal runs of identifier characters. A name is mentioned
 * where it is one: an identifier, a property name (`ns.name`), a string key (`ns['name']`).
 */
export function wordsIn(text: string, start = 0, end = text.length): Set<string> {
  return new Set(text.slice(start, end).match(WORD));
}

/** The file's names a statement binding none mentions; null when it may write the exports. */
function unnamedMentions(sourceFile: ts.SourceFile, statement: ts.Statement, fileNames: Iterable<string>): string[] | null {
  // `export *`, `export =`, an import for its side effects: the module's exports, or what it loads, as a whole.
  if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement) || ts.isImportDeclaration(statement)) return null;
  if (ts.isModuleDeclaration(statement)) return null;
  const words = typeWords(sourceFile, statement);
  if (EXPORT_WRITERS.some((writer) => words.has(writer))) return null;
  return [...fileNames].filter((name) => words.has(name));
}

/** By tree: a changed file's surface is told before its answers are written, with it. */
const surfaces = new WeakMap<ts.SourceFile, ModuleSurface>();

export function moduleSurface(sourceFile: ts.SourceFile): ModuleSurface {
  let surface = surfaces.get(sourceFile);
  if (!surface) surfaces.set(sourceFile, (surface = surfaceOf(sourceFile)));
  return surface;
}

function surfaceOf(sourceFile: ts.SourceFile): ModuleSurface {
  const names: Record<string, string> = {};
  const unnamedStatements: ts.Statement[] = [];
  for (const statement of sourceFile.statements) {
    const bound = namesBound(statement);
    if (!bound) {
      unnamedStatements.push(statement);
      continue;
    }
    const statementHash = hash(statementText(sourceFile, statement));
    for (const name of bound) names[name] = name in names ? hash(`${names[name]}\0${statementHash}`) : statementHash;
  }
  const fileNames = Object.keys(names);
  const unnamed = unnamedStatements.map((statement): [string, string[] | null] => [
    hash(statementText(sourceFile, statement)),
    unnamedMentions(sourceFile, statement, fileNames),
  ]);
  return { names, unnamed };
}

/**
 * The names an edit changed, from the file's surfaces before and after it: names bound, unbound or
 * bound differently, and the names that statements added or removed without binding one mention. Null
 * when the module's exports may have changed as a whole.
 */
export function changedNames(before: ModuleSurface, after: ModuleSurface): Set<string> | null {
  const changed = new Set<string>();
  for (const name of Object.keys(before.names)) if (before.names[name] !== after.names[name]) changed.add(name);
  for (const name of Object.keys(after.names)) if (before.names[name] !== after.names[name]) changed.add(name);
  const unmatched = new Map<string, (string[] | null)[]>();
  for (const [statementHash, mentioned] of before.unnamed)
    unmatched.set(statementHash, [...(unmatched.get(statementHash) ?? []), mentioned]);
  const added: (string[] | null)[] = [];
  for (const [statementHash, mentioned] of after.unnamed) {
    const left = unmatched.get(statementHash);
    if (left && left.length > 0) left.pop();
    else added.push(mentioned);
  }
  for (const mentioned of [...added, ...[...unmatched.values()].flat()]) {
    if (mentioned === null) return null;
    for (const name of mentioned) changed.add(name);
  }
  return changed;
}

/**
 * Which names of one file a change reaches, within the file: a statement whose types mention a changed
 * name (see `typeSegments`) changes the names it binds, until nothing more changes. Grown as more
 * changed names reach the file through its imports.
 */
class NamesReached {
  private readonly marked = new Set<ts.Statement>();
  private readonly words = new Map<ts.Statement, Set<string>>();
  readonly names = new Set<string>();
  /** Set once a statement that may write the module's exports is reached. */
  whole = false;

  constructor(
    private readonly sourceFile: ts.SourceFile,
    private readonly fileNames: readonly string[],
  ) {}

  get statements(): readonly ts.Statement[] {
    return this.sourceFile.statements;
  }

  /**
   * Marks the statements whose types mention one of `tokens` (see `typeSegments`), then those whose
   * types mention a name they bind; returns the names newly reached. An import's default name is
   * reached where `importsChangedDefault`.
   */
  reach(tokens: Iterable<string>, importsChangedDefault: (statement: ts.ImportDeclaration) => boolean = () => false): string[] {
    const { text } = this.sourceFile;
    const reached: string[] = [];
    let frontier = [...tokens];
    let first = true;
    while (frontier.length > 0 || first) {
      const mentioned = (node: ts.Node): boolean => {
        const words = wordsIn(text, node.pos, node.end);
        return frontier.some((token) => words.has(token));
      };
      const next: string[] = [];
      for (const statement of this.sourceFile.statements) {
        if (this.marked.has(statement)) continue;
        let bound: string[] | null;
        const list = namedList(statement);
        if (list) {
          // Names imported or exported one by one: each is reached by its own mention, not by its neighbours'.
          bound = list.filter(mentioned).map((element) => element.name.text);
          const defaultName = ts.isImportDeclaration(statement) ? statement.importClause?.name : undefined;
          if (first && defaultName && importsChangedDefault(statement as ts.ImportDeclaration)) bound.push(defaultName.text);
        } else {
          let words = this.words.get(statement);
          if (!words) this.words.set(statement, (words = typeWords(this.sourceFile, statement)));
          if (!frontier.some((token) => words.has(token))) continue;
          this.marked.add(statement);
          bound = namesBound(statement) ?? (passesThrough(statement) ? [] : unnamedMentions(this.sourceFile, statement, this.fileNames));
        }
        if (bound === null) this.whole = true;
        for (const name of bound ?? [])
          if (!this.names.has(name)) {
            this.names.add(name);
            reached.push(name);
            next.push(name);
          }
      }
      frontier = next;
      first = false;
    }
    return reached;
  }
}

/**
 * The names an import or export statement takes one by one (`{ a, b as c }`); empty for a default or
 * namespace import, which no mention in the statement reaches; undefined for other statements.
 */
function namedList(statement: ts.Statement): readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] | undefined {
  if (ts.isImportDeclaration(statement) && statement.importClause) {
    const bindings = statement.importClause.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
  }
  if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
    return statement.exportClause.elements;
  return undefined;
}

/** What `filesToResolveAgain` asks of the repository as it is now. */
export interface CurrentFiles {
  /** Dependencies between the repository's files (imports, import types, references), before or after the change. */
  dependencies: Iterable<[from: string, to: Iterable<string>]>;
  /** A file's content now; undefined for a file that is gone. */
  text(path: string): string | undefined;
  /** A file's tree now (parsed on demand when none is at hand). */
  tree(path: string): ts.SourceFile | undefined;
  /** The repository file a module specifier names, from a file. */
  target(path: string, specifier: string): string | null;
}

/**
 * The files whose exact answers must be taken again after a change, as TypeScript's builder decides
 * which files to check again, by name rather than by file: the changed files, and each file that
 * depends on one, directly or not, and mentions a name the change reached.
 *
 * A checker's answer at a call site depends on the declarations its file reaches through names: the
 * ones it imports, the types of those (named in their own statements), and so on. So a change to a
 * file reaches its names that changed; then, in each file depending on it that mentions one of them
 * (an import, a property access `ns.name`, a string key), the statements whose types mention it,
 * whose names change in turn. Names pass through files that re-export without naming (`export *`,
 * namespace objects): a dependent at any depth that mentions one is reached. A file that mentions none
 * sees the declarations it saw. `changed` maps each changed file to the names its edit changed, or
 * null where that is not known (a file added, removed, or whose imports now lead elsewhere; CommonJS
 * exports written as a whole): then every file depending on it is resolved again, as before this
 * rule. A changed default export reaches the files importing it directly, under any name.
 */
export function filesToResolveAgain(changed: ReadonlyMap<string, ReadonlySet<string> | null>, files: CurrentFiles): Set<string> {
  const dependents = new Map<string, Set<string>>();
  for (const [from, targets] of files.dependencies)
    for (const to of targets) {
      const list = dependents.get(to) ?? new Set<string>();
      list.add(from);
      dependents.set(to, list);
    }
  const dependentsOf = (roots: Iterable<string>): Set<string> => {
    const found = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0)
      for (const dependent of dependents.get(queue.pop()!) ?? [])
        if (!found.has(dependent)) {
          found.add(dependent);
          queue.push(dependent);
        }
    return found;
  };
  const again = new Set(changed.keys());
  /** Files every dependent of which is resolved again. */
  const whole = new Set<string>();
  const reachedIn = new Map<string, NamesReached | null>();
  const reachedOf = (path: string): NamesReached | null => {
    if (!reachedIn.has(path)) {
      const tree = files.tree(path);
      const fileNames = tree ? [...new Set(tree.statements.flatMap((statement) => namesBound(statement) ?? []))] : [];
      reachedIn.set(path, tree ? new NamesReached(tree, fileNames) : null);
    }
    return reachedIn.get(path)!;
  };
  const pending: string[] = [];
  const queued = new Set<string>();
  /** Names reached in a file: looked for in every dependent; a changed default export, in its direct importers. */
  const reachedNames = (path: string, names: Iterable<string>): void => {
    for (const name of names) {
      if (name === 'default') defaultChanged(path);
      if (!queued.has(name)) {
        queued.add(name);
        pending.push(name);
      }
    }
  };
  const defaultChanged = (from: string): void => {
    for (const dependent of dependents.get(from) ?? []) {
      const reached = whole.has(dependent) ? undefined : reachedOf(dependent);
      const importsDefault = (statement: ts.ImportDeclaration): boolean =>
        statement.importClause?.name !== undefined &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        files.target(dependent, statement.moduleSpecifier.text) === from;
      if (!reached?.statements.some((statement) => ts.isImportDeclaration(statement) && importsDefault(statement))) continue;
      again.add(dependent);
      reachedNames(dependent, reached.reach([], importsDefault));
      if (reached.whole) whole.add(dependent);
    }
  };
  const byName: string[] = [];
  for (const [path, names] of changed) {
    const reached = names && files.text(path) !== undefined ? reachedOf(path) : null;
    if (!reached) whole.add(path);
    else byName.push(path);
  }
  // Where a name is looked for: every file depending on a changed one. A few names are looked for
  // in the text; more, in an index of the files' words, built once.
  const candidates = [...dependentsOf(byName)];
  let index: Map<string, string[]> | null = null;
  let scans = 0;
  const mentioning = (name: string): string[] => {
    if (!index && ++scans > 8) {
      index = new Map();
      for (const path of candidates)
        for (const word of wordsIn(files.text(path) ?? '')) {
          const list = index.get(word);
          if (list) list.push(path);
          else index.set(word, [path]);
        }
    }
    return index ? (index.get(name) ?? []) : candidates.filter((path) => mentions(files.text(path) ?? '', name));
  };
  for (const path of byName) {
    const names = changed.get(path)!;
    const reached = reachedOf(path)!;
    reachedNames(path, [...names, ...reached.reach(names)]);
    if (reached.whole) whole.add(path);
  }
  while (pending.length > 0) {
    const name = pending.pop()!;
    for (const path of mentioning(name)) {
      if (whole.has(path)) continue;
      again.add(path);
      const reached = reachedOf(path);
      if (!reached) {
        // Not parsable, so not resolved by name either: its dependents are resolved again.
        whole.add(path);
        continue;
      }
      reachedNames(path, reached.reach([name]));
      if (reached.whole) whole.add(path);
    }
  }
  for (const path of whole) again.add(path);
  for (const path of dependentsOf(whole)) again.add(path);
  return again;
}
