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
  KOTEST_CASES,
  KOTEST_GROUPS,
  TEST_ANNOTATIONS,
  type KtContext,
  type KtFile,
  type KtFunction,
  type KtType,
} from './kotlin-model';
import { annotationNames, argumentCount, calleeOf, declaredName, exprOf, kdoc, modifiersOf, stringText, typeName } from './kotlin-syntax';

type Scope = TypedWalkScope<KtType, KtFunction>;

const TYPE_NODES = new Set(['user_type', 'nullable_type', 'function_type', 'parenthesized_type']);

/** One file's walk: package and imports, classes, objects, interfaces, enums, functions, properties, lambdas, tests and call sites. */
export class KotlinFileWalk implements FileWalk<KtFile> {
  private readonly file: KtFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.file = { path: source.path, package: '', imports: new Map(), starImports: [], types: [], methods: [], functions: [], sites: [] };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'package_header':
        this.declarePackage(node);
        return false;
      case 'import':
        this.recordImport(node);
        return false;
      case 'class_declaration':
      case 'object_declaration':
      case 'companion_object':
        return this.declareType(node);
      case 'type_alias':
        this.declareAlias(node);
        return false;
      case 'function_declaration':
      case 'secondary_constructor':
        return this.declareFunction(node);
      case 'anonymous_initializer':
        return this.declareInitializer(node);
      case 'class_parameter':
        this.declareClassParameter(node);
        return;
      case 'property_declaration':
        this.declareProperty(node);
        return;
      case 'enum_entry': {
        const type = this.currentType();
        const name = declaredName(node.firstNamedChild);
        if (type && name) this.addProperty(type, name, type.symbol.name, name, node, type.symbol.exported);
        return;
      }
      case 'lambda_literal':
      case 'anonymous_function':
        return this.declareLambda(node);
      case 'call_expression':
        this.recordCall(node);
        return;
      default:
        return;
    }
  }

  finish(): KtFile {
    return this.file;
  }

  private currentType(): KtType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): KtFunction | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: KtType | null): KtContext {
    return { file: this.file, type };
  }

  // --- declarations ---------------------------------------------------------------------------

  private declarePackage(node: Node): void {
    const name = node.namedChildren.find((child) => child.type === 'qualified_identifier' || child.type === 'identifier')?.text;
    if (!name) return;
    this.file.package = name.replace(/\s+/g, '');
    this.symbols.add({
      kind: 'module',
      name: this.file.package,
      parent: null,
      signature: `package ${this.file.package}`,
      doc: null,
      ...linesOf(node),
      exported: true,
    });
  }

  private recordImport(node: Node): void {
    const path = node.namedChildren.find((child) => child.type === 'qualified_identifier' || child.type === 'identifier');
    if (!path) return;
    const fullName = path.text.replace(/\s+/g, '');
    if (/\.\*\s*$/.test(node.text) || node.text.replace(/\s+/g, '').endsWith('*')) {
      this.file.starImports.push(fullName);
      return;
    }
    const alias = node.namedChildren.find((child) => child.type === 'identifier' && child.id !== path.id)?.text;
    this.file.imports.set(alias ?? fullName.slice(fullName.lastIndexOf('.') + 1), fullName);
  }

  private declareType(node: Node): VisitOutcome {
    const outer = this.currentType();
    const enclosing = this.currentMethod();
    const isCompanion = node.type === 'companion_object';
    const name = declaredName(node.childForFieldName('name')) ?? (isCompanion ? 'Companion' : null);
    if (!name) return;
    const modifiers = modifiersOf(node);
    const keyword = node.children.find(
      (child) => !child.isNamed && (child.type === 'interface' || child.type === 'class' || child.type === 'object'),
    )?.type;
    const kind: SymbolKind = keyword === 'interface' ? 'interface' : modifiers.includes('enum') ? 'enum' : 'class';
    const body = node.namedChildren.find((child) => child.type === 'class_body' || child.type === 'enum_class_body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: enclosing?.symbol ?? outer?.symbol ?? null,
      // Without a body (`class S : StringSpec({ ... })`), the header's first line.
      signature: body ? this.header(node, body.startIndex) : this.header(node, node.endIndex).split('\n')[0]!,
      doc: kdoc(node),
      ...linesOf(node),
      exported: isVisible(modifiers) && (outer === null || outer.symbol.exported) && enclosing === null,
    });
    const type: KtType = {
      symbol,
      file: null as unknown as KtContext,
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: [],
      fullName: outer ? `${outer.fullName}.${name}` : this.file.package ? `${this.file.package}.${name}` : name,
      outer,
      nested: new Map(),
      companion: null,
    };
    type.file = this.context(type);
    const delegation = node.namedChildren.find((child) => child.type === 'delegation_specifiers');
    for (const specifier of delegation ? namedChildrenOf(delegation) : []) {
      const written = specifier.namedChildren.find(
        (child) => child.type === 'user_type' || child.type === 'constructor_invocation' || child.type === 'explicit_delegation',
      );
      const text = typeName(written?.type === 'user_type' ? written : written?.firstNamedChild);
      if (text) type.supertypes.push(text);
    }
    if (outer) {
      if (!outer.nested.has(name)) outer.nested.set(name, type);
      if (isCompanion) outer.companion = type;
    }
    this.file.types.push(type);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareAlias(node: Node): void {
    const name = declaredName(node.childForFieldName('type') ?? node.firstNamedChild);
    if (!name) return;
    const outer = this.currentType();
    this.symbols.add({
      kind: 'type',
      name,
      parent: outer?.symbol ?? null,
      signature: this.header(node, node.endIndex),
      doc: kdoc(node),
      ...linesOf(node),
      exported: isVisible(modifiersOf(node)),
    });
  }

  private declareFunction(node: Node): VisitOutcome {
    const owner = this.currentType();
    const enclosing = this.currentMethod();
    const isConstructor = node.type === 'secondary_constructor';
    const nameNode = node.childForFieldName('name');
    const name = isConstructor ? 'constructor' : (declaredName(nameNode) ?? '<anonymous>');
    const parameters = node.namedChildren.find((child) => child.type === 'function_value_parameters') ?? null;
    const body = node.namedChildren.find((child) => child.type === 'function_body' || child.type === 'block') ?? null;
    const measured = measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES);
    const signature = this.header(node, body?.startIndex ?? node.endIndex).replace(/\s*=\s*$/, '');
    const types = node.namedChildren.filter((child) => TYPE_NODES.has(child.type));
    const receiver = nameNode ? (types.find((child) => child.endIndex <= nameNode.startIndex) ?? null) : null;
    const returns = types.find((child) => parameters !== null && child.startIndex >= parameters.endIndex) ?? null;
    if (enclosing) {
      const method = this.nested(node, name, enclosing, measured, signature, parameters, typeName(returns));
      if (method.symbol.name === name) enclosing.locals.set(name, { kind: 'callable', callable: method });
      return this.scopes.enter({ kind: 'method', method });
    }
    const modifiers = modifiersOf(node);
    const receiverName = typeName(receiver);
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      test: owner !== null && !isConstructor && annotationNames(node).some((annotation) => TEST_ANNOTATIONS.has(annotation)),
      name,
      // An extension function is named after its receiver (`Cart.total`), as it is called.
      qualifiedName: !owner && receiverName ? `${receiverName}.${name}` : undefined,
      parent: owner?.symbol ?? null,
      signature,
      doc: kdoc(node),
      ...linesOf(node),
      exported: isVisible(modifiers) && (owner === null || owner.symbol.exported),
      body: body ? measured : undefined,
    });
    const method = this.callable(symbol, owner, parameters, typeName(returns));
    if (owner) {
      addMethod(owner, name, method);
      // A companion's members are called on the class: `Cart.empty()`.
      if (owner.outer?.companion === owner) addMethod(owner.outer, name, method);
    } else {
      method.receiver = receiverName;
      this.file.functions.push(method);
    }
    return this.scopes.enter({ kind: 'method', method });
  }

  /** `init { ... }`: a nested body of the class, whose calls are the construction's. */
  private declareInitializer(node: Node): VisitOutcome {
    const owner = this.currentType();
    if (!owner || this.currentMethod()) return;
    const method = this.nestedOfType(node, owner, 'init', measureBody(node, node.startIndex, BODY_RULES), 'init', false);
    return this.scopes.enter({ kind: 'method', method });
  }

  /** A lambda: a kotest test or container when a spec's call names it, else a nested body named by what it is bound to. */
  private declareLambda(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const spec = owner !== null && owner.supertypes.some((parent) => /Spec$/.test(parent));
    const described = spec ? kotestDescription(node) : null;
    const measured = measureBody(node, node.startIndex, BODY_RULES);
    const base = described?.name ?? bindingOf(node);
    const signature = described ? described.signature : this.text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 2));
    let method: KtFunction;
    if (enclosing) method = this.nested(node, base, enclosing, measured, signature, null, null, described?.test ?? false);
    // A spec's body (`class S : StringSpec({ ... })`) or a property's lambda: a body of the class.
    else if (owner) method = this.nestedOfType(node, owner, base, measured, signature, described?.test ?? false);
    else return;
    if (!described && node.parent?.type === 'property_declaration' && enclosing && method.symbol.name === base)
      enclosing.locals.set(base, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  private nested(
    node: Node,
    base: string,
    enclosing: KtFunction,
    body: ReturnType<typeof measureBody>,
    signature: string,
    parameters: Node | null,
    returns: string | null,
    test = false,
  ): KtFunction {
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base, parent: enclosing.symbol, body, signature, test });
    const method = this.callable(symbol, enclosing.owner as KtType | null, parameters, returns);
    inheritLocals(method, enclosing);
    return method;
  }

  private nestedOfType(
    node: Node,
    owner: KtType,
    base: string,
    body: ReturnType<typeof measureBody>,
    signature: string,
    test: boolean,
  ): KtFunction {
    const name = this.nestedNames.claim(`${owner.symbol.qualifiedName}.`, base);
    const symbol = this.symbols.add({
      kind: 'function',
      test,
      name,
      parent: owner.symbol,
      signature,
      doc: null,
      ...linesOf(node),
      exported: false,
      body,
      nested: !test,
    });
    return this.callable(symbol, owner, null, null);
  }

  private callable(symbol: SymbolRow, owner: KtType | null, parameters: Node | null, returns: string | null): KtFunction {
    const method: KtFunction = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    let variadic = false;
    for (const parameter of parameters ? namedChildrenOf(parameters) : []) {
      if (parameter.type === 'parameter_modifiers') {
        variadic ||= parameter.text.includes('vararg');
        continue;
      }
      if (parameter.type !== 'parameter') continue;
      if (variadic) method.params = -1;
      else if (method.params >= 0) method.params++;
      const name = declaredName(parameter.firstNamedChild);
      const type = typeName(parameter.namedChildren.find((child) => TYPE_NODES.has(child.type)));
      if (name) method.locals.set(name, type ? { kind: 'type', text: type } : { kind: 'unknown' });
    }
    return method;
  }

  /** `class Cart(val owner: String)`: a `val`/`var` parameter of the primary constructor is a property. */
  private declareClassParameter(node: Node): void {
    const owner = this.currentType();
    if (!owner || !node.children.some((child) => child.type === 'val' || child.type === 'var')) return;
    const name = declaredName(node.namedChildren.find((child) => child.type === 'identifier'));
    if (!name) return;
    const type = typeName(node.namedChildren.find((child) => TYPE_NODES.has(child.type)));
    this.addProperty(owner, name, type, node.text.split('=')[0]!.trim(), node, owner.symbol.exported && isVisible(modifiersOf(node)));
  }

  private declareProperty(node: Node): void {
    const owner = this.currentType();
    const method = this.currentMethod();
    const variable = node.namedChildren.find((child) => child.type === 'variable_declaration');
    const name = declaredName(variable?.namedChildren.find((child) => child.type === 'identifier'));
    if (!variable || !name) return;
    const written = typeName(variable.namedChildren.find((child) => TYPE_NODES.has(child.type)));
    const initializer = node.namedChildren.find(
      (child) =>
        child.startIndex > variable.endIndex && child.type !== 'getter' && child.type !== 'setter' && child.type !== 'property_delegate',
    );
    if (method) {
      if (initializer?.type === 'lambda_literal' || initializer?.type === 'anonymous_function') return;
      method.locals.set(
        name,
        written ? { kind: 'type', text: written } : initializer ? { kind: 'expr', expr: exprOf(initializer) } : { kind: 'unknown' },
      );
      return;
    }
    const value = initializer ? exprOf(initializer) : null;
    const type = written ?? (value?.kind === 'typed' ? value.type : null);
    const end =
      initializer?.startIndex ??
      node.namedChildren.find((child) => child.type === 'getter' || child.type === 'setter')?.startIndex ??
      node.endIndex;
    const signature = this.header(node, end).replace(/\s*=\s*$/, '');
    const exported = isVisible(modifiersOf(node)) && (owner === null || owner.symbol.exported);
    if (owner) this.addProperty(owner, name, type, signature, node, exported);
    else this.symbols.add({ kind: 'variable', name, parent: null, signature, doc: kdoc(node), ...linesOf(node), exported });
  }

  private addProperty(owner: KtType, name: string, type: string | null, signature: string, node: Node, exported: boolean): void {
    if (!owner.fields.get(name)) owner.fields.set(name, type);
    if (owner.outer?.companion === owner && !owner.outer.fields.get(name)) owner.outer.fields.set(name, type);
    this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc: kdoc(node), ...linesOf(node), exported });
  }

  /** Declaration text from its first modifier (annotations left out) up to `end`. */
  private header(node: Node, end: number): string {
    let start = node.startIndex;
    const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
    if (modifiers) {
      const firstModifier = modifiers.namedChildren.find((child) => child.type !== 'annotation');
      start = firstModifier?.startIndex ?? modifiers.endIndex;
    }
    return this.text.slice(start, end).trim();
  }

  // --- calls ----------------------------------------------------------------------------------

  private recordCall(node: Node): void {
    const caller = this.currentMethod();
    const callee = calleeOf(node);
    if (!caller || !callee) return;
    const line = startLineOf(node);
    const args = argumentCount(node);
    // `Pricing()`: Kotlin constructs with a call of the class (its classes are capitalised, its functions are not).
    const kind = callee.object === null && /^\p{Lu}/u.test(callee.name) ? 'new' : 'call';
    this.file.sites.push({ caller, line, kind, name: callee.name, object: callee.object, path: null, args });
  }
}

/** No `private` or `internal`: seen from other modules. */
function isVisible(modifiers: string[]): boolean {
  return !modifiers.includes('private') && !modifiers.includes('internal');
}

/** A kotest case or container a lambda is the body of: `"adds" { }`, `test("adds") { }`, `describe("Cart") { }`. */
function kotestDescription(lambda: Node): { name: string; test: boolean; signature: string } | null {
  const call = lambda.parent?.type === 'annotated_lambda' ? lambda.parent.parent : null;
  if (call?.type !== 'call_expression') return null;
  const head = call.firstNamedChild;
  const literal = stringText(head);
  if (literal !== null) return { name: literal, test: true, signature: head!.text };
  if (head?.type !== 'call_expression') return null;
  const function_ = head.firstNamedChild?.type === 'identifier' ? head.firstNamedChild.text : null;
  const argument = head.namedChildren.find((child) => child.type === 'value_arguments')?.firstNamedChild?.firstNamedChild;
  const description = stringText(argument);
  if (function_ === null || description === null) return null;
  if (KOTEST_CASES.has(function_)) return { name: description, test: true, signature: head.text };
  if (KOTEST_GROUPS.has(function_)) return { name: description, test: false, signature: head.text };
  return null;
}

/** What a lambda is bound to: a property (`val f = { }`), a call's trailing lambda (`map{}`) or argument (`run(0)`); else `lambda`. */
function bindingOf(node: Node): string {
  const parent = node.parent;
  if (!parent) return 'lambda';
  if (parent.type === 'property_declaration')
    return declaredName(parent.namedChildren.find((child) => child.type === 'variable_declaration')?.firstNamedChild) ?? 'lambda';
  if (parent.type === 'annotated_lambda') {
    const call = parent.parent;
    const callee = call?.type === 'call_expression' ? calleeOf(call)?.name : undefined;
    return `${callee ?? 'call'}{}`;
  }
  if (parent.type === 'value_argument') {
    const list = parent.parent;
    const call = list?.parent;
    const index = list ? namedChildrenOf(list).findIndex((argument) => argument.id === parent.id) : 0;
    const callee =
      call?.type === 'call_expression'
        ? calleeOf(call)?.name
        : call?.type === 'constructor_invocation'
          ? typeName(call.firstNamedChild)
          : undefined;
    return `${callee ?? 'call'}(${index})`;
  }
  return 'lambda';
}
