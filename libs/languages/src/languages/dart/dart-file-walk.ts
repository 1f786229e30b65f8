import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import { NestedNames } from '../../function-bodies/nested-names';
import { testTitle } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, oneLine, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod } from '../../tree-sitter/typed-values';
import { addNestedFunction, currentMethodOf, currentTypeOf, inheritLocals, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import { BODY_RULES, TEST_FUNCTIONS, TEST_GROUPS, type DtContext, type DtFile, type DtFunction, type DtType } from './dart-model';
import {
  argumentsOf,
  argumentValue,
  calleeOf,
  constructs,
  dartDoc,
  cascadeName,
  cascadeReceiver,
  exprOf,
  SIGNATURES,
  stringValue,
  typeNameOf,
  uriOf,
  writtenType,
} from './dart-syntax';

type Scope = TypedWalkScope<DtType, DtFunction>;

/** package:test's layout: `test/`, and `*_test.dart` files. */
export const DART_TEST_PATH = /(^|\/)test\/|_test\.dart$/;

const DIRECTIVES: Record<string, 'import' | 'export' | 'part' | 'part of'> = {
  library_import: 'import',
  library_export: 'export',
  part_directive: 'part',
  part_of_directive: 'part of',
};

/** One file's walk: directives, classes, mixins, extensions, enums, typedefs, functions, members, closures, tests and call sites. */
export class DartFileWalk implements FileWalk<DtFile> {
  private readonly file: DtFile;
  private readonly text: string;
  private readonly testFile: boolean;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();
  private readonly fieldUses = new FieldUses();
  /** Members with a body, read for the fields they use once the file's fields are all known. */
  private readonly memberBodies: { method: DtFunction; owner: DtType; body: Node }[] = [];

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.testFile = DART_TEST_PATH.test(source.path);
    this.file = { path: source.path, directives: [], types: [], methods: [], functions: [], sites: [] };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'library_import':
      case 'library_export':
      case 'part_directive':
      case 'part_of_directive': {
        const uri = uriOf(node);
        if (uri !== null) this.file.directives.push({ kind: DIRECTIVES[node.type]!, uri });
        return false;
      }
      case 'class_definition':
      case 'mixin_declaration':
      case 'extension_declaration':
      case 'extension_type_declaration':
      case 'enum_declaration':
        return this.declareType(node);
      case 'type_alias':
        this.declareAlias(node);
        return false;
      case 'enum_constant':
        this.declareValue(node);
        return;
      case 'declaration':
        this.declareBodiless(node);
        return;
      case 'static_final_declaration_list':
      case 'initialized_identifier_list':
        if (node.parent?.type === 'program') this.declareVariables(node, node.parent);
        return;
      case 'function_body':
        return this.declareFunction(node);
      case 'function_expression':
        return this.declareClosure(node);
      case 'selector':
        this.recordCall(node);
        return;
      case 'cascade_section':
        this.recordCascade(node);
        return;
      case 'new_expression':
      case 'const_object_expression':
        this.recordConstruction(node);
        return;
      case 'initialized_variable_definition':
        this.declareLocal(node);
        return;
      default:
        return;
    }
  }

  finish(): DtFile {
    for (const { method, owner, body } of this.memberBodies) this.recordFieldUses(method, owner, body);
    this.fieldUses.finish();
    return this.file;
  }

  private currentType(): DtType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): DtFunction | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: DtType | null): DtContext {
    return { file: this.file, type };
  }

  // --- declarations ---------------------------------------------------------------------------

  private declareType(node: Node): VisitOutcome {
    const extended = node.type === 'extension_declaration' ? typeNameOf(node.childForFieldName('class')) : null;
    // An unnamed extension (`extension on Cart`) is named by the type it extends.
    const name =
      node.type === 'mixin_declaration'
        ? (node.namedChildren.find((child) => child.type === 'identifier')?.text ?? null)
        : (node.childForFieldName('name')?.text ?? extended);
    if (!name) return;
    const kind: SymbolKind = node.type === 'enum_declaration' ? 'enum' : 'class';
    const body = node.childForFieldName('body') ?? node.namedChildren.find((child) => child.type === 'class_body') ?? null;
    const symbol = this.symbols.add({
      kind,
      name,
      parent: null,
      signature: oneLine(this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex)),
      doc: dartDoc(node),
      ...linesOf(node),
      exported: !name.startsWith('_'),
    });
    const type: DtType = {
      symbol,
      file: null as unknown as DtContext,
      isInterface: false,
      methods: new Map(),
      fields: new Map(),
      supertypes: supertypesOf(node),
      extends: extended,
    };
    type.file = this.context(type);
    this.file.types.push(type);
    // An extension type's representation (`extension type Id(int value)`) is its field.
    const representation = node.childForFieldName('representation');
    const field = representation?.childForFieldName('name')?.text;
    if (representation && field)
      this.addProperty(type, field, typeNameOf(representation.childForFieldName('type')), oneLine(representation.text), representation);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareAlias(node: Node): void {
    // `typedef Fn = int Function(int);` names its first type; `typedef void Old(int x);` its type after the result.
    const names = node.namedChildren.filter((child) => child.type === 'type_identifier');
    const name = node.namedChildren.some((child) => child.type === 'formal_parameter_list') ? names.at(-1)?.text : names[0]?.text;
    if (!name) return;
    this.symbols.add({
      kind: 'type',
      name,
      parent: null,
      signature: oneLine(node.text),
      doc: dartDoc(node),
      ...linesOf(node),
      exported: !name.startsWith('_'),
    });
  }

  /** `red`, `green(0xff00)`: each value a property of the enum. */
  private declareValue(node: Node): void {
    const type = this.currentType();
    const name = node.childForFieldName('name')?.text;
    if (type && name) this.addProperty(type, name, type.symbol.name, oneLine(node.text), node);
  }

  /** A member written without a body: fields, `Cart(this.items);`, `Cart.empty() : this([]);`, abstract methods. */
  private declareBodiless(node: Node): void {
    const owner = this.currentType();
    if (!owner || this.currentMethod()) return;
    const signature = node.namedChildren.find((child) => SIGNATURES.has(child.type));
    if (signature) {
      this.addFunction(signature, node, null, owner);
      return;
    }
    const lists = node.namedChildren.filter(
      (child) => child.type === 'initialized_identifier_list' || child.type === 'static_final_declaration_list',
    );
    for (const list of lists) this.declareVariables(list, node);
  }

  /** Fields of the type around them, else top-level variables. */
  private declareVariables(list: Node, declaration: Node): void {
    const owner = this.currentType();
    const written = writtenType(declaration);
    for (const item of namedChildrenOf(list)) {
      const nameNode = item.firstNamedChild;
      if (nameNode?.type !== 'identifier') continue;
      const name = nameNode.text;
      const value = nameNode.nextNamedSibling;
      const constructed = value ? exprOf(value) : null;
      const type = written ?? (constructed?.kind === 'typed' ? constructed.type : null);
      const start = declaration.type === 'program' ? list : declaration;
      const signature = oneLine(this.text.slice(start.startIndex, value ? value.startIndex : item.endIndex)).replace(/\s*=$/, '');
      if (owner) this.addProperty(owner, name, type, signature, declaration.type === 'program' ? item : declaration);
      else
        this.symbols.add({
          kind: 'variable',
          name,
          parent: null,
          signature,
          doc: declaration.type === 'program' ? null : dartDoc(declaration),
          ...linesOf(item),
          exported: !name.startsWith('_'),
        });
    }
  }

  private addProperty(owner: DtType, name: string, type: string | null, signature: string, node: Node): SymbolRow {
    if (!owner.fields.get(name)) owner.fields.set(name, type);
    return this.symbols.add({
      kind: 'property',
      name,
      parent: owner.symbol,
      signature,
      doc: dartDoc(node),
      ...linesOf(node),
      exported: owner.symbol.exported && !name.startsWith('_'),
    });
  }

  /** A body: of a member or top-level function (its signature is the sibling before it) or of a local function. */
  private declareFunction(body: Node): VisitOutcome {
    const holder = body.parent;
    if (holder?.type === 'lambda_expression') {
      const signature = holder.childForFieldName('parameters');
      return signature ? this.declareLocalFunction(signature, body, holder.parent ?? holder) : undefined;
    }
    if (holder?.type === 'function_expression') return;
    const declaration = body.previousNamedSibling;
    if (!declaration) return;
    const signature = SIGNATURES.has(declaration.type)
      ? declaration
      : declaration.namedChildren.find((child) => SIGNATURES.has(child.type));
    if (!signature) return;
    return this.addFunction(signature, declaration, body, this.currentType());
  }

  private addFunction(signature: Node, declaration: Node, body: Node | null, owner: DtType | null): VisitOutcome {
    const name = memberName(signature, owner);
    if (!name) return;
    const constructor = signature.type.includes('constructor');
    const measured = body ? measureBody(body, body.startIndex, BODY_RULES) : undefined;
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      name,
      parent: owner?.symbol ?? null,
      signature: oneLine(this.text.slice(declaration.startIndex, body?.startIndex ?? declaration.endIndex)).replace(/\s*(=>|;)$/, ''),
      doc: dartDoc(declaration),
      startLine: startLineOf(declaration),
      endLine: linesOf(body ?? declaration).endLine,
      exported: !name.startsWith('_') && (owner === null || owner.symbol.exported),
      body: measured,
    });
    const returns = constructor ? (owner?.extends ?? owner?.symbol.name ?? null) : writtenType(signature);
    const method = this.callable(symbol, owner, signature, returns);
    if (owner) addMethod(owner, name, method);
    else this.file.functions.push(method);
    if (owner && body) this.memberBodies.push({ method, owner, body });
    return body ? this.scopes.enter({ kind: 'method', method }) : undefined;
  }

  /** `void inner() { ... }` inside a body: a nested function, a local of the function around it. */
  private declareLocalFunction(signature: Node, body: Node, declaration: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const name = signature.childForFieldName('name')?.text;
    if (!name) return;
    if (!enclosing) return this.addFunction(signature, declaration, body, this.currentType());
    const symbol = addNestedFunction(this.symbols, this.nestedNames, {
      node: declaration,
      base: name,
      parent: enclosing.symbol,
      body: measureBody(body, body.startIndex, BODY_RULES),
      signature: oneLine(this.text.slice(declaration.startIndex, body.startIndex)),
    });
    const method = this.callable(symbol, enclosing.owner as DtType | null, signature, writtenType(signature));
    inheritLocals(method, enclosing);
    if (symbol.name === name) enclosing.locals.set(name, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  /** A closure: a nested body named by what holds it; `test('...', () {})` is a test, `group('...', () {})` a nested body named by its title. */
  private declareClosure(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const parent = enclosing?.symbol ?? null;
    const binding = bindingOf(node, this.testFile);
    if (!parent && !binding.test && !binding.group) return;
    const body = node.childForFieldName('body') ?? node;
    const symbol = addNestedFunction(this.symbols, this.nestedNames, {
      node,
      base: binding.name,
      parent,
      body: measureBody(body, body.startIndex, BODY_RULES),
      signature: binding.test || binding.group ? binding.call : oneLine(node.childForFieldName('parameters')?.text ?? '()'),
      test: binding.test,
    });
    const method = this.callable(
      symbol,
      enclosing ? (enclosing.owner as DtType | null) : owner,
      node.childForFieldName('parameters'),
      null,
    );
    if (enclosing) inheritLocals(method, enclosing);
    if (enclosing && binding.local && symbol.name === binding.name)
      enclosing.locals.set(binding.name, { kind: 'callable', callable: method });
    for (const name of parameterNames(node.childForFieldName('parameters')))
      method.locals.set(name.name, name.type ? { kind: 'type', text: name.type } : { kind: 'unknown' });
    return this.scopes.enter({ kind: 'method', method });
  }

  /** `var c = Cart.empty();`, `final Item item = ...`: a local's written type or the expression it holds. */
  private declareLocal(node: Node): void {
    const method = this.currentMethod();
    const name = node.childForFieldName('name')?.text;
    if (!method || !name) return;
    const written = typeNameOf(node.namedChildren.find((child) => child.type === 'type_identifier'));
    const value = node.childForFieldName('value');
    if (value?.type === 'function_expression') return;
    method.locals.set(
      name,
      written ? { kind: 'type', text: written } : value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' },
    );
  }

  private callable(symbol: SymbolRow, owner: DtType | null, signature: Node | null, returns: string | null): DtFunction {
    const method: DtFunction = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    const list =
      signature?.type === 'formal_parameter_list'
        ? signature
        : signature?.namedChildren.find((child) => child.type === 'formal_parameter_list');
    const parameters = parameterNames(list ?? null);
    // Optional parameters (`[...]`, `{...}`) make any count up to them valid: arity is not checked.
    method.params = list?.namedChildren.some((child) => child.type === 'optional_formal_parameters') ? -1 : parameters.length;
    for (const { name, type } of parameters) {
      const field = type ?? (owner && name ? (owner.fields.get(name) ?? null) : null);
      method.locals.set(name, field ? { kind: 'type', text: field } : { kind: 'unknown' });
    }
    return method;
  }

  /** The fields of its own object a member's body reads and writes: `items`, `this.items` (a local or parameter of that name hides the field). */
  private recordFieldUses(method: DtFunction, owner: DtType, body: Node): void {
    for (const identifier of body.descendantsOfType('identifier')) {
      const name = identifier.text;
      if (!owner.fields.has(name)) continue;
      const parent = identifier.parent;
      const selected = parent?.type === 'unconditional_assignable_selector' || parent?.type === 'conditional_assignable_selector';
      if (selected) {
        const holder = parent.parent?.type === 'selector' ? parent.parent : parent;
        if (holder.previousSibling?.type !== 'this') continue;
      } else if (method.locals.has(name) || parent?.type === 'named_argument' || parent?.type === 'label') continue;
      const assignable = selected ? parent.parent : parent;
      const assigned = assignable?.type === 'assignable_expression' && assignable.parent?.type === 'assignment_expression';
      this.fieldUses.add(method.symbol, name, assigned ? 'write' : 'read');
    }
  }

  // --- calls ----------------------------------------------------------------------------------

  /** A selector with arguments: `f(...)`, `x.f(...)`, `Cart.empty(...)`, `Cart(...)`. */
  private recordCall(node: Node): void {
    if (!node.namedChildren.some((child) => child.type === 'argument_part')) return;
    const caller = this.currentMethod();
    const callee = calleeOf(node);
    if (!caller || !callee) return;
    const kind = callee.object === null && constructs(callee.name) ? 'new' : 'call';
    this.file.sites.push({
      caller,
      line: startLineOf(node),
      kind,
      name: callee.name,
      object: callee.object,
      path: null,
      args: argumentsOf(node).length,
    });
  }

  /** `cart..add(item)..clear()`: each section calls its member on the cascade's receiver. */
  private recordCascade(node: Node): void {
    const caller = this.currentMethod();
    const name = cascadeName(node);
    const part = node.namedChildren.find((child) => child.type === 'argument_part');
    if (!caller || !name || !part) return;
    this.file.sites.push({
      caller,
      line: startLineOf(node),
      kind: 'call',
      name,
      object: cascadeReceiver(node),
      path: null,
      args: argumentsOf(part).length,
    });
  }

  /** `new Cart(...)`, `const Cart.empty()`. */
  private recordConstruction(node: Node): void {
    const caller = this.currentMethod();
    const type = typeNameOf(node.namedChildren.find((child) => child.type === 'type_identifier'));
    if (!caller || !type) return;
    const named = node.namedChildren.find((child) => child.type === 'identifier')?.text;
    const args = node.namedChildren.find((child) => child.type === 'arguments');
    const count = args ? namedChildrenOf(args).length : 0;
    this.file.sites.push(
      named
        ? { caller, line: startLineOf(node), kind: 'call', name: named, object: { kind: 'name', name: type }, path: null, args: count }
        : { caller, line: startLineOf(node), kind: 'new', name: type, object: null, path: null, args: count },
    );
  }
}

/** `extends`, `with`, `implements`, a mixin's `on`: the types named, as written. */
function supertypesOf(node: Node): string[] {
  const names: string[] = [];
  for (const child of namedChildrenOf(node)) {
    if (child.type === 'superclass' || child.type === 'interfaces' || child.type === 'mixins')
      for (const part of namedChildrenOf(child)) {
        if (part.type === 'type_identifier') names.push(part.text);
        else if (part.type === 'mixins')
          names.push(
            ...namedChildrenOf(part)
              .filter((m) => m.type === 'type_identifier')
              .map((m) => m.text),
          );
      }
    else if (child.type === 'type_identifier' && node.type === 'mixin_declaration') names.push(child.text);
  }
  return names;
}

/** A member's name: `total`, `total=` for a setter, `operator ==`; a constructor is the class's name or its own (`Cart.empty` is `empty`). */
function memberName(signature: Node, owner: DtType | null): string | null {
  switch (signature.type) {
    case 'setter_signature': {
      const name = signature.childForFieldName('name')?.text;
      return name ? `${name}=` : null;
    }
    case 'operator_signature': {
      const operator = signature.namedChildren.find(
        (child) => child.type !== 'type_identifier' && child.type !== 'formal_parameter_list' && child.type !== 'void_type',
      );
      return `operator ${operator?.text ?? signature.text.replace(/^.*operator\s*|\(.*$/gs, '')}`;
    }
    case 'constructor_signature':
    case 'factory_constructor_signature':
    case 'redirecting_factory_constructor_signature':
    case 'constant_constructor_signature': {
      const names = signature.namedChildren.filter((child) => child.type === 'identifier').map((child) => child.text);
      return names[1] ?? names[0] ?? owner?.symbol.name ?? null;
    }
    default:
      return signature.childForFieldName('name')?.text ?? null;
  }
}

/** A parameter list's names and written types (`int x`, `this.items`, `{required Item item}`). */
function parameterNames(list: Node | null): { name: string; type: string | null }[] {
  if (!list) return [];
  const parameters = list.descendantsOfType('formal_parameter');
  return parameters
    .map((parameter) => {
      const name = parameter.childForFieldName('name') ?? parameter.descendantsOfType('identifier').at(-1) ?? null;
      return { name: name?.text ?? '', type: writtenType(parameter) };
    })
    .filter((parameter) => parameter.name !== '');
}

/** What a closure is bound to: a local (`var f = () {}`), a test or group (`test('adds', ...)`), a call's argument (`forEach(0)`), else `closure`. */
function bindingOf(node: Node, testFile: boolean): { name: string; test: boolean; group: boolean; local: boolean; call: string } {
  const none = { test: false, group: false, local: false, call: '' };
  const parent = node.parent;
  if (parent?.type === 'initialized_variable_definition')
    return { ...none, name: parent.childForFieldName('name')?.text ?? 'closure', local: true };
  if (parent?.type === 'argument' || parent?.type === 'named_argument') {
    const list = parent.parent;
    const selector = list?.parent?.parent;
    const callee =
      selector?.type === 'selector'
        ? calleeOf(selector)
        : selector?.type === 'cascade_section'
          ? { object: cascadeReceiver(selector), name: cascadeName(selector) ?? 'call' }
          : null;
    const args = list?.parent ? argumentsOf(list.parent) : [];
    const index = args.findIndex((argument) => argument.id === parent.id);
    if (callee && callee.object === null && testFile && (TEST_FUNCTIONS.has(callee.name) || TEST_GROUPS.has(callee.name))) {
      const title = stringValue(args[0] ? argumentValue(args[0]) : null) ?? args[0]?.text;
      if (title && index > 0) {
        const call = oneLine(`${callee.name}(${args[0]!.text}`);
        return { ...none, name: testTitle(title), test: TEST_FUNCTIONS.has(callee.name), group: TEST_GROUPS.has(callee.name), call };
      }
    }
    const label = parent.type === 'named_argument' ? parent.firstNamedChild?.text?.replace(/:$/, '') : null;
    return { ...none, name: `${callee?.name ?? 'call'}(${label ?? index})` };
  }
  return { ...none, name: 'closure' };
}
