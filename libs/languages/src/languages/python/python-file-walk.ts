import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { DeferredImportKind, SymbolRow } from '@lore/domain';
import { nameFromSource } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { childOfType, linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import {
  BODY_RULES,
  selfNameOf,
  type Binding,
  type PyClass,
  type PyExpr,
  type PyFunction,
  type PyModule,
  type TypeSource,
} from './python-model';
import type { ModuleIndex } from './python-modules';
import { decoratedOrSelf, docstring, exprOf, parameterOf } from './python-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

/** A variable whose type nothing tells (an untyped parameter). */
const UNTYPED: TypeSource = { kind: 'value', expr: { kind: 'other' } };

/** pytest's test files: test_*.py and *_test.py. */
function isTestFile(path: string): boolean {
  const name = posix.basename(path);
  return /^test_.*\.py$/.test(name) || /_test\.py$/.test(name);
}

function isDunder(name: string): boolean {
  return name.length > 4 && name.startsWith('__') && name.endsWith('__');
}

type Declaration = { kind: 'class'; cls: PyClass } | { kind: 'function'; fn: PyFunction };

const isFunction = (scope: Declaration): scope is Extract<Declaration, { kind: 'function' }> => scope.kind === 'function';

/** One file's walk: one pass over its tree, collecting symbols, bindings, variable types and call sites. */
export class PythonFileWalk implements FileWalk<PyModule> {
  private readonly path: string;
  private readonly text: string;
  private readonly testFile: boolean;
  private readonly module: PyModule;
  /** A lambda is a function of its own: a nested one, named by what it is bound to (see bindingOf). */
  readonly scopes = new ScopeStack<Declaration>();
  /** Qualified names given to lambdas so far: a second lambda of one name gets `#2`. */
  private readonly lambdaNames = new NestedNames();
  /** The `self.x` each body reads and writes. */
  private readonly fieldUses = new FieldUses();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
    private readonly index: ModuleIndex,
  ) {
    this.path = source.path;
    this.text = source.text!;
    this.testFile = isTestFile(source.path);
    this.module = {
      path: source.path,
      topLevel: new Map(),
      byQualifiedName: new Map(),
      bindings: new Map(),
      globals: new Map(),
      starImports: [],
      sites: [],
      classes: [],
      functions: [],
      imports: [],
      externalImports: [],
    };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'class_definition':
        return this.scopes.enter({ kind: 'class', cls: this.declareClass(node) });
      case 'function_definition':
        return this.scopes.enter({ kind: 'function', fn: this.declareFunction(node) });
      case 'lambda':
        return this.scopes.enter({ kind: 'function', fn: this.declareLambda(node) });
      case 'call':
        this.recordCall(node);
        return;
      case 'attribute':
        this.recordFieldUse(node);
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
  }

  finish(): PyModule {
    this.fieldUses.finish();
    return this.module;
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
      signature: this.text.slice(node.startIndex, colon?.startIndex ?? node.endIndex),
      doc: docstring(node.childForFieldName('body')),
      ...linesOf(node, decoratedOrSelf(node)),
      exported,
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
    this.module.classes.push(cls);
    return cls;
  }

  private declareFunction(node: Node): PyFunction {
    const nameNode = node.childForFieldName('name');
    const name = nameNode?.text ?? '<anonymous>';
    const parent = this.innermostDeclaration();
    const inClass = parent?.kind === 'class';
    const isTest =
      this.testFile &&
      name.startsWith('test') &&
      (parent === null || (inClass && parent.cls.symbol.name.startsWith('Test') && parent.cls.symbol.parentUid === null));
    const decorated = node.parent?.type === 'decorated_definition' ? node.parent : null;
    const body = node.childForFieldName('body');
    const colon = childOfType(node, ':');
    const parameters = node.childForFieldName('parameters');
    const symbol = this.symbols.add({
      kind: inClass ? 'method' : 'function',
      test: isTest,
      name,
      parent: parent ? parentSymbol(parent) : null,
      signature: this.text.slice(node.startIndex, colon?.startIndex ?? body?.startIndex ?? node.endIndex),
      doc: docstring(body),
      ...linesOf(node, decorated ?? node),
      exported: this.isExported(name, parent, true),
      body: measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES),
      nested: parent?.kind === 'function',
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
      name: nameNode ? positionOf(nameNode) : null,
    };
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
    this.module.functions.push(fn);
    return fn;
  }

  /** A lambda: a nested function under the innermost class or function (or the module), with its parameters as locals. */
  private declareLambda(node: Node): PyFunction {
    const parent = this.innermostDeclaration();
    const base = nameFromSource(bindingOf(node), 'lambda');
    const prefix = parent ? `${parentSymbol(parent).qualifiedName}.` : '';
    const name = this.lambdaNames.claim(prefix, base, (qualifiedName) => this.module.byQualifiedName.has(qualifiedName));
    const parameters = node.childForFieldName('parameters');
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: parent ? parentSymbol(parent) : null,
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex),
      doc: null,
      ...linesOf(node),
      exported: false,
      body: measureBody(node, parameters?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES),
      nested: true,
    });
    const enclosing = parent?.kind === 'function' ? parent.fn : null;
    const fn: PyFunction = {
      symbol,
      module: this.module,
      cls: parent?.kind === 'class' ? parent.cls : (enclosing?.cls ?? null),
      selfName: null,
      locals: new Map(),
      returns: null,
      enclosing,
      name: null,
    };
    for (const parameter of parameters ? namedChildrenOf(parameters) : []) {
      const { name: parameterName } = parameterOf(parameter);
      if (parameterName !== null) fn.locals.set(parameterName, UNTYPED);
    }
    this.register(symbol, parent);
    this.module.functions.push(fn);
    // `check = lambda ...` in a function: a call of `check` there finds the lambda as a nested function, not an untyped local.
    if (enclosing && name === base && node.parent?.type === 'assignment') enclosing.locals.delete(name);
    return fn;
  }

  private register(symbol: SymbolRow, parent: Declaration | null): void {
    if (!this.module.byQualifiedName.has(symbol.qualifiedName)) this.module.byQualifiedName.set(symbol.qualifiedName, symbol);
    if (parent === null) {
      if (!this.module.topLevel.has(symbol.name)) this.module.topLevel.set(symbol.name, symbol);
    } else if (parent.kind === 'class' && !parent.cls.members.has(symbol.name)) {
      parent.cls.members.set(symbol.name, symbol);
    }
  }

  /** Module level: no leading underscore. Members: the class is exported and the name is public or a dunder. Nested in a function: never. */
  private isExported(name: string, parent: Declaration | null, isFunction: boolean): boolean {
    if (parent === null) return !name.startsWith('_');
    if (parent.kind === 'class') return parent.cls.symbol.exported && (!name.startsWith('_') || (isFunction && isDunder(name)));
    return false;
  }

  /** The innermost class or function (a lambda among them) around the walk. */
  private innermostDeclaration(): Declaration | null {
    return this.scopes.top() ?? null;
  }

  /** The innermost function: owner of call sites and local variables. */
  private currentFunction(): PyFunction | null {
    return this.scopes.innermost(isFunction)?.fn ?? null;
  }

  // --- calls, variables, imports --------------------------------------------------------------

  /** A call in a function's body, or in the code that runs when the module is imported (its caller then null). */
  private recordCall(node: Node): void {
    const caller = this.currentFunction();
    const callee = node.childForFieldName('function');
    if (!callee) return;
    const line = startLineOf(node);
    const module = this.module;
    if (callee.type === 'identifier') {
      module.sites.push({ caller, module, line, at: positionOf(callee), name: callee.text, receiver: null });
    } else if (callee.type === 'attribute') {
      const attribute = callee.childForFieldName('attribute');
      const object = callee.childForFieldName('object');
      if (attribute && object)
        module.sites.push({ caller, module, line, at: positionOf(attribute), name: attribute.text, receiver: exprOf(object) });
    }
  }

  /**
   * `self.x` in a method or a function nested in one: written as the target of `=` (an augmented
   * assignment also reads) or `del`, read otherwise; `self.x(...)` is a call, not a field.
   */
  private recordFieldUse(node: Node): void {
    const fn = this.currentFunction();
    const object = node.childForFieldName('object');
    const attribute = node.childForFieldName('attribute');
    if (!fn?.cls || !object || !attribute || object.type !== 'identifier' || object.text !== selfNameOf(fn)) return;
    const parent = node.parent;
    const isField = (name: string) => parent?.childForFieldName(name)?.id === node.id;
    if (parent?.type === 'call' && isField('function')) return;
    const write = (parent?.type === 'assignment' && isField('left')) || parent?.type === 'delete_statement';
    const update = parent?.type === 'augmented_assignment' && isField('left');
    this.fieldUses.add(fn.symbol, attribute.text, write ? 'write' : update ? 'update' : 'read');
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
          signature: typeNode ? `${name}: ${typeNode.text}` : name,
          doc: null,
          ...linesOf(node),
          exported: true,
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
    const kind = deferredImportKind(node);
    if (node.type === 'import_statement') {
      for (const child of node.childrenForFieldName('name')) {
        const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
        const alias = child.type === 'aliased_import' ? (child.childForFieldName('alias')?.text ?? null) : null;
        if (!dotted) continue;
        const moduleName = dotted.text.replace(/\s+/g, '');
        const path = this.index.resolve(moduleName, this.path);
        const internal = path !== null || this.index.isInternal(moduleName);
        this.bind(alias ?? moduleName, { kind: 'module', path, internal, module: moduleName });
        if (!alias && moduleName.includes('.')) {
          // `import a.b.c` also binds `a`.
          const top = moduleName.split('.')[0]!;
          if (!this.module.bindings.has(top))
            this.bind(top, { kind: 'module', path: this.index.resolve(top, this.path), internal, module: top });
        }
        if (path) this.module.imports.push({ toPath: path, names: ['*'], kind });
        else if (!internal) this.module.externalImports.push({ module: moduleName, names: ['*'] });
      }
      return;
    }
    const moduleNode = node.childForFieldName('module_name');
    if (!moduleNode) return;
    const target = this.fromTarget(moduleNode);
    if (node.namedChildren.some((child) => child.type === 'wildcard_import') && target.path) {
      this.module.starImports.push(target.path);
      this.module.imports.push({ toPath: target.path, names: ['*'], kind });
    }
    const outside: string[] = [];
    for (const child of node.childrenForFieldName('name')) {
      const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
      if (!dotted) continue;
      const name = dotted.text.replace(/\s+/g, '');
      const alias = child.type === 'aliased_import' ? (child.childForFieldName('alias')?.text ?? name) : name;
      const submodule = target.submodule(name);
      if (submodule) {
        this.bind(alias, { kind: 'module', path: submodule, internal: true, module: null });
        this.module.imports.push({ toPath: submodule, names: ['*'], kind });
      } else {
        this.bind(alias, { kind: 'symbol', path: target.path, name, internal: target.internal, module: target.module });
        if (target.path) this.module.imports.push({ toPath: target.path, names: [name], kind });
        else if (!target.internal) outside.push(name);
      }
    }
    if (outside.length > 0 && target.module !== null) this.module.externalImports.push({ module: target.module, names: outside });
  }

  /** The module of `from X import …`: its file, whether it is ours, its dotted name (absolute imports) and how to find X's submodules. */
  private fromTarget(moduleNode: Node): {
    path: string | null;
    internal: boolean;
    module: string | null;
    submodule: (name: string) => string | null;
  } {
    if (moduleNode.type === 'relative_import') {
      const prefix = moduleNode.namedChildren.find((child) => child.type === 'import_prefix')?.text.length ?? 1;
      const dotted = moduleNode.namedChildren.find((child) => child.type === 'dotted_name')?.text.replace(/\s+/g, '');
      const packageParts = posix.dirname(this.path) === '.' ? [] : posix.dirname(this.path).split('/');
      if (prefix - 1 > packageParts.length) return { path: null, internal: true, module: null, submodule: () => null };
      const baseParts = [...packageParts.slice(0, packageParts.length - (prefix - 1)), ...(dotted ? dotted.split('.') : [])];
      return {
        path: this.index.byParts(baseParts),
        internal: true,
        module: null,
        submodule: (name) => this.index.byParts([...baseParts, ...name.split('.')]),
      };
    }
    const moduleName = moduleNode.text.replace(/\s+/g, '');
    return {
      path: this.index.resolve(moduleName, this.path),
      internal: this.index.isInternal(moduleName),
      module: moduleName,
      submodule: (name) => this.index.resolve(`${moduleName}.${name}`, this.path),
    };
  }

  private bind(name: string, binding: Binding): void {
    this.module.bindings.set(name, binding);
  }
}

/**
 * What a lambda is bound to: a variable or attribute (`key`, `self.key`), a keyword argument
 * (`sorted(key)`), a positional argument (`map(0)`: the callee's last name and the position), a
 * dictionary key, a default parameter, `return`; else `lambda`.
 */
function bindingOf(node: Node): string {
  let child = node;
  let parent = node.parent;
  while (
    parent &&
    (parent.type === 'parenthesized_expression' || parent.type === 'conditional_expression' || parent.type === 'boolean_operator')
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return 'lambda';
  switch (parent.type) {
    case 'assignment': {
      const left = parent.childForFieldName('left');
      return left && (left.type === 'identifier' || left.type === 'attribute') ? left.text : 'lambda';
    }
    case 'keyword_argument': {
      const call = parent.parent?.parent;
      const keyword = parent.childForFieldName('name')?.text ?? 'lambda';
      return call?.type === 'call' ? `${calleeName(call)}(${keyword})` : keyword;
    }
    case 'argument_list': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === child.id);
      return call?.type === 'call' ? `${calleeName(call)}(${index})` : 'lambda';
    }
    case 'pair': {
      // A dictionary's key, after the dictionary's own name when it is assigned: `ROUTES.list`.
      const key = parent.childForFieldName('key')?.text.replace(/^['"]|['"]$/g, '') ?? 'lambda';
      const owner = parent.parent?.parent;
      const dictionary = owner?.type === 'assignment' ? owner.childForFieldName('left') : null;
      return dictionary?.type === 'identifier' || dictionary?.type === 'attribute' ? `${dictionary.text}.${key}` : key;
    }
    case 'default_parameter':
    case 'typed_default_parameter':
      return parent.childForFieldName('name')?.text ?? 'lambda';
    case 'return_statement':
    case 'lambda':
      return 'return';
    default:
      return 'lambda';
  }
}

/** The last name of a call's callee: `sorted` of `sorted(...)`, `map` of `pool.map(...)`. */
function calleeName(call: Node): string {
  const callee = call.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text;
  if (callee?.type === 'attribute') return callee.childForFieldName('attribute')?.text ?? 'call';
  return 'call';
}

function parentSymbol(scope: Declaration): SymbolRow {
  return scope.kind === 'class' ? scope.cls.symbol : scope.fn.symbol;
}

/** An annotation wins over an assigned value; the first value wins over later ones. */
/** A node's start as the language server protocol counts it (web-tree-sitter's columns are UTF-16 code units, as LSP's). */
function positionOf(node: Node): { line: number; character: number } {
  return { line: node.startPosition.row, character: node.startPosition.column };
}

function setAttribute(cls: PyClass, name: string, source: TypeSource, fn: PyFunction | null): void {
  const existing = cls.attributes.get(name);
  if (!existing || (existing.source.kind !== 'annotation' && source.kind === 'annotation')) cls.attributes.set(name, { source, fn });
}

/**
 * How an import statement is deferred: `function_local` inside a `def` or lambda (it runs when the
 * function is called), `type_checking` in the body of `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`,
 * never true at run time), else null (it runs when the module loads).
 */
function deferredImportKind(node: Node): DeferredImportKind | null {
  let kind: DeferredImportKind | null = null;
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type === 'function_definition' || parent.type === 'lambda') return 'function_local';
    if (parent.type === 'if_statement' && parent.childForFieldName('consequence')?.id === child.id) {
      const condition = parent.childForFieldName('condition')?.text ?? '';
      if (/^(?:[A-Za-z_][A-Za-z0-9_]*\.)*TYPE_CHECKING$/.test(condition)) kind = 'type_checking';
    }
  }
  return kind;
}
