import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import { nameFromSource } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod } from '../../tree-sitter/typed-values';
import { currentMethodOf, currentTypeOf, inheritLocals, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import { BODY_RULES, TEST_ATTRIBUTES, TYPE_DECLARATIONS, type CsContext, type CsFile, type CsMethod, type CsType } from './csharp-model';
import { argumentCount, attributeNames, calleeOf, declaratorValue, exprOf, modifiersOf, xmlDoc } from './csharp-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

type Scope = { kind: 'namespace'; name: string } | TypedWalkScope<CsType, CsMethod>;

/** One file's walk: namespaces, usings, types and their members, local variable types and call sites, in one pass. */
export class CSharpFileWalk implements FileWalk<CsFile> {
  private readonly file: CsFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<Scope>();
  /** A file-scoped `namespace A.B;` applies to the rest of the file. */
  private fileNamespace = '';
  private readonly nestedNames = new NestedNames();
  private readonly fieldUses = new FieldUses();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.file = { path: source.path, usings: [], staticUsings: [], aliases: new Map(), types: [], methods: [], sites: [] };
  }

  visit(node: Node): VisitOutcome {
    const typeKind = TYPE_DECLARATIONS[node.type];
    if (typeKind) return this.declareType(node, typeKind);
    switch (node.type) {
      case 'namespace_declaration':
      case 'file_scoped_namespace_declaration':
        return this.declareNamespace(node);
      case 'using_directive':
        this.recordUsing(node);
        return false;
      case 'delegate_declaration':
        this.declareDelegate(node);
        return false;
      case 'method_declaration':
      case 'constructor_declaration':
      case 'destructor_declaration':
      case 'operator_declaration':
      case 'conversion_operator_declaration': {
        const owner = this.scopes.top();
        if (owner?.kind !== 'type') return;
        return this.scopes.enter({ kind: 'method', method: this.declareMethod(node, owner.type) });
      }
      case 'property_declaration':
      case 'indexer_declaration':
      case 'event_declaration': {
        const owner = this.scopes.top();
        if (owner?.kind === 'type') this.declareProperty(node, owner.type);
        return;
      }
      case 'field_declaration':
      case 'event_field_declaration': {
        const owner = this.scopes.top();
        if (owner?.kind === 'type') this.declareFields(node, owner.type);
        return;
      }
      case 'enum_member_declaration': {
        const owner = this.scopes.top();
        const name = node.childForFieldName('name')?.text;
        if (owner?.kind === 'type' && name)
          this.addProperty(owner.type, name, owner.type.symbol.name, node.text, node, owner.type.symbol.exported);
        return false;
      }
      case 'local_function_statement':
      case 'lambda_expression':
      case 'anonymous_method_expression':
        return this.declareNested(node);
      case 'invocation_expression':
      case 'object_creation_expression':
        this.recordSite(node);
        return;
      case 'local_declaration_statement':
        this.recordLocals(node);
        return;
      case 'foreach_statement':
      case 'catch_declaration':
      case 'declaration_pattern':
        this.recordNamedLocal(node);
        return;
      case 'member_access_expression':
        this.recordFieldUse(node);
        return;
      default:
        return;
    }
  }

  finish(): CsFile {
    this.fieldUses.finish();
    return this.file;
  }

  // --- scopes ---------------------------------------------------------------------------------

  private namespace(): string {
    const scope = this.scopes.innermost((s): s is Extract<Scope, { kind: 'namespace' }> => s.kind === 'namespace');
    return scope?.name ?? this.fileNamespace;
  }

  private currentType(): CsType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): CsMethod | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: CsType | null): CsContext {
    return { file: this.file, namespace: this.namespace(), type };
  }

  // --- declarations ---------------------------------------------------------------------------

  private declareNamespace(node: Node): VisitOutcome {
    const declared = node.childForFieldName('name')?.text.replace(/\s+/g, '');
    if (!declared) return;
    const outer = this.namespace();
    const name = outer ? `${outer}.${declared}` : declared;
    const body = node.childForFieldName('body');
    this.symbols.add({
      kind: 'module',
      name: declared,
      qualifiedName: name,
      parent: null,
      signature: `namespace ${name}`,
      doc: xmlDoc(node),
      ...linesOf(node),
      exported: true,
    });
    if (node.type === 'file_scoped_namespace_declaration' || !body) {
      this.fileNamespace = name;
      return;
    }
    return this.scopes.enter({ kind: 'namespace', name });
  }

  private declareType(node: Node, kind: SymbolKind): VisitOutcome {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const outer = this.currentType();
    const modifiers = modifiersOf(node);
    const around = this.scopes.top();
    const exported = isVisible(modifiers, outer) && (outer === null || outer.symbol.exported) && around?.kind !== 'method';
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: around?.kind === 'method' ? around.method.symbol : (outer?.symbol ?? null),
      signature: this.header(node, body?.startIndex ?? node.endIndex),
      doc: xmlDoc(node),
      ...linesOf(node),
      exported,
    });
    const namespace = this.namespace();
    const type: CsType = {
      symbol,
      file: null as unknown as CsContext,
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: [],
      fullName: outer ? `${outer.fullName}.${name}` : namespace ? `${namespace}.${name}` : name,
      outer,
      nested: new Map(),
      typeParams: typeParameters(node),
    };
    type.file = this.context(type);
    const bases = node.namedChildren.find((child) => child.type === 'base_list');
    if (bases) for (const base of namedChildrenOf(bases)) if (base.type !== 'argument_list') type.supertypes.push(base.text);
    if (outer && !outer.nested.has(name)) outer.nested.set(name, type);
    this.file.types.push(type);
    // `record Point(int X, int Y)`: its parameters are properties.
    const parameters = node.namedChildren.find((child) => child.type === 'parameter_list');
    if (parameters) for (const parameter of namedChildrenOf(parameters)) this.declareRecordParameter(parameter, type);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareRecordParameter(parameter: Node, owner: CsType): void {
    const name = parameter.childForFieldName('name')?.text;
    const type = parameter.childForFieldName('type')?.text ?? null;
    if (name) this.addProperty(owner, name, type, parameter.text, parameter, owner.symbol.exported);
  }

  private declareDelegate(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    if (!name) return;
    const outer = this.currentType();
    this.symbols.add({
      kind: 'type',
      name,
      parent: outer?.symbol ?? null,
      signature: this.header(node, node.endIndex).replace(/;\s*$/, ''),
      doc: xmlDoc(node),
      ...linesOf(node),
      exported: isVisible(modifiersOf(node), outer) && (outer === null || outer.symbol.exported),
    });
  }

  private declareMethod(node: Node, owner: CsType): CsMethod {
    const isConstructor = node.type === 'constructor_declaration';
    const name =
      node.type === 'constructor_declaration'
        ? 'constructor'
        : node.type === 'destructor_declaration'
          ? `~${owner.symbol.name}`
          : node.type === 'operator_declaration'
            ? `operator${node.childForFieldName('operator')?.text ?? ''}`
            : node.type === 'conversion_operator_declaration'
              ? `operator ${node.childForFieldName('type')?.text ?? ''}`
              : (node.childForFieldName('name')?.text ?? '<anonymous>');
    const modifiers = modifiersOf(node);
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const isTest = !isConstructor && attributeNames(node).some((attribute) => TEST_ATTRIBUTES.has(attribute));
    const symbol = this.symbols.add({
      kind: 'method',
      test: isTest,
      name,
      parent: owner.symbol,
      signature: this.header(node, body?.startIndex ?? node.endIndex).replace(/;\s*$/, ''),
      doc: xmlDoc(node),
      ...linesOf(node),
      exported: owner.symbol.exported && (owner.isInterface || isVisible(modifiers, owner)),
      body: body ? measureBody(node, parameters?.startIndex ?? body.startIndex, BODY_RULES) : undefined,
    });
    const method = this.callable(
      symbol,
      owner,
      parameters,
      isConstructor ? null : ((node.childForFieldName('returns') ?? node.childForFieldName('type'))?.text ?? null),
    );
    addMethod(owner, name, method);
    return method;
  }

  private callable(symbol: SymbolRow, owner: CsType | null, parameters: Node | null, returns: string | null): CsMethod {
    const method: CsMethod = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    if (!parameters) return method;
    if (parameters.type === 'implicit_parameter' || parameters.type === 'identifier') {
      method.params = 1;
      method.locals.set(parameters.text, { kind: 'unknown' });
      return method;
    }
    for (const parameter of namedChildrenOf(parameters)) {
      if (parameter.type !== 'parameter') continue;
      if (parameter.children.some((child) => child.type === 'params')) method.params = -1;
      else if (method.params >= 0) method.params++;
      const name = parameter.childForFieldName('name')?.text;
      const type = parameter.childForFieldName('type');
      if (name) method.locals.set(name, type ? { kind: 'type', text: type.text } : { kind: 'unknown' });
    }
    return method;
  }

  /** A local function, lambda or anonymous method: a nested function under the declaration around it, seeing its locals. */
  private declareNested(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const parentSymbol = enclosing?.symbol ?? owner?.symbol;
    if (!parentSymbol) return;
    const base =
      node.type === 'local_function_statement'
        ? (node.childForFieldName('name')?.text ?? 'local')
        : nameFromSource(bindingOf(node), 'lambda');
    const prefix = `${parentSymbol.qualifiedName}.`;
    const name = this.nestedNames.claim(prefix, base);
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: parentSymbol,
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).replace(/\s*=>\s*$/, ''),
      doc: node.type === 'local_function_statement' ? xmlDoc(node) : null,
      ...linesOf(node),
      exported: false,
      body: measureBody(node, parameters?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES),
      nested: true,
    });
    const method = this.callable(symbol, owner, parameters, node.childForFieldName('type')?.text ?? null);
    if (enclosing) inheritLocals(method, enclosing);
    if (enclosing && name === base && (node.type === 'local_function_statement' || node.parent?.type === 'variable_declarator'))
      enclosing.locals.set(base, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  private declareProperty(node: Node, owner: CsType): void {
    const name = node.type === 'indexer_declaration' ? 'this' : node.childForFieldName('name')?.text;
    if (!name) return;
    const type = node.childForFieldName('type')?.text ?? null;
    const end = node.childForFieldName('accessors')?.startIndex ?? node.childForFieldName('value')?.startIndex ?? node.endIndex;
    const exported = owner.symbol.exported && (owner.isInterface || isVisible(modifiersOf(node), owner));
    this.addProperty(owner, name, type, this.header(node, end), node, exported);
  }

  private declareFields(node: Node, owner: CsType): void {
    const declaration = node.namedChildren.find((child) => child.type === 'variable_declaration');
    const type = declaration?.childForFieldName('type')?.text ?? null;
    if (!declaration) return;
    const exported = owner.symbol.exported && isVisible(modifiersOf(node), owner);
    const keywords = modifiersOf(node).join(' ');
    for (const declarator of declaration.namedChildren) {
      if (declarator.type !== 'variable_declarator') continue;
      const name = declarator.childForFieldName('name')?.text;
      if (name)
        this.addProperty(
          owner,
          name,
          type,
          `${keywords} ${node.type === 'event_field_declaration' ? 'event ' : ''}${type ?? ''} ${name}`,
          node,
          exported,
        );
    }
  }

  private addProperty(owner: CsType, name: string, type: string | null, signature: string, node: Node, exported: boolean): void {
    owner.fields.set(name, type);
    this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc: xmlDoc(node), ...linesOf(node), exported });
  }

  /** Declaration text from its first modifier (attributes left out) up to `end`. */
  private header(node: Node, end: number): string {
    let start = node.startIndex;
    for (const child of node.namedChildren) {
      if (child.type === 'attribute_list') start = child.endIndex;
      else break;
    }
    return this.text.slice(start, end).trim();
  }

  // --- usings, locals, calls --------------------------------------------------------------------

  private recordUsing(node: Node): void {
    const alias = node.childForFieldName('name')?.text;
    const target = node.namedChildren.find(
      (child) => child.type === 'qualified_name' || (child.type === 'identifier' && child.id !== node.childForFieldName('name')?.id),
    );
    if (!target) return;
    const name = target.text.replace(/\s+/g, '').replace(/^global::/, '');
    if (alias) this.file.aliases.set(alias, name);
    else if (node.children.some((child) => child.type === 'static')) this.file.staticUsings.push(name);
    else this.file.usings.push(name);
  }

  private recordLocals(node: Node): void {
    const method = this.currentMethod();
    const declaration = node.namedChildren.find((child) => child.type === 'variable_declaration');
    const type = declaration?.childForFieldName('type');
    if (!method || !declaration || !type) return;
    for (const declarator of declaration.namedChildren) {
      if (declarator.type !== 'variable_declarator') continue;
      const name = declarator.childForFieldName('name')?.text;
      if (!name) continue;
      const value = declaratorValue(declarator);
      if (value?.type === 'lambda_expression' || value?.type === 'anonymous_method_expression') continue;
      if (type.type === 'implicit_type') method.locals.set(name, value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' });
      else method.locals.set(name, { kind: 'type', text: type.text });
    }
  }

  /** `foreach (T x in ...)`, `catch (T e)`, `o is T x`. */
  private recordNamedLocal(node: Node): void {
    const method = this.currentMethod();
    if (!method) return;
    const name = node.type === 'foreach_statement' ? node.childForFieldName('left') : node.childForFieldName('name');
    const type = node.childForFieldName('type');
    if (!name || name.type !== 'identifier') return;
    method.locals.set(name.text, type && type.type !== 'implicit_type' ? { kind: 'type', text: type.text } : { kind: 'unknown' });
  }

  private recordSite(node: Node): void {
    const caller = this.currentMethod();
    if (!caller) return;
    const line = startLineOf(node);
    if (node.type === 'object_creation_expression') {
      const type = node.childForFieldName('type');
      if (type) this.file.sites.push({ caller, line, kind: 'new', name: type.text, object: null, path: null, args: argumentCount(node) });
      return;
    }
    const fn = node.childForFieldName('function');
    const callee = fn ? calleeOf(fn) : null;
    if (callee)
      this.file.sites.push({ caller, line, kind: 'call', name: callee.name, object: callee.object, path: null, args: argumentCount(node) });
  }

  /** `this.x`: written as the left side of `=` (compound assignments and `++` also read), read otherwise; `this.x(...)` is a call. */
  private recordFieldUse(node: Node): void {
    const method = this.currentMethod();
    const name = node.childForFieldName('name');
    if (!method || node.child(0)?.type !== 'this' || !name) return;
    const parent = node.parent;
    if (parent?.type === 'invocation_expression' && parent.childForFieldName('function')?.id === node.id) return;
    const assigned = parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.id === node.id;
    const use = assigned
      ? parent.childForFieldName('operator')?.text === '='
        ? 'write'
        : 'update'
      : parent?.type === 'postfix_unary_expression' || parent?.type === 'prefix_unary_expression'
        ? 'update'
        : 'read';
    this.fieldUses.add(method.symbol, name.text, use);
  }
}

/** Public, or protected (seen by subclasses in other assemblies); members of an interface are public unless they say otherwise. */
function isVisible(modifiers: string[], owner: CsType | null): boolean {
  if (modifiers.includes('private')) return false;
  return modifiers.includes('public') || modifiers.includes('protected') || (owner?.isInterface ?? false);
}

function typeParameters(node: Node): Set<string> {
  const list = node.namedChildren.find((child) => child.type === 'type_parameter_list');
  return new Set(list ? namedChildrenOf(list).map((parameter) => parameter.childForFieldName('name')?.text ?? parameter.text) : []);
}

/** What a lambda is bound to: a variable, an assignment's target, an argument (`Select(0)`), `return`; else `lambda`. */
function bindingOf(node: Node): string {
  let child = node;
  let parent = node.parent;
  while (parent?.type === 'parenthesized_expression' || parent?.type === 'argument') {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return 'lambda';
  switch (parent.type) {
    case 'variable_declarator':
      return parent.childForFieldName('name')?.text ?? 'lambda';
    case 'assignment_expression':
      return parent.childForFieldName('left')?.text ?? 'lambda';
    case 'argument_list': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === child.id);
      const fn = call?.type === 'invocation_expression' ? call.childForFieldName('function') : null;
      const callee = fn
        ? calleeOf(fn)?.name
        : call?.type === 'object_creation_expression'
          ? call.childForFieldName('type')?.text
          : undefined;
      return `${callee ?? 'call'}(${index})`;
    }
    case 'return_statement':
    case 'arrow_expression_clause':
      return 'return';
    default:
      return 'lambda';
  }
}
