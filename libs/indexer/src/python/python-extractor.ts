import { posix } from 'node:path';
import type { Node, Query } from 'web-tree-sitter';
import type { InheritanceRow, SkippedFile, SymbolRow } from '@lore/domain';
import type { Extraction, ExtractionInput, LanguageExtractor } from '../extractor';
import type { SourceFile } from '../repository-files';
import {
  CallEdges,
  childOfType,
  compare,
  docText,
  endLineOf,
  FileSymbols,
  ImportEdges,
  indexByName,
  namedChildrenOf,
  parserFor,
  forEachParsedFile,
  signatureText,
  startLineOf,
  visitCaptures,
  nodeTypeQuery,
} from '../tree-sitter/tree-sitter';

/** Decision points: 1 + these inside a function (not in nested functions or lambdas). */
const DECISIONS = new Set([
  'if_statement',
  'elif_clause',
  'for_statement',
  'while_statement',
  'except_clause',
  'conditional_expression',
  'if_clause',
  'boolean_operator',
  'case_clause',
]);

/** Names a bare call may mean without any import: never matched to repository functions by name. */
/** The node types the single pass over a file looks at. */
const VISITED = [
  ...DECISIONS,
  'class_definition',
  'function_definition',
  'lambda',
  'call',
  'import_statement',
  'import_from_statement',
  'assignment',
  'for_in_clause',
];

/** Names a bare call may mean without any import: never matched to repository functions by name. */
const BUILTINS = new Set(
  (
    'abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex ' +
    'delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id ' +
    'input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print ' +
    'property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip ' +
    '__import__ NotImplemented Ellipsis None True False ' +
    'BaseException BaseExceptionGroup Exception ExceptionGroup ArithmeticError AssertionError AttributeError ' +
    'BlockingIOError BrokenPipeError BufferError ChildProcessError ConnectionError ConnectionAbortedError ' +
    'ConnectionRefusedError ConnectionResetError EOFError EnvironmentError FileExistsError FileNotFoundError ' +
    'FloatingPointError GeneratorExit IOError ImportError IndentationError IndexError InterruptedError ' +
    'IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError ' +
    'NotADirectoryError NotImplementedError OSError OverflowError PermissionError ProcessLookupError RecursionError ' +
    'ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError SystemExit TabError ' +
    'TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError ValueError ' +
    'ZeroDivisionError Warning DeprecationWarning UserWarning RuntimeWarning'
  ).split(' '),
);

/** Annotations naming a collection, whose element type a `for` loop variable takes. */
const COLLECTION_ELEMENT =
  /^(?:typing\.|collections\.abc\.)?(?:list|List|set|Set|frozenset|FrozenSet|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|MutableSet|deque|Deque|Generator|tuple|Tuple)\[\s*([A-Za-z_][\w.]*)/;

const MAX_EVAL_DEPTH = 12;

type PyExpr = { kind: 'path'; parts: string[] } | { kind: 'call'; callee: PyExpr } | { kind: 'super' } | { kind: 'other' };

/** Where a variable's type comes from: its annotation, the value assigned, or the collection looped over. */
type TypeSource = { kind: 'annotation'; text: string } | { kind: 'value'; expr: PyExpr } | { kind: 'element'; of: PyExpr };

type Binding =
  { kind: 'module'; path: string | null; internal: boolean } | { kind: 'symbol'; path: string | null; name: string; internal: boolean };

interface PyModule {
  path: string;
  topLevel: Map<string, SymbolRow>;
  byQualifiedName: Map<string, SymbolRow>;
  bindings: Map<string, Binding>;
  globals: Map<string, TypeSource>;
  starImports: string[];
  sites: CallSite[];
}

interface PyClass {
  symbol: SymbolRow;
  module: PyModule;
  members: Map<string, SymbolRow>;
  bases: PyExpr[];
  attributes: Map<string, { source: TypeSource; fn: PyFunction | null }>;
  resolvedBases?: PyClass[];
}

interface PyFunction {
  symbol: SymbolRow;
  module: PyModule;
  /** The class of a method (for `self`), also seen by functions nested in the method. */
  cls: PyClass | null;
  selfName: string | null;
  locals: Map<string, TypeSource>;
  returns: string | null;
  enclosing: PyFunction | null;
  complexity: number;
}

interface CallSite {
  fn: PyFunction;
  line: number;
  name: string;
  receiver: PyExpr | null;
}

type Scope = { kind: 'class'; cls: PyClass } | { kind: 'function'; fn: PyFunction } | { kind: 'sink' };

type Value =
  | { kind: 'class'; cls: PyClass }
  | { kind: 'function'; symbol: SymbolRow }
  | { kind: 'module'; module: PyModule }
  | { kind: 'external' }
  | { kind: 'unknown' };

const UNTYPED: TypeSource = { kind: 'value', expr: { kind: 'other' } };
const EXTERNAL: Value = { kind: 'external' };
const UNKNOWN: Value = { kind: 'unknown' };

/**
 * Python with tree-sitter. Symbols: classes, functions, methods, nested functions (`outer.inner`),
 * module-level UPPER_CASE constants (variable) and pytest tests (`test*` functions in test_*.py /
 * *_test.py, `test*` methods of `Test*` classes).
 *
 * Calls are followed through what the file knows: nested and module-level definitions, `import` /
 * `from … import` bindings (relative ones too, re-exports through `__init__.py` followed), and the
 * type of a receiver when it can be read off the code: `self` / `cls`, parameter and variable
 * annotations, `x = Class(...)`, `x = f(...)` with `def f(...) -> Class`, `self.attr` assigned in
 * any method, `for x in xs` over an annotated `list[Class]`, base classes for inherited methods.
 * Those edges are `import`. A receiver whose type is known to be outside the repository (a builtin,
 * an imported library) gives no edge; anything else falls back to the name (`name`/`ambiguous`):
 * bare calls against module-level functions and classes, member calls against methods. Builtins are
 * never matched by name. Calling a class (`Invoice(...)`) is an edge to the class.
 */
export class PythonExtractor implements LanguageExtractor {
  readonly languages = ['python'] as const;

  async extract(input: ExtractionInput): Promise<Extraction> {
    const parser = await parserFor('python');
    const query = await nodeTypeQuery('python', VISITED);
    const files = input.files.filter((file) => file.text !== null);
    const index = new ModuleIndex(files.map((file) => file.path));
    const state: ResolutionState = {
      modules: new Map(),
      classes: new Map(),
      functions: new Map(),
      bareCandidates: new Map(),
      methodCandidates: new Map(),
    };
    const symbols: SymbolRow[] = [];
    const skipped: SkippedFile[] = [];
    const imports = new ImportEdges(input);

    forEachParsedFile(parser, input, skipped, (file, root) => {
      const extractor = new PythonFileExtractor(input, file, index, imports);
      const module = extractor.extract(root, query);
      extractor.commit();
      state.modules.set(file.path, module);
      for (const cls of extractor.classes) state.classes.set(cls.symbol.uid, cls);
      for (const fn of extractor.functions) state.functions.set(fn.symbol.uid, fn);
      for (const symbol of extractor.symbols.symbols) {
        symbols.push(symbol);
        if (symbol.kind === 'method') indexByName(state.methodCandidates, symbol);
        else if (symbol.parentUid === null && (symbol.kind === 'function' || symbol.kind === 'class'))
          indexByName(state.bareCandidates, symbol);
      }
    });

    const resolver = new Resolver(state);
    const calls = new CallEdges();
    for (const module of state.modules.values()) for (const site of module.sites) resolver.resolveCall(site, calls);

    const inheritance: InheritanceRow[] = [];
    for (const cls of state.classes.values()) {
      for (const base of resolver.basesOf(cls)) inheritance.push({ fromUid: cls.symbol.uid, toUid: base.symbol.uid, kind: 'EXTENDS' });
    }
    inheritance.sort((a, b) => compare(a.fromUid, b.fromUid) || compare(a.toUid, b.toUid));

    return { symbols, calls: calls.rows(), imports: imports.rows(), inheritance, skipped };
  }
}

interface ResolutionState {
  modules: Map<string, PyModule>;
  classes: Map<string, PyClass>;
  functions: Map<string, PyFunction>;
  /** Module-level functions and classes by name (fallback for bare calls). */
  bareCandidates: Map<string, SymbolRow[]>;
  /** Methods by name (fallback for member calls). */
  methodCandidates: Map<string, SymbolRow[]>;
}

/**
 * Dotted module names of the repository's files. A file is known under its full path
 * (`src/billing/tax.py` → `src.billing.tax`) and under every shorter name whose top directory could
 * be on sys.path, that is, whose parent directory is not itself a package (no `__init__.py`):
 * `billing.tax` when `src/` is not a package. A name several files share goes to the one with the
 * fewest dropped directories, then the one closest to the importing file.
 */
class ModuleIndex {
  private readonly byName = new Map<string, { path: string; depth: number }[]>();
  private readonly paths: Set<string>;

  constructor(paths: string[]) {
    this.paths = new Set(paths);
    const packageDirs = new Set(paths.filter((path) => posix.basename(path) === '__init__.py').map((path) => posix.dirname(path)));
    for (const path of [...paths].sort(compare)) {
      const parts = moduleParts(path);
      if (parts.length === 0) continue;
      for (let depth = 0; depth < parts.length; depth++) {
        if (depth > 0 && packageDirs.has(parts.slice(0, depth).join('/'))) continue;
        const name = parts.slice(depth).join('.');
        const entries = this.byName.get(name);
        if (entries) entries.push({ path, depth });
        else this.byName.set(name, [{ path, depth }]);
      }
    }
  }

  resolve(name: string, importer: string): string | null {
    const entries = this.byName.get(name);
    if (!entries) return null;
    let best: { path: string; depth: number } | null = null;
    let bestShared = -1;
    for (const entry of entries) {
      const shared = sharedPrefix(entry.path, importer);
      if (!best || entry.depth < best.depth || (entry.depth === best.depth && shared > bestShared)) {
        best = entry;
        bestShared = shared;
      }
    }
    return best!.path;
  }

  /** Whether a top-level module name belongs to the repository (then an unresolved import is ours, not a library's). */
  isInternal(name: string): boolean {
    return this.byName.has(name.split('.')[0]!);
  }

  /** The file of a module given by its path parts (relative imports). */
  byParts(parts: string[]): string | null {
    if (parts.length === 0) return this.paths.has('__init__.py') ? '__init__.py' : null;
    const base = parts.join('/');
    if (this.paths.has(`${base}.py`)) return `${base}.py`;
    if (this.paths.has(`${base}/__init__.py`)) return `${base}/__init__.py`;
    return null;
  }
}

function moduleParts(path: string): string[] {
  if (!path.endsWith('.py')) return [];
  const parts = path.slice(0, -3).split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts;
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function isTestFile(path: string): boolean {
  const name = posix.basename(path);
  return /^test_.*\.py$/.test(name) || /_test\.py$/.test(name);
}

function isDunder(name: string): boolean {
  return name.length > 4 && name.startsWith('__') && name.endsWith('__');
}

/** One file: one walk over its tree, collecting symbols, bindings, variable types and call sites. */
class PythonFileExtractor {
  readonly symbols: FileSymbols;
  readonly classes: PyClass[] = [];
  readonly functions: PyFunction[] = [];
  private readonly module: PyModule;
  private readonly text: string;
  private readonly testFile: boolean;
  private readonly scopes: Scope[] = [];
  private readonly importRows: { toPath: string; names: string[] }[] = [];

  constructor(
    input: ExtractionInput,
    private readonly file: SourceFile,
    private readonly index: ModuleIndex,
    private readonly imports: ImportEdges,
  ) {
    this.symbols = new FileSymbols(input, file);
    this.text = file.text!;
    this.testFile = isTestFile(file.path);
    this.module = {
      path: file.path,
      topLevel: new Map(),
      byQualifiedName: new Map(),
      bindings: new Map(),
      globals: new Map(),
      starImports: [],
      sites: [],
    };
  }

  extract(root: Node, query: Query): PyModule {
    visitCaptures(root, query, (node) => {
      const type = node.type;
      if (DECISIONS.has(type)) {
        const top = this.scopes[this.scopes.length - 1];
        if (top?.kind === 'function') top.fn.complexity++;
      }
      switch (type) {
        case 'class_definition': {
          const cls = this.declareClass(node);
          this.scopes.push({ kind: 'class', cls });
          return () => void this.scopes.pop();
        }
        case 'function_definition': {
          const fn = this.declareFunction(node);
          this.scopes.push({ kind: 'function', fn });
          return () => {
            fn.symbol.complexity = fn.complexity;
            this.scopes.pop();
          };
        }
        case 'lambda':
          this.scopes.push({ kind: 'sink' });
          return () => void this.scopes.pop();
        case 'call':
          this.recordCall(node);
          return;
        case 'import_statement':
        case 'import_from_statement':
          this.recordImport(node);
          return false;
        case 'assignment':
          this.recordAssignment(node);
          return;
        case 'for_statement':
        case 'for_in_clause':
          this.recordLoop(node);
          return;
      }
    });
    return this.module;
  }

  /** Import rows are added only once the file is fully extracted. */
  commit(): void {
    for (const row of this.importRows) this.imports.add(this.file.path, row.toPath, row.names);
  }

  // --- declarations -------------------------------------------------------------------------

  private declareClass(node: Node): PyClass {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const parent = this.innermostDeclaration();
    const exported = this.isExported(name, parent, false);
    const colon = childOfType(node, ':');
    const symbol = this.symbols.add({
      kind: 'class',
      name,
      parent: parent ? parentSymbol(parent) : null,
      signature: signatureText(this.text.slice(node.startIndex, colon?.startIndex ?? node.endIndex)),
      doc: docstring(node.childForFieldName('body')),
      startLine: startLineOf(decoratedOrSelf(node)),
      endLine: endLineOf(node),
      exported,
      complexity: null,
    });
    const bases: PyExpr[] = [];
    const superclasses = node.childForFieldName('superclasses');
    if (superclasses) {
      for (const base of namedChildrenOf(superclasses)) {
        if (base.type === 'identifier' || base.type === 'attribute') bases.push(exprOf(base));
      }
    }
    const cls: PyClass = { symbol, module: this.module, members: new Map(), bases, attributes: new Map() };
    this.register(symbol, parent);
    this.classes.push(cls);
    return cls;
  }

  private declareFunction(node: Node): PyFunction {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const parent = this.innermostDeclaration();
    const inClass = parent?.kind === 'class';
    const isTest =
      this.testFile &&
      name.startsWith('test') &&
      (parent === null || (inClass && parent.cls.symbol.name.startsWith('Test') && parent.cls.symbol.parentUid === null));
    const kind = isTest ? 'test' : inClass ? 'method' : 'function';
    const decorated = node.parent?.type === 'decorated_definition' ? node.parent : null;
    const body = node.childForFieldName('body');
    const colon = childOfType(node, ':');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: parent ? parentSymbol(parent) : null,
      signature: signatureText(this.text.slice(node.startIndex, colon?.startIndex ?? body?.startIndex ?? node.endIndex)),
      doc: docstring(body),
      startLine: startLineOf(decorated ?? node),
      endLine: endLineOf(node),
      exported: isTest ? false : this.isExported(name, parent, true),
      complexity: 1,
    });
    const enclosing = parent?.kind === 'function' ? parent.fn : null;
    const isStatic =
      decorated !== null && namedChildrenOf(decorated).some((child) => child.type === 'decorator' && /\bstaticmethod\b/.test(child.text));
    const fn: PyFunction = {
      symbol,
      module: this.module,
      cls: inClass ? parent.cls : (enclosing?.cls ?? null),
      selfName: null,
      locals: new Map(),
      returns: node.childForFieldName('return_type')?.text ?? null,
      enclosing,
      complexity: 1,
    };
    const parameters = node.childForFieldName('parameters');
    if (parameters) {
      let first = true;
      for (const parameter of namedChildrenOf(parameters)) {
        const { name: parameterName, type } = parameterOf(parameter);
        if (parameterName === null) continue;
        if (first && inClass && !isStatic) fn.selfName = parameterName;
        // An untyped parameter is still a local: it hides module-level names of the same spelling.
        else fn.locals.set(parameterName, type ? { kind: 'annotation', text: type } : UNTYPED);
        first = false;
      }
    }
    this.register(symbol, parent);
    this.functions.push(fn);
    return fn;
  }

  private register(symbol: SymbolRow, parent: Scope | null): void {
    if (!this.module.byQualifiedName.has(symbol.qualifiedName)) this.module.byQualifiedName.set(symbol.qualifiedName, symbol);
    if (parent === null) {
      if (!this.module.topLevel.has(symbol.name)) this.module.topLevel.set(symbol.name, symbol);
    } else if (parent.kind === 'class' && !parent.cls.members.has(symbol.name)) {
      parent.cls.members.set(symbol.name, symbol);
    }
  }

  /** Module level: no leading underscore. Members: the class is exported and the name is public or a dunder. Nested in a function: never. */
  private isExported(name: string, parent: Scope | null, isFunction: boolean): boolean {
    if (parent === null) return !name.startsWith('_');
    if (parent.kind === 'class') return parent.cls.symbol.exported && (!name.startsWith('_') || (isFunction && isDunder(name)));
    return false;
  }

  /** The innermost class or function around the walk (lambdas are not declarations). */
  private innermostDeclaration(): Exclude<Scope, { kind: 'sink' }> | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.kind !== 'sink') return scope;
    }
    return null;
  }

  /** The innermost function: owner of call sites and local variables. */
  private currentFunction(): PyFunction | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.kind === 'function') return scope.fn;
    }
    return null;
  }

  // --- calls, variables, imports --------------------------------------------------------------

  private recordCall(node: Node): void {
    const fn = this.currentFunction();
    if (!fn) return;
    const callee = node.childForFieldName('function');
    if (!callee) return;
    const line = startLineOf(node);
    if (callee.type === 'identifier') {
      this.module.sites.push({ fn, line, name: callee.text, receiver: null });
    } else if (callee.type === 'attribute') {
      const attribute = callee.childForFieldName('attribute');
      const object = callee.childForFieldName('object');
      if (attribute && object) this.module.sites.push({ fn, line, name: attribute.text, receiver: exprOf(object) });
    }
  }

  private recordAssignment(node: Node): void {
    const left = node.childForFieldName('left');
    if (!left) return;
    const typeNode = node.childForFieldName('type');
    const right = node.childForFieldName('right');
    const source: TypeSource | null = typeNode
      ? { kind: 'annotation', text: typeNode.text }
      : right
        ? { kind: 'value', expr: exprOf(right) }
        : null;
    const scope = this.innermostDeclaration();
    if (scope === null) {
      if (left.type !== 'identifier') return;
      const name = left.text;
      if (source && !this.module.globals.has(name)) this.module.globals.set(name, source);
      if (/^[A-Z][A-Z0-9_]*$/.test(name) && !this.module.topLevel.has(name)) {
        const symbol = this.symbols.add({
          kind: 'variable',
          name,
          parent: null,
          signature: signatureText(typeNode ? `${name}: ${typeNode.text}` : name),
          doc: null,
          startLine: startLineOf(node),
          endLine: endLineOf(node),
          exported: true,
          complexity: null,
        });
        this.module.topLevel.set(name, symbol);
        this.module.byQualifiedName.set(name, symbol);
      }
      return;
    }
    if (!source) return;
    if (scope.kind === 'class') {
      if (left.type === 'identifier') setAttribute(scope.cls, left.text, source, null);
      return;
    }
    const fn = scope.fn;
    if (left.type === 'identifier') {
      if (!fn.locals.has(left.text) || source.kind === 'annotation') fn.locals.set(left.text, source);
      return;
    }
    if (left.type === 'attribute') {
      const object = left.childForFieldName('object');
      const attribute = left.childForFieldName('attribute');
      const cls = fn.cls;
      if (!object || !attribute || !cls || object.type !== 'identifier' || object.text !== selfNameOf(fn)) return;
      // `self.x = x` where x is a typed parameter: the attribute takes the parameter's type.
      const copied = source.kind === 'value' && right?.type === 'identifier' ? fn.locals.get(right.text) : undefined;
      setAttribute(cls, attribute.text, copied ?? source, fn);
    }
  }

  private recordLoop(node: Node): void {
    const fn = this.currentFunction();
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!fn || !left || !right || left.type !== 'identifier') return;
    if (!fn.locals.has(left.text)) fn.locals.set(left.text, { kind: 'element', of: exprOf(right) });
  }

  private recordImport(node: Node): void {
    if (node.type === 'import_statement') {
      for (const child of node.childrenForFieldName('name')) {
        const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
        const alias = child.type === 'aliased_import' ? (child.childForFieldName('alias')?.text ?? null) : null;
        if (!dotted) continue;
        const moduleName = dotted.text.replace(/\s+/g, '');
        const path = this.index.resolve(moduleName, this.file.path);
        const internal = path !== null || this.index.isInternal(moduleName);
        this.bind(alias ?? moduleName, { kind: 'module', path, internal });
        if (!alias && moduleName.includes('.')) {
          // `import a.b.c` also binds `a`.
          const top = moduleName.split('.')[0]!;
          if (!this.module.bindings.has(top)) this.bind(top, { kind: 'module', path: this.index.resolve(top, this.file.path), internal });
        }
        if (path) this.importRows.push({ toPath: path, names: ['*'] });
      }
      return;
    }
    const moduleNode = node.childForFieldName('module_name');
    if (!moduleNode) return;
    const target = this.fromTarget(moduleNode);
    if (node.namedChildren.some((child) => child.type === 'wildcard_import') && target.path) {
      this.module.starImports.push(target.path);
      this.importRows.push({ toPath: target.path, names: ['*'] });
    }
    for (const child of node.childrenForFieldName('name')) {
      const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
      if (!dotted) continue;
      const name = dotted.text.replace(/\s+/g, '');
      const alias = child.type === 'aliased_import' ? (child.childForFieldName('alias')?.text ?? name) : name;
      const submodule = target.submodule(name);
      if (submodule) {
        this.bind(alias, { kind: 'module', path: submodule, internal: true });
        this.importRows.push({ toPath: submodule, names: ['*'] });
      } else {
        this.bind(alias, { kind: 'symbol', path: target.path, name, internal: target.internal });
        if (target.path) this.importRows.push({ toPath: target.path, names: [name] });
      }
    }
  }

  /** The module of `from X import …`: its file, whether it is ours, and how to find X's submodules. */
  private fromTarget(moduleNode: Node): { path: string | null; internal: boolean; submodule: (name: string) => string | null } {
    if (moduleNode.type === 'relative_import') {
      const prefix = moduleNode.namedChildren.find((child) => child.type === 'import_prefix')?.text.length ?? 1;
      const dotted = moduleNode.namedChildren.find((child) => child.type === 'dotted_name')?.text.replace(/\s+/g, '');
      const packageParts = posix.dirname(this.file.path) === '.' ? [] : posix.dirname(this.file.path).split('/');
      if (prefix - 1 > packageParts.length) return { path: null, internal: true, submodule: () => null };
      const baseParts = [...packageParts.slice(0, packageParts.length - (prefix - 1)), ...(dotted ? dotted.split('.') : [])];
      return {
        path: this.index.byParts(baseParts),
        internal: true,
        submodule: (name) => this.index.byParts([...baseParts, ...name.split('.')]),
      };
    }
    const moduleName = moduleNode.text.replace(/\s+/g, '');
    return {
      path: this.index.resolve(moduleName, this.file.path),
      internal: this.index.isInternal(moduleName),
      submodule: (name) => this.index.resolve(`${moduleName}.${name}`, this.file.path),
    };
  }

  private bind(name: string, binding: Binding): void {
    this.module.bindings.set(name, binding);
  }
}

function parentSymbol(scope: Exclude<Scope, { kind: 'sink' }>): SymbolRow {
  return scope.kind === 'class' ? scope.cls.symbol : scope.fn.symbol;
}

/** `self` as seen from a method or from a function nested in it. */
function selfNameOf(fn: PyFunction): string | null {
  for (let f: PyFunction | null = fn; f; f = f.enclosing) if (f.selfName) return f.selfName;
  return null;
}

/** An annotation wins over an assigned value; the first value wins over later ones. */
function setAttribute(cls: PyClass, name: string, source: TypeSource, fn: PyFunction | null): void {
  const existing = cls.attributes.get(name);
  if (!existing || (existing.source.kind !== 'annotation' && source.kind === 'annotation')) cls.attributes.set(name, { source, fn });
}

function decoratedOrSelf(node: Node): Node {
  return node.parent?.type === 'decorated_definition' ? node.parent : node;
}

function parameterOf(parameter: Node): { name: string | null; type: string | null } {
  switch (parameter.type) {
    case 'identifier':
      return { name: parameter.text, type: null };
    case 'typed_parameter': {
      const first = parameter.firstNamedChild;
      if (first?.type === 'identifier') return { name: first.text, type: parameter.childForFieldName('type')?.text ?? null };
      // `*args: T` and `**kwargs: T` hold a tuple or a dict of T.
      return { name: first?.firstNamedChild?.type === 'identifier' ? first.firstNamedChild.text : null, type: null };
    }
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
      return { name: parameter.firstNamedChild?.type === 'identifier' ? parameter.firstNamedChild.text : null, type: null };
    case 'default_parameter':
      return { name: parameter.childForFieldName('name')?.text ?? null, type: null };
    case 'typed_default_parameter':
      return { name: parameter.childForFieldName('name')?.text ?? null, type: parameter.childForFieldName('type')?.text ?? null };
    default:
      return { name: null, type: null };
  }
}

/** An expression as far as call resolution cares: a dotted path, a call of one, `super()`. */
function exprOf(node: Node, depth = 0): PyExpr {
  if (depth > 32) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
      return { kind: 'path', parts: [node.text] };
    case 'attribute': {
      const object = node.childForFieldName('object');
      const attribute = node.childForFieldName('attribute');
      if (!object || !attribute) return { kind: 'other' };
      const inner = exprOf(object, depth + 1);
      return inner.kind === 'path' ? { kind: 'path', parts: [...inner.parts, attribute.text] } : { kind: 'other' };
    }
    case 'call': {
      const fn = node.childForFieldName('function');
      if (!fn) return { kind: 'other' };
      if (fn.type === 'identifier' && fn.text === 'super') return { kind: 'super' };
      return { kind: 'call', callee: exprOf(fn, depth + 1) };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The docstring of a class or function body: its first statement when that is a string. */
function docstring(body: Node | null): string | null {
  const first = body?.firstNamedChild;
  if (!first || first.type !== 'expression_statement') return null;
  const string = first.firstNamedChild;
  if (!string || string.type !== 'string' || first.namedChildCount !== 1) return null;
  return docText(cleanDocstring(string.text));
}

/** Quotes and prefix removed, indentation removed like inspect.cleandoc. */
function cleanDocstring(literal: string): string {
  const match = /^[rRuUbBfF]*("""|'''|"|')([\s\S]*?)\1$/.exec(literal);
  const body = match ? match[2]! : literal;
  const lines = body.split('\n');
  const rest = lines.slice(1);
  const indents = rest.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length);
  const indent = indents.length > 0 ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...rest.map((line) => line.slice(indent).trimEnd())].join('\n').trim();
}

/** Phase two: follows call sites and base classes through the whole repository's modules. */
class Resolver {
  constructor(private readonly state: ResolutionState) {}

  resolveCall(site: CallSite, calls: CallEdges): void {
    const caller = site.fn.symbol.uid;
    const module = site.fn.module;
    if (site.receiver === null) {
      const value = this.evalName(module, site.fn, site.name, 0);
      const target = calleeOf(value);
      if (target) calls.add(caller, target.uid, site.line, 'import');
      else if (value.kind === 'unknown' && !BUILTINS.has(site.name))
        calls.addByName(caller, site.line, this.state.bareCandidates.get(site.name));
      return;
    }
    if (site.receiver.kind === 'super') {
      const cls = site.fn.cls;
      if (!cls) return;
      for (const base of this.basesOf(cls)) {
        const member = this.findMember(base, site.name, 0, new Set());
        if (member) {
          calls.add(caller, member.uid, site.line, 'import');
          return;
        }
      }
      return;
    }
    const receiver = this.evalExpr(module, site.fn, site.receiver, 0);
    switch (receiver.kind) {
      case 'class': {
        const member = this.findMember(receiver.cls, site.name, 0, new Set());
        if (member) calls.add(caller, member.uid, site.line, 'import');
        else calls.addByName(caller, site.line, this.state.methodCandidates.get(site.name));
        return;
      }
      case 'module': {
        const target = calleeOf(this.memberOfModule(receiver.module, site.name, 0));
        if (target) calls.add(caller, target.uid, site.line, 'import');
        else calls.addByName(caller, site.line, this.state.bareCandidates.get(site.name));
        return;
      }
      case 'unknown':
        calls.addByName(caller, site.line, this.state.methodCandidates.get(site.name));
        return;
      default:
        return;
    }
  }

  /** Base classes found in the repository, resolved once. */
  basesOf(cls: PyClass): PyClass[] {
    if (!cls.resolvedBases) {
      cls.resolvedBases = [];
      for (const base of cls.bases) {
        const value = this.evalExpr(cls.module, null, base, 0);
        if (value.kind === 'class' && value.cls !== cls) cls.resolvedBases.push(value.cls);
      }
    }
    return cls.resolvedBases;
  }

  private findMember(cls: PyClass, name: string, depth: number, seen: Set<PyClass>): SymbolRow | null {
    if (depth > 16 || seen.has(cls)) return null;
    seen.add(cls);
    const own = cls.members.get(name);
    if (own) return own;
    for (const base of this.basesOf(cls)) {
      const found = this.findMember(base, name, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }

  private findAttribute(
    cls: PyClass,
    name: string,
    depth: number,
    seen: Set<PyClass>,
  ): { source: TypeSource; fn: PyFunction | null; cls: PyClass } | null {
    if (depth > 16 || seen.has(cls)) return null;
    seen.add(cls);
    const own = cls.attributes.get(name);
    if (own) return { ...own, cls };
    for (const base of this.basesOf(cls)) {
      const found = this.findAttribute(base, name, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }

  private evalName(module: PyModule, fn: PyFunction | null, name: string, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    for (let f = fn; f; f = f.enclosing) {
      if (f.selfName === name && f.cls) return { kind: 'class', cls: f.cls };
      const local = f.locals.get(name);
      if (local) return this.evalSource(module, f, local, depth + 1);
      const nested = module.byQualifiedName.get(`${f.symbol.qualifiedName}.${name}`);
      if (nested && nested.parentUid === f.symbol.uid) return this.valueOfSymbol(module, nested, depth);
    }
    const top = module.topLevel.get(name);
    if (top) return this.valueOfSymbol(module, top, depth);
    const binding = module.bindings.get(name);
    if (binding) return this.evalBinding(binding, depth + 1);
    const global = module.globals.get(name);
    if (global) return this.evalSource(module, null, global, depth + 1);
    for (const star of module.starImports) {
      const found = this.exportOf(star, name, depth + 1);
      if (found) return found;
    }
    return BUILTINS.has(name) ? EXTERNAL : UNKNOWN;
  }

  private valueOfSymbol(module: PyModule, symbol: SymbolRow, depth: number): Value {
    if (symbol.kind === 'class') {
      const cls = this.state.classes.get(symbol.uid);
      return cls ? { kind: 'class', cls } : UNKNOWN;
    }
    if (symbol.kind === 'variable') {
      const source = module.globals.get(symbol.name);
      return source ? this.evalSource(module, null, source, depth + 1) : UNKNOWN;
    }
    return { kind: 'function', symbol };
  }

  private evalBinding(binding: Binding, depth: number): Value {
    if (binding.kind === 'module') {
      const module = binding.path ? this.state.modules.get(binding.path) : undefined;
      return module ? { kind: 'module', module } : binding.internal ? UNKNOWN : EXTERNAL;
    }
    if (!binding.path) return binding.internal ? UNKNOWN : EXTERNAL;
    return this.exportOf(binding.path, binding.name, depth + 1) ?? UNKNOWN;
  }

  /** A module's top-level name, following `from x import y` re-exports and star imports. */
  private exportOf(path: string, name: string, depth: number): Value | null {
    if (depth > MAX_EVAL_DEPTH) return null;
    const module = this.state.modules.get(path);
    if (!module) return null;
    const top = module.topLevel.get(name);
    if (top) return this.valueOfSymbol(module, top, depth);
    const binding = module.bindings.get(name);
    if (binding) return this.evalBinding(binding, depth + 1);
    for (const star of module.starImports) {
      const found = this.exportOf(star, name, depth + 1);
      if (found) return found;
    }
    return null;
  }

  private memberOfModule(module: PyModule, name: string, depth: number): Value {
    const exported = this.exportOf(module.path, name, depth + 1);
    if (exported) return exported;
    if (module.path.endsWith('__init__.py')) {
      const dir = posix.dirname(module.path);
      const base = dir === '.' ? name : `${dir}/${name}`;
      const submodule = this.state.modules.get(`${base}.py`) ?? this.state.modules.get(`${base}/__init__.py`);
      if (submodule) return { kind: 'module', module: submodule };
    }
    return UNKNOWN;
  }

  private evalMember(value: Value, name: string, depth: number): Value {
    switch (value.kind) {
      case 'class': {
        const member = this.findMember(value.cls, name, 0, new Set());
        if (member) return this.valueOfSymbol(value.cls.module, member, depth);
        const attribute = this.findAttribute(value.cls, name, 0, new Set());
        return attribute ? this.evalSource(attribute.cls.module, attribute.fn, attribute.source, depth + 1) : UNKNOWN;
      }
      case 'module':
        return this.memberOfModule(value.module, name, depth);
      case 'external':
        return EXTERNAL;
      default:
        return UNKNOWN;
    }
  }

  private evalPath(module: PyModule, fn: PyFunction | null, parts: string[], depth: number): Value {
    let value: Value | null = null;
    let next = 1;
    if (!isLocal(fn, parts[0]!)) {
      // `import a.b.c` bound the dotted name: `a.b.c.f()` starts from the module a.b.c.
      for (let k = parts.length; k >= 2 && value === null; k--) {
        const binding = module.bindings.get(parts.slice(0, k).join('.'));
        if (binding?.kind === 'module') {
          value = this.evalBinding(binding, depth + 1);
          next = k;
        }
      }
    }
    value ??= this.evalName(module, fn, parts[0]!, depth + 1);
    for (let i = next; i < parts.length; i++) value = this.evalMember(value, parts[i]!, depth + 1);
    return value;
  }

  private evalExpr(module: PyModule, fn: PyFunction | null, expr: PyExpr, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'path':
        return this.evalPath(module, fn, expr.parts, depth + 1);
      case 'call': {
        const callee = this.evalExpr(module, fn, expr.callee, depth + 1);
        if (callee.kind === 'class' || callee.kind === 'external') return callee;
        if (callee.kind === 'function') {
          const target = this.state.functions.get(callee.symbol.uid);
          return target?.returns ? this.evalAnnotation(target.module, target.returns, depth + 1) : UNKNOWN;
        }
        return UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private evalSource(module: PyModule, fn: PyFunction | null, source: TypeSource, depth: number): Value {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (source.kind) {
      case 'annotation':
        return this.evalAnnotation(module, source.text, depth + 1);
      case 'value':
        return this.evalExpr(module, fn, source.expr, depth + 1);
      case 'element': {
        const collection = this.annotationOf(module, fn, source.of);
        const element = collection ? COLLECTION_ELEMENT.exec(collection.text.replace(/\s+/g, '')) : null;
        return element ? this.evalAnnotation(collection!.module, element[1]!, depth + 1) : UNKNOWN;
      }
    }
  }

  /** The annotation of a variable or `self.attribute`, for the element type of a loop over it. */
  private annotationOf(module: PyModule, fn: PyFunction | null, expr: PyExpr): { module: PyModule; text: string } | null {
    if (expr.kind !== 'path') return null;
    if (expr.parts.length === 1) {
      for (let f = fn; f; f = f.enclosing) {
        const local = f.locals.get(expr.parts[0]!);
        if (local) return local.kind === 'annotation' ? { module, text: local.text } : null;
      }
      const global = module.globals.get(expr.parts[0]!);
      return global?.kind === 'annotation' ? { module, text: global.text } : null;
    }
    if (expr.parts.length === 2 && fn?.cls && expr.parts[0] === selfNameOf(fn)) {
      const attribute = this.findAttribute(fn.cls, expr.parts[1]!, 0, new Set());
      return attribute?.source.kind === 'annotation' ? { module: attribute.cls.module, text: attribute.source.text } : null;
    }
    return null;
  }

  /** `Invoice`, `'Invoice'`, `Optional[Invoice]`, `Invoice | None`, `models.Invoice`; generics are their base (`list[X]` is a list). */
  private evalAnnotation(module: PyModule, text: string, depth: number): Value {
    let type = text
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2')
      .trim();
    const optional = /^(?:typing\.)?Optional\[(.*)\]$/.exec(type);
    if (optional) type = optional[1]!.trim();
    const union = type.split('|').map((part) => part.trim());
    if (union.length === 2 && union.includes('None')) type = union.find((part) => part !== 'None')!;
    const bracket = type.indexOf('[');
    if (bracket >= 0) type = type.slice(0, bracket).trim();
    if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(type)) return UNKNOWN;
    const value = this.evalPath(module, null, type.split('.'), depth + 1);
    return value.kind === 'class' || value.kind === 'external' ? value : UNKNOWN;
  }
}

function isLocal(fn: PyFunction | null, name: string): boolean {
  for (let f = fn; f; f = f.enclosing) if (f.selfName === name || f.locals.has(name)) return true;
  return false;
}

function calleeOf(value: Value): SymbolRow | null {
  if (value.kind === 'class') return value.cls.symbol;
  if (value.kind === 'function') return value.symbol;
  return null;
}
