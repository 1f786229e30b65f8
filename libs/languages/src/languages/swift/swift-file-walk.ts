import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod } from '../../tree-sitter/typed-values';
import { addNestedFunction, currentMethodOf, currentTypeOf, inheritLocals, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import { NestedNames } from '../../function-bodies/nested-names';
import {
  BODY_RULES,
  TEST_ATTRIBUTE,
  XCTEST_CLASS,
  XCTEST_METHOD,
  type SwContext,
  type SwFile,
  type SwFunction,
  type SwType,
} from './swift-model';
import {
  argumentCount,
  attributeNames,
  boundNames,
  calleeOf,
  declaredName,
  exprOf,
  fieldChildren,
  modifiersOf,
  resultTypeOf,
  swiftDoc,
  typeName,
  TYPE_NODES,
} from './swift-syntax';

type Scope = TypedWalkScope<SwType, SwFunction>;

/** `Sources/<Target>/...`, `Tests/<Target>/...`: SwiftPM's layout names a file's module. */
const TARGET_FOLDER = /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//;

/** The accessor blocks of a property, each a body named by its keyword. */
const ACCESSORS: Record<string, string> = {
  computed_getter: 'get',
  computed_setter: 'set',
  computed_modify: 'modify',
  willset_clause: 'willSet',
  didset_clause: 'didSet',
};

/** One file's walk: imports, classes, structs, enums, actors, protocols, extensions, functions, properties, closures, tests and call sites. */
export class SwiftFileWalk implements FileWalk<SwFile> {
  private readonly file: SwFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();
  /** Each property declaration's row, for the accessor bodies inside it. */
  private readonly properties = new Map<number, SymbolRow>();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    const module = TARGET_FOLDER.exec(source.path)?.[1] ?? '';
    this.file = { path: source.path, module, imports: [], types: [], methods: [], functions: [], sites: [] };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'import_declaration':
        this.recordImport(node);
        return false;
      case 'class_declaration':
      case 'protocol_declaration':
        return this.declareType(node);
      case 'typealias_declaration':
        this.declareAlias(node);
        return false;
      case 'function_declaration':
      case 'protocol_function_declaration':
      case 'init_declaration':
      case 'deinit_declaration':
      case 'subscript_declaration':
        return this.declareFunction(node);
      case 'property_declaration':
      case 'protocol_property_declaration':
        this.declareProperty(node);
        return;
      case 'enum_entry':
        this.declareCases(node);
        return;
      case 'computed_property':
        return this.declareImplicitGetter(node);
      case 'computed_getter':
      case 'computed_setter':
      case 'computed_modify':
      case 'willset_clause':
      case 'didset_clause':
        return this.declareAccessor(node, ACCESSORS[node.type]!);
      case 'lambda_literal':
        return this.declareClosure(node);
      case 'call_expression':
        this.recordCall(node);
        return;
      default:
        return;
    }
  }

  finish(): SwFile {
    return this.file;
  }

  private currentType(): SwType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): SwFunction | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: SwType | null): SwContext {
    return { file: this.file, type };
  }

  // --- declarations ---------------------------------------------------------------------------

  /** `import Shop`, `@testable import Shop`, `import struct Shop.Item`: the module is the first part. */
  private recordImport(node: Node): void {
    const path = node.namedChildren.find((child) => child.type === 'identifier');
    const module = path?.firstNamedChild?.text;
    if (module && !this.file.imports.includes(module)) this.file.imports.push(module);
  }

  private declareType(node: Node): VisitOutcome {
    const outer = this.currentType();
    const enclosing = this.currentMethod();
    const keyword = node.childForFieldName('declaration_kind')?.type ?? 'class';
    const nameNode = node.childForFieldName('name');
    // An extension is named by the type it extends (`extension Array where Element == Item` is `Array`).
    const name = keyword === 'extension' ? typeName(nameNode) : declaredName(nameNode);
    if (!name) return;
    const modifiers = modifiersOf(node);
    const kind: SymbolKind = keyword === 'protocol' ? 'interface' : keyword === 'enum' ? 'enum' : 'class';
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: enclosing?.symbol ?? outer?.symbol ?? null,
      signature: this.header(node, body?.startIndex ?? node.endIndex),
      doc: swiftDoc(node),
      ...linesOf(node),
      exported: isPublic(modifiers) && (outer === null || outer.symbol.exported) && enclosing === null,
    });
    const type: SwType = {
      symbol,
      file: null as unknown as SwContext,
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: node.namedChildren
        .filter((child) => child.type === 'inheritance_specifier')
        .map((specifier) => typeName(specifier.childForFieldName('inherits_from')))
        .filter((text): text is string => text !== null),
      outer,
      nested: new Map(),
      extends: keyword === 'extension' ? name : null,
    };
    type.file = this.context(type);
    if (outer && !type.extends && !outer.nested.has(name)) outer.nested.set(name, type);
    this.file.types.push(type);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareAlias(node: Node): void {
    const name = declaredName(node.childForFieldName('name'));
    if (!name) return;
    const outer = this.currentType();
    this.symbols.add({
      kind: 'type',
      name,
      parent: outer?.symbol ?? null,
      signature: this.header(node, node.endIndex),
      doc: swiftDoc(node),
      ...linesOf(node),
      exported: isPublic(modifiersOf(node)) && (outer === null || outer.symbol.exported),
    });
  }

  private declareFunction(node: Node): VisitOutcome {
    const owner = this.currentType();
    const enclosing = this.currentMethod();
    const name = functionName(node);
    if (!name) return;
    const parameters = node.namedChildren.filter((child) => child.type === 'parameter');
    const body = node.childForFieldName('body') ?? node.namedChildren.find((child) => child.type === 'computed_property') ?? null;
    const measured = measureBody(node, parameters[0]?.startIndex ?? body?.startIndex ?? node.endIndex, BODY_RULES);
    const signature = this.header(node, body?.startIndex ?? node.endIndex);
    const returns = typeName(node.type === 'init_declaration' ? null : resultTypeOf(node));
    const attributes = attributeNames(node);
    const swiftTesting = attributes.includes(TEST_ATTRIBUTE);
    if (enclosing) {
      const symbol = addNestedFunction(this.symbols, this.nestedNames, {
        node,
        base: name,
        parent: enclosing.symbol,
        body: measured,
        signature,
      });
      const method = this.callable(symbol, enclosing.owner as SwType | null, parameters, returns);
      inheritLocals(method, enclosing);
      if (symbol.name === name) enclosing.locals.set(name, { kind: 'callable', callable: method });
      return this.scopes.enter({ kind: 'method', method });
    }
    const xctest =
      owner !== null &&
      node.type === 'function_declaration' &&
      XCTEST_METHOD.test(name) &&
      parameters.length === 0 &&
      owner.supertypes.some((parent) => XCTEST_CLASS.test(parent));
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      test: swiftTesting || xctest,
      name,
      parent: owner?.symbol ?? null,
      signature,
      doc: swiftDoc(node),
      ...linesOf(node),
      exported: this.memberExported(node, owner),
      body: body ? measured : undefined,
    });
    const method = this.callable(symbol, owner, parameters, returns);
    if (owner) addMethod(owner, name, method);
    else this.file.functions.push(method);
    return this.scopes.enter({ kind: 'method', method });
  }

  /** `let`/`var`: a property of the type around it, a local of the function, else a top-level variable. */
  private declareProperty(node: Node): void {
    const owner = this.currentType();
    const method = this.currentMethod();
    const written = typeName(node.namedChildren.find((child) => child.type === 'type_annotation')?.childForFieldName('name'));
    const value = node.childForFieldName('value');
    const computed = node.childForFieldName('computed_value');
    for (const { name } of boundNames(node).length > 0 ? boundNames(node) : protocolPropertyNames(node)) {
      if (method) {
        if (value?.type === 'lambda_literal') continue;
        method.locals.set(
          name,
          written ? { kind: 'type', text: written } : value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' },
        );
        continue;
      }
      const constructed = value ? exprOf(value) : null;
      const type = written ?? (constructed?.kind === 'typed' ? constructed.type : null);
      const signature = this.header(node, value?.startIndex ?? computed?.startIndex ?? node.endIndex).replace(/\s*=\s*$/, '');
      const exported = this.memberExported(node, owner);
      let symbol: SymbolRow;
      if (owner) symbol = this.addProperty(owner, name, type, signature, node, exported);
      else symbol = this.symbols.add({ kind: 'variable', name, parent: null, signature, doc: swiftDoc(node), ...linesOf(node), exported });
      if (!this.properties.has(node.id)) this.properties.set(node.id, symbol);
    }
  }

  /** `case book, pen`, `case other(Int)`: each name a property of the enum. */
  private declareCases(node: Node): void {
    const type = this.currentType();
    if (!type) return;
    for (const nameNode of fieldChildren(node, 'name')) {
      const name = declaredName(nameNode);
      if (name) this.addProperty(type, name, type.symbol.name, `case ${name}`, node, type.symbol.exported);
    }
  }

  private addProperty(owner: SwType, name: string, type: string | null, signature: string, node: Node, exported: boolean): SymbolRow {
    if (!owner.fields.get(name)) owner.fields.set(name, type);
    return this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc: swiftDoc(node), ...linesOf(node), exported });
  }

  /** `var total: Int { ... }` with no `get`: the block is the getter. A subscript's block is the subscript's own body. */
  private declareImplicitGetter(node: Node): VisitOutcome {
    if (node.namedChildren.some((child) => child.type in ACCESSORS) || node.parent?.type === 'subscript_declaration') return;
    return this.declareAccessor(node, 'get');
  }

  /** An accessor block (`get`, `set`, `willSet`, `didSet`): a nested body of its property, whose calls are the property's. */
  private declareAccessor(node: Node, accessor: string): VisitOutcome {
    let declaration = node.parent;
    while (declaration && declaration.type !== 'property_declaration' && declaration.type !== 'subscript_declaration')
      declaration = declaration.parent;
    const enclosing = this.currentMethod();
    const property = declaration ? this.properties.get(declaration.id) : undefined;
    const parent = enclosing?.symbol ?? property ?? null;
    if (!parent) return;
    const body = measureBody(node, node.startIndex, BODY_RULES);
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base: accessor, parent, body, signature: accessor });
    const owner = enclosing ? (enclosing.owner as SwType | null) : this.currentType();
    const method = this.callable(symbol, owner, [], null);
    if (enclosing) inheritLocals(method, enclosing);
    return this.scopes.enter({ kind: 'method', method });
  }

  /** A closure: a nested body of the function around it, or of the type for a property's initial value; named by what it is bound to. */
  private declareClosure(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const base = bindingOf(node);
    const body = measureBody(node, node.startIndex, BODY_RULES);
    const signature = this.text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 1));
    const parent = enclosing?.symbol ?? owner?.symbol ?? null;
    if (!parent) return;
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base, parent, body, signature });
    const method = this.callable(symbol, enclosing ? (enclosing.owner as SwType | null) : owner, [], null);
    if (enclosing) inheritLocals(method, enclosing);
    // A closure's parameters hide the names around it.
    for (const parameter of node.descendantsOfType('lambda_parameter')) {
      const name = declaredName(parameter.childForFieldName('name'));
      if (name) method.locals.set(name, { kind: 'unknown' });
    }
    if (enclosing && node.parent?.type === 'property_declaration' && symbol.name === base)
      enclosing.locals.set(base, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  private callable(symbol: SymbolRow, owner: SwType | null, parameters: Node[], returns: string | null): SwFunction {
    const method: SwFunction = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    for (const parameter of parameters) {
      if (method.params >= 0) method.params = parameter.text.includes('...') ? -1 : method.params + 1;
      const name = declaredName(parameter.childForFieldName('name'));
      const type = typeName(parameter.namedChildren.find((child) => TYPE_NODES.has(child.type)));
      if (name) method.locals.set(name, type ? { kind: 'type', text: type } : { kind: 'unknown' });
    }
    return method;
  }

  /** `public`/`open`, in a type seen from other modules (a `public extension`'s members are public unless they say otherwise). */
  private memberExported(node: Node, owner: SwType | null): boolean {
    const modifiers = modifiersOf(node);
    if (modifiers.some((modifier) => modifier === 'private' || modifier === 'fileprivate' || modifier === 'internal')) return false;
    if (!owner) return isPublic(modifiers);
    if (owner.isInterface) return owner.symbol.exported;
    // An extension's member is as public as it says, or as its `public extension` (the type extended may be elsewhere).
    if (owner.extends !== null) return isPublic(modifiers) || owner.symbol.exported;
    return owner.symbol.exported && isPublic(modifiers);
  }

  /** Declaration text from its first modifier (attributes left out) up to `end`. */
  private header(node: Node, end: number): string {
    let start = node.startIndex;
    const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
    if (modifiers) {
      const firstModifier = modifiers.namedChildren.find((child) => child.type !== 'attribute');
      start = firstModifier?.startIndex ?? modifiers.endIndex;
    }
    return this.text.slice(start, end).trim();
  }

  // --- calls ----------------------------------------------------------------------------------

  private recordCall(node: Node): void {
    const caller = this.currentMethod();
    const callee = calleeOf(node);
    if (!caller || !callee) return;
    // `Pricing()`: Swift constructs with a call of the type (its types are capitalised, its functions are not).
    const kind = callee.object === null && /^\p{Lu}/u.test(callee.name) ? 'new' : 'call';
    this.file.sites.push({
      caller,
      line: startLineOf(node),
      kind,
      name: callee.name,
      object: callee.object,
      path: null,
      args: argumentCount(node),
    });
  }
}

/** `public` or `open`: seen from other modules (Swift's default is `internal`, the module's own). */
function isPublic(modifiers: string[]): boolean {
  return modifiers.includes('public') || modifiers.includes('open');
}

/** A function's name: `init`, `deinit`, `subscript`, or its identifier (an operator's symbol). */
function functionName(node: Node): string | null {
  if (node.type === 'init_declaration') return 'init';
  if (node.type === 'deinit_declaration') return 'deinit';
  if (node.type === 'subscript_declaration') return 'subscript';
  const name = node.childForFieldName('name');
  return name && !TYPE_NODES.has(name.type) ? declaredName(name) : null;
}

/** A protocol's `var total: Int { get }`: its name sits in a pattern. */
function protocolPropertyNames(node: Node): { name: string; node: Node }[] {
  if (node.type !== 'protocol_property_declaration') return [];
  const pattern = node.childForFieldName('name');
  const bound = pattern ? fieldChildren(pattern, 'bound_identifier')[0] : undefined;
  const name = declaredName(bound);
  return bound && name ? [{ name, node: bound }] : [];
}

/** What a closure is bound to: a property (`let f = { }`), a call's trailing closure (`map{}`) or argument (`reduce(1)`); else `closure`. */
function bindingOf(node: Node): string {
  const parent = node.parent;
  if (!parent) return 'closure';
  if (parent.type === 'property_declaration') return boundNames(parent)[0]?.name ?? 'closure';
  if (parent.type === 'call_suffix') {
    const call = parent.parent;
    const callee = call?.type === 'call_expression' ? calleeOf(call)?.name : undefined;
    return `${callee ?? 'call'}{}`;
  }
  if (parent.type === 'value_argument') {
    const list = parent.parent;
    const call = list?.parent?.parent;
    const index = list ? namedChildrenOf(list).findIndex((argument) => argument.id === parent.id) : 0;
    const callee = call?.type === 'call_expression' ? calleeOf(call)?.name : undefined;
    return `${callee ?? 'call'}(${index})`;
  }
  return 'closure';
}
