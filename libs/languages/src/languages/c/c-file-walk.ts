import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { SymbolRow } from '@lore/domain';
import { nameFromSource } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols, NewSymbol } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import {
  BODY_RULES,
  CATCH2_MACROS,
  GTEST_MACROS,
  UNITY_TEST_MACROS,
  type CCallee,
  type CFile,
  type CFunction,
  type CType,
} from './c-model';
import { declaredNameOf, docOf, functionDeclaratorOf, namePath, parameterTypesOf, storageClasses, typePath } from './c-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

/** Where the walk is: a namespace, a class (struct, union, enum), or a function body (a lambda's too). */
type Scope =
  | { kind: 'namespace'; path: string[]; symbol: SymbolRow | null; anonymous: boolean }
  | { kind: 'class'; path: string[]; symbol: SymbolRow; type: CType }
  | { kind: 'function'; fn: CFunction };

/** Wrappers a declaration's doc comment and first line may sit above: `template <...>`, `typedef`, a declaration statement. */
const WRAPPERS = new Set(['template_declaration', 'type_definition']);

/** One file's walk: one pass collecting declarations, includes, local types and call sites. */
export class CFileWalk implements FileWalk<CFile> {
  private readonly text: string;
  private readonly file: CFile;
  private readonly scopes = new ScopeStack<Scope>();
  /** Qualified names given to lambdas so far: a second one of a name gets `#2`. */
  private readonly lambdaNames = new NestedNames();

  private readonly symbols: { add(spec: NewSymbol): SymbolRow };

  constructor(source: SourceFile, fileSymbols: FileSymbols, language: string) {
    // A C++ repository's `.h` headers are read as C++: their symbols say so.
    this.symbols = {
      add: (spec) => {
        const symbol = fileSymbols.add(spec);
        symbol.language = language;
        return symbol;
      },
    };
    this.text = source.text!;
    const dir = posix.dirname(source.path);
    this.file = {
      path: source.path,
      dir: dir === '.' ? '' : dir,
      includes: [],
      declaredFunctions: new Set(),
      functions: [],
      prototypes: [],
      types: [],
      sites: [],
    };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'preproc_include':
        this.recordInclude(node);
        return false;
      case 'namespace_definition':
        return this.enterNamespace(node);
      case 'class_specifier':
      case 'struct_specifier':
      case 'union_specifier':
      case 'enum_specifier':
        return this.declareType(node);
      case 'type_definition':
      case 'alias_declaration':
        this.declareTypedef(node);
        return;
      case 'function_definition':
        return this.declareFunction(node);
      case 'field_declaration':
        this.declareMember(node);
        return;
      case 'declaration':
        this.declaration(node);
        return;
      case 'parameter_declaration':
      case 'optional_parameter_declaration':
      case 'for_range_loop':
        this.recordParameter(node);
        return;
      case 'lambda_expression':
        return this.declareLambda(node);
      case 'compound_statement':
        return this.catch2Test(node);
      case 'call_expression':
      case 'new_expression':
        this.recordCall(node);
        return;
      default:
        return;
    }
  }

  finish(): CFile {
    return this.file;
  }

  // --- scopes -------------------------------------------------------------------------------

  private inFunction(): CFunction | null {
    const top = this.scopes.top();
    return top?.kind === 'function' ? top.fn : null;
  }

  /** The namespaces and classes around the current node, outermost first. */
  private scopePath(): string[] {
    const top = this.scopes.innermost((scope): scope is Exclude<Scope, { kind: 'function' }> => scope.kind !== 'function');
    return top ? top.path : [];
  }

  private parentSymbol(): SymbolRow | null {
    const top = this.scopes.innermost((scope): scope is Exclude<Scope, { kind: 'function' }> => scope.kind !== 'function');
    return top?.symbol ?? null;
  }

  private inAnonymousNamespace(): boolean {
    return (
      this.scopes.innermost((scope): scope is Extract<Scope, { kind: 'namespace' }> => scope.kind === 'namespace' && scope.anonymous) !==
      null
    );
  }

  private classScope(): Extract<Scope, { kind: 'class' }> | null {
    const top = this.scopes.top();
    return top?.kind === 'class' ? top : null;
  }

  // --- declarations -------------------------------------------------------------------------

  private recordInclude(node: Node): void {
    const path = node.childForFieldName('path');
    if (!path) return;
    const quoted = path.type === 'string_literal';
    const written = quoted ? path.text.slice(1, -1) : path.type === 'system_lib_string' ? path.text.slice(1, -1) : null;
    if (written) this.file.includes.push({ path: written.trim(), quoted, line: startLineOf(node) });
  }

  private enterNamespace(node: Node): VisitOutcome {
    if (this.inFunction()) return;
    const written = namePath(node.childForFieldName('name'));
    const outer = this.scopePath();
    if (written.length === 0) return this.scopes.enter({ kind: 'namespace', path: outer, symbol: this.parentSymbol(), anonymous: true });
    let parent = this.parentSymbol();
    let path = outer;
    // `namespace a::b {}` declares a, then b inside it.
    for (const name of written) {
      path = [...path, name];
      parent = this.symbols.add({
        kind: 'module',
        name,
        qualifiedName: path.join('::'),
        parent,
        signature: `namespace ${path.join('::')}`,
        doc: docOf(node),
        ...linesOf(node),
        exported: !this.inAnonymousNamespace(),
      });
    }
    return this.scopes.enter({ kind: 'namespace', path, symbol: parent, anonymous: false });
  }

  private declareType(node: Node): VisitOutcome {
    const body = node.childForFieldName('body');
    if (!body) return;
    let written = namePath(node.childForFieldName('name'));
    const wrapper = node.parent && WRAPPERS.has(node.parent.type) ? node.parent : node;
    if (written.length === 0 && node.parent?.type === 'type_definition') {
      // `typedef struct { ... } point;`: the struct is named by the typedef's first declarator.
      const declarator = node.parent.childForFieldName('declarator');
      const name = declarator?.type === 'type_identifier' ? declarator.text : null;
      if (name) written = [name];
    }
    // An anonymous struct or union: its fields are the enclosing type's.
    if (written.length === 0) return;
    const path = [...this.scopePath(), ...written];
    const kind = node.type === 'enum_specifier' ? 'enum' : 'class';
    const symbol = this.symbols.add({
      kind,
      name: written[written.length - 1]!,
      qualifiedName: path.join('::'),
      parent: this.parentSymbol(),
      signature: this.text.slice(wrapper.startIndex, body.startIndex),
      doc: docOf(wrapper),
      ...linesOf(node, wrapper),
      exported: !this.inAnonymousNamespace(),
    });
    const bases: string[][] = [];
    const clause = node.namedChildren.find((child) => child?.type === 'base_class_clause');
    for (const base of clause ? namedChildrenOf(clause) : []) {
      const basePath = typePath(base);
      if (basePath.length > 0) bases.push(basePath);
    }
    const type: CType = { symbol, path, bases, fields: new Map() };
    this.file.types.push(type);
    if (kind === 'enum') return false;
    return this.scopes.enter({ kind: 'class', path, symbol, type });
  }

  /** `typedef T name;` and `using name = T;`: a type symbol (not for the name of the anonymous struct it defines). */
  private declareTypedef(node: Node): void {
    if (this.inFunction()) return;
    const names: Node[] = [];
    if (node.type === 'alias_declaration') {
      const name = node.childForFieldName('name');
      if (name) names.push(name);
    } else {
      const type = node.childForFieldName('type');
      // `typedef struct { ... } point;`: the first declarator names the struct (declareType), not a type of its own.
      const named = type !== null && type.childForFieldName('body') !== null && type.childForFieldName('name') === null;
      for (const [index, declarator] of node.childrenForFieldName('declarator').entries()) {
        if (!declarator || (named && index === 0)) continue;
        const function_ = functionDeclaratorOf(declarator);
        const name = declaredNameOf(function_ ? function_.childForFieldName('declarator') : declarator);
        if (name?.type === 'type_identifier') names.push(name);
      }
    }
    for (const name of names) {
      this.symbols.add({
        kind: 'type',
        name: name.text,
        qualifiedName: [...this.scopePath(), name.text].join('::'),
        parent: this.parentSymbol(),
        signature: node.text,
        doc: docOf(node),
        ...linesOf(node),
        exported: !this.inAnonymousNamespace(),
      });
    }
  }

  private declareFunction(node: Node): VisitOutcome {
    if (this.inFunction()) return;
    const declarator = functionDeclaratorOf(node.childForFieldName('declarator'));
    let written: string[];
    if (declarator) written = namePath(declarator.childForFieldName('declarator'));
    else {
      // `TEST_SETUP(Group) { ... }`: a macro defining a function, read as the type `TEST_SETUP` and a parenthesized declarator.
      const type = node.childForFieldName('type');
      if (type?.type !== 'type_identifier' || node.childForFieldName('declarator')?.type !== 'parenthesized_declarator') return;
      written = [type.text];
    }
    if (written.length === 0) return;
    const parameters = declarator?.childForFieldName('parameters') ?? node.childForFieldName('declarator');
    const body = node.childForFieldName('body');
    const wrapper = node.parent?.type === 'template_declaration' ? node.parent : node;
    const scope = this.scopePath();
    const cls = this.classScope();
    const macro = written.length === 1 && GTEST_MACROS.has(written[0]!) ? gtestName(parameters) : null;
    let owner: string[] | null = null;
    if (cls) owner = cls.path;
    else if (written.length > 1) owner = [...scope, ...written.slice(0, -1)];
    const name = macro ? macro.name : written[written.length - 1]!;
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      test: macro !== null,
      name,
      qualifiedName: macro ? `${macro.suite}.${macro.name}` : [...scope, ...written].join('::'),
      parent: this.parentSymbol(),
      signature: this.text.slice(wrapper.startIndex, body?.startIndex ?? node.endIndex),
      doc: docOf(wrapper),
      ...linesOf(node, wrapper),
      exported: !storageClasses(node).includes('static') && !this.inAnonymousNamespace(),
      body: measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES),
    });
    const fn = this.addFunction(symbol, [...scope, ...written], owner, !cls && written.length > 1, null, body !== null);
    if (declarator) fn.parameterTypes = parameterTypesOf(declarator);
    if (!owner && !macro) this.file.declaredFunctions.add(name);
    return this.scopes.enter({ kind: 'function', fn });
  }

  private addFunction(
    symbol: SymbolRow,
    path: string[],
    owner: string[] | null,
    ownerFromQualifier: boolean,
    enclosing: CFunction | null,
    hasBody: boolean,
  ): CFunction {
    const fn: CFunction = {
      symbol,
      file: this.file,
      path,
      owner,
      ownerFromQualifier,
      locals: new Map(enclosing?.locals),
      lambdas: new Map(),
      enclosing,
      hasBody,
      parameterTypes: '',
    };
    this.file.functions.push(fn);
    return fn;
  }

  /** A class member: a method declared (not defined) in the class, or fields (`int x, *y;`). */
  private declareMember(node: Node): void {
    const cls = this.classScope();
    if (!cls) return;
    const type = node.childForFieldName('type');
    for (const declarator of node.childrenForFieldName('declarator')) {
      if (!declarator) continue;
      const function_ = functionDeclaratorOf(declarator);
      if (function_) {
        this.declareMethod(node, function_, cls);
        continue;
      }
      const name = declaredNameOf(declarator);
      if (name?.type !== 'field_identifier') continue;
      this.symbols.add({
        kind: 'property',
        name: name.text,
        qualifiedName: [...cls.path, name.text].join('::'),
        parent: cls.symbol,
        signature: node.text,
        doc: docOf(node),
        ...linesOf(node),
        exported: cls.symbol.exported,
      });
      cls.type.fields.set(name.text, typePath(type));
    }
  }

  /** A method declared in its class without a body (`void f();`, `Shape(int n);`, `~Shape();`). */
  private declareMethod(node: Node, declarator: Node, cls: Extract<Scope, { kind: 'class' }>): void {
    const written = namePath(declarator.childForFieldName('declarator'));
    if (written.length !== 1) return;
    const symbol = this.symbols.add({
      kind: 'method',
      name: written[0]!,
      qualifiedName: [...cls.path, written[0]!].join('::'),
      parent: cls.symbol,
      signature: node.text,
      doc: docOf(node),
      ...linesOf(node),
      exported: cls.symbol.exported,
    });
    this.addFunction(symbol, [...cls.path, written[0]!], cls.path, false, null, false).parameterTypes = parameterTypesOf(declarator);
  }

  /** A declaration: a local variable's type, a constructor declared in a class, or a function's prototype. */
  private declaration(node: Node): void {
    const fn = this.inFunction();
    const declarators = node.childrenForFieldName('declarator').filter((declarator): declarator is Node => declarator !== null);
    if (fn) {
      const declared = typePath(node.childForFieldName('type'));
      for (const declarator of declarators) {
        const name = declaredNameOf(declarator);
        if (name?.type !== 'identifier') continue;
        const type = declared.length > 0 ? declared : initializerType(declarator);
        if (type.length > 0) fn.locals.set(name.text, type);
      }
      return;
    }
    for (const declarator of declarators) {
      const function_ = functionDeclaratorOf(declarator);
      if (!function_) continue;
      const cls = this.classScope();
      if (cls) this.declareMethod(node, function_, cls);
      else {
        const written = namePath(function_.childForFieldName('declarator'));
        if (written.length !== 1) continue;
        this.file.declaredFunctions.add(written[0]!);
        const path = [...this.scopePath(), written[0]!];
        this.file.prototypes.push({
          file: this.file,
          path,
          parameterTypes: parameterTypesOf(function_),
          line: startLineOf(node),
          doc: docOf(node),
        });
      }
    }
  }

  /** A parameter's type, or a range `for`'s variable's (`for (const Shape *shape : shapes)`). */
  private recordParameter(node: Node): void {
    const fn = this.inFunction();
    if (!fn) return;
    const name = declaredNameOf(node.childForFieldName('declarator'));
    const type = typePath(node.childForFieldName('type'));
    if (name?.type === 'identifier' && type.length > 0) fn.locals.set(name.text, type);
  }

  /** A lambda: a nested function under the function it is written in, which sees that function's locals. */
  private declareLambda(node: Node): VisitOutcome {
    const enclosing = this.inFunction();
    const base = nameFromSource(bindingOf(node), 'lambda');
    const prefix = enclosing ? `${enclosing.symbol.qualifiedName}.` : '';
    const name = this.lambdaNames.claim(prefix, base);
    const declarator = node.childForFieldName('declarator');
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: enclosing?.symbol ?? this.parentSymbol(),
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex),
      doc: null,
      ...linesOf(node),
      exported: false,
      body: measureBody(node, declarator?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES),
      nested: true,
    });
    const fn = this.addFunction(symbol, [...this.scopePath(), name], enclosing?.owner ?? null, false, enclosing, true);
    if (enclosing && name === base && node.parent?.type === 'init_declarator') enclosing.lambdas.set(base, fn);
    return this.scopes.enter({ kind: 'function', fn });
  }

  /**
   * A macro call followed by a block, where a declaration could be (`MACRO(args) { ... }`): a
   * function the macro defines, the block its body. Catch2's `TEST_CASE("name", "[tag]")` is a test
   * named by its title, Unity's `TEST(Group, Name)` (as C reads GoogleTest's form) `Group.Name`;
   * another macro's function is named after the macro (`TEST_SETUP(Group)` is `TEST_SETUP`).
   */
  private catch2Test(node: Node): VisitOutcome {
    if (this.inFunction()) return;
    const macro = node.previousNamedSibling;
    const call = macro?.type === 'expression_statement' ? macro.firstNamedChild : null;
    const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
    if (!macro || !call || callee?.type !== 'identifier' || macro.endPosition.row + 1 < node.startPosition.row) return;
    const args = call.childForFieldName('arguments')?.namedChildren.filter((argument): argument is Node => argument !== null) ?? [];
    const title = CATCH2_MACROS.has(callee.text) ? args.find((argument) => argument.type === 'string_literal') : undefined;
    const unity = UNITY_TEST_MACROS.has(callee.text) || GTEST_MACROS.has(callee.text);
    const named = unity && args.length === 2 && args.every((argument) => argument.type === 'identifier');
    const name = title ? title.text.slice(1, -1) : named ? args[1]!.text : callee.text;
    const symbol = this.symbols.add({
      kind: 'function',
      test: title !== undefined || named,
      name,
      qualifiedName: named ? `${args[0]!.text}.${name}` : [...this.scopePath(), name].join('::'),
      parent: this.parentSymbol(),
      signature: macro.text,
      doc: docOf(macro),
      ...linesOf(node, macro),
      exported: false,
      body: measureBody(node, node.startIndex, BODY_RULES),
    });
    const fn = this.addFunction(symbol, [...this.scopePath(), name], null, false, null, true);
    return this.scopes.enter({ kind: 'function', fn });
  }

  private recordCall(node: Node): void {
    const fn = this.inFunction();
    if (!fn) return;
    const callee = node.type === 'new_expression' ? newCallee(node) : calleeOf(node.childForFieldName('function'));
    if (callee) this.file.sites.push({ caller: fn, line: startLineOf(node), callee });
  }
}

/** GoogleTest's `TEST(Suite, Name)`: the suite and the test's name. */
function gtestName(parameters: Node | null): { suite: string; name: string } | null {
  const names = parameters ? namedChildrenOf(parameters).map((parameter) => parameter.text.trim()) : [];
  return names.length === 2 && names.every((name) => /^\w+$/.test(name)) ? { suite: names[0]!, name: names[1]! } : null;
}

function calleeOf(fn: Node | null): CCallee | null {
  if (!fn) return null;
  switch (fn.type) {
    case 'identifier':
      return { kind: 'name', name: fn.text };
    case 'template_function':
    case 'qualified_identifier': {
      const path = namePath(fn);
      if (path.length === 0) return null;
      return path.length === 1 ? { kind: 'name', name: path[0]! } : { kind: 'qualified', path };
    }
    case 'field_expression': {
      const object = fn.childForFieldName('argument');
      const field = namePath(fn.childForFieldName('field'));
      if (field.length === 0) return null;
      const objectName = object?.type === 'identifier' || object?.type === 'this' ? object.text : null;
      return { kind: 'member', object: objectName, name: field[field.length - 1]! };
    }
    case 'parenthesized_expression':
      return calleeOf(fn.firstNamedChild);
    default:
      return null;
  }
}

function newCallee(node: Node): CCallee | null {
  const type = typePath(node.childForFieldName('type'));
  return type.length > 0 ? { kind: 'new', type } : null;
}

/** `auto s = Shape(3);`, `auto p = new Shape;`, `Shape s{...}`: the type an initialiser makes. */
function initializerType(declarator: Node): string[] {
  if (declarator.type !== 'init_declarator') return [];
  const value = declarator.childForFieldName('value');
  if (value?.type === 'new_expression') return typePath(value.childForFieldName('type'));
  if (value?.type === 'call_expression') {
    const fn = value.childForFieldName('function');
    return fn && (fn.type === 'identifier' || fn.type === 'qualified_identifier' || fn.type === 'template_function') ? namePath(fn) : [];
  }
  return [];
}

/** The name a lambda is known by: its variable, `return`, or the call it is handed to with its argument index. */
function bindingOf(node: Node): string {
  const parent = node.parent;
  if (!parent) return 'lambda';
  switch (parent.type) {
    case 'init_declarator':
      return declaredNameOf(parent.childForFieldName('declarator'))?.text ?? 'lambda';
    case 'assignment_expression':
      return parent.childForFieldName('left')?.text ?? 'lambda';
    case 'return_statement':
      return 'return';
    case 'argument_list': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === node.id);
      const callee = call?.childForFieldName('function');
      const path = callee ? namePath(callee.type === 'field_expression' ? callee.childForFieldName('field') : callee) : [];
      return `${path[path.length - 1] ?? 'call'}(${index})`;
    }
    default:
      return 'lambda';
  }
}
