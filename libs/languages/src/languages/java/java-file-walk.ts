import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '@lore/domain';
import { nameFromSource } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { type FieldUse, FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { BODY_RULES, TEST_ANNOTATIONS, TYPE_DECLARATIONS, type JavaFile, type JavaMethod, type JavaType } from './java-model';
import {
  annotationNames,
  argumentCount,
  exprOf,
  hasModifier,
  javadoc,
  modifierKeywords,
  modifiersOf,
  typeParametersOf,
} from './java-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

type Declaration = { kind: 'type'; type: JavaType } | { kind: 'method'; method: JavaMethod };

/**
 * The body of an anonymous class or an enum constant: its methods are nested functions under the
 * declaration around it, named `<prefix>.<method>`.
 */
type Scope = Declaration | { kind: 'anonymous'; prefix: string };

const isDeclaration = (scope: Scope): scope is Declaration => scope.kind !== 'anonymous';

/** One file's walk: one pass collecting declarations, imports, local variable types and call sites. */
export class JavaFileWalk implements FileWalk<JavaFile> {
  private readonly file: JavaFile;
  private readonly text: string;
  readonly scopes = new ScopeStack<Scope>();
  /** Qualified names given to nested bodies so far: a second one of a name gets `#2`. */
  private readonly nestedNames = new NestedNames();
  /** The fields of its type each body reads and writes. */
  private readonly fieldUses = new FieldUses();
  /** Bare names a body uses that no local declares: its type's fields, once every field of the file is known. */
  private readonly bareNames: { method: JavaMethod; name: string; use: FieldUse }[] = [];

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.file = {
      path: source.path,
      pkg: '',
      imports: new Map(),
      staticImports: new Map(),
      wildcardImports: [],
      staticWildcardImports: [],
      topTypes: new Map(),
      types: [],
      methods: [],
      sites: [],
    };
  }

  visit(node: Node): VisitOutcome {
    const type = node.type;
    const typeKind = TYPE_DECLARATIONS[type];
    if (typeKind) return this.scopes.enter({ kind: 'type', type: this.declareType(node, typeKind) });
    switch (type) {
      case 'package_declaration': {
        const name = node.namedChildren.find((child) => child.type === 'scoped_identifier' || child.type === 'identifier');
        this.file.pkg = name ? name.text.replace(/\s+/g, '') : '';
        return false;
      }
      case 'import_declaration':
        this.recordImport(node);
        return false;
      case 'method_declaration':
      case 'constructor_declaration':
      case 'compact_constructor_declaration':
      case 'annotation_type_element_declaration': {
        const owner = this.scopes.top();
        if (owner?.kind === 'anonymous' && node.type === 'method_declaration') {
          const name = node.childForFieldName('name')?.text ?? 'anonymous';
          const method = this.declareNested(node, `${owner.prefix}.${name}`);
          return method ? this.scopes.enter({ kind: 'method', method }) : undefined;
        }
        if (owner?.kind !== 'type') return;
        return this.scopes.enter({ kind: 'method', method: this.declareMethod(node, owner.type) });
      }
      case 'field_declaration':
      case 'constant_declaration': {
        const owner = this.scopes.top();
        if (owner?.kind === 'type') this.declareFields(node, owner.type);
        else this.recordLocals(node);
        return;
      }
      case 'enum_constant': {
        const owner = this.scopes.top();
        if (owner?.kind === 'type') this.declareEnumConstant(node, owner.type);
        return;
      }
      case 'local_variable_declaration':
        this.recordLocals(node);
        return;
      case 'enhanced_for_statement':
      case 'resource':
      case 'catch_formal_parameter':
      case 'instanceof_expression':
        this.recordNamedLocal(node);
        return;
      case 'lambda_expression': {
        const lambda = this.declareNested(node, bindingOf(node, 'lambda'));
        if (!lambda) return;
        const exit = this.scopes.enter({ kind: 'method', method: lambda });
        this.recordLambdaParameters(node);
        return exit;
      }
      case 'class_body': {
        // Anonymous classes and enum constant bodies: their methods are nested bodies, not a declared type's.
        const parent = node.parent;
        if (parent?.type === 'object_creation_expression') {
          const type = parent.childForFieldName('type')?.text.replace(/<.*$/s, '') ?? 'Object';
          return this.scopes.enter({ kind: 'anonymous', prefix: bindingOf(parent, `new ${type}`) });
        }
        if (parent?.type === 'enum_constant')
          return this.scopes.enter({ kind: 'anonymous', prefix: parent.childForFieldName('name')?.text ?? 'constant' });
        return;
      }
      case 'method_invocation':
      case 'object_creation_expression':
      case 'explicit_constructor_invocation':
      case 'method_reference':
        this.recordCall(node);
        return;
      case 'field_access':
      case 'identifier':
        this.recordFieldUse(node);
        return;
      default:
        return;
    }
  }

  finish(): JavaFile {
    // Fields may be declared below the methods that use them: bare names are told apart now.
    for (const { method, name, use } of this.bareNames) if (method.type.fields.has(name)) this.fieldUses.add(method.symbol, name, use);
    this.fieldUses.finish();
    return this.file;
  }

  /**
   * `this.x`, or a bare `x` that no local or parameter declares (a field of the type, checked at the
   * end): written as the left side of `=` (`+=` and `x++` also read), read otherwise. Names of
   * declarations, methods called and members of other objects are not fields of this one.
   */
  private recordFieldUse(node: Node): void {
    const method = this.currentMethod();
    if (!method) return;
    let name: string;
    if (node.type === 'field_access') {
      const field = node.childForFieldName('field');
      if (node.childForFieldName('object')?.type !== 'this' || !field) return;
      name = field.text;
    } else {
      const parent = node.parent;
      const named = (field: string) => parent?.childForFieldName(field)?.id === node.id;
      if (!parent || parent.type === 'field_access' || named('name') || named('field') || named('type') || named('label')) return;
      if (method.locals.has(node.text)) return;
      name = node.text;
    }
    const parent = node.parent;
    const assigned = parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.id === node.id;
    const use: FieldUse = assigned
      ? parent.childForFieldName('operator')?.text === '='
        ? 'write'
        : 'update'
      : parent?.type === 'update_expression'
        ? 'update'
        : 'read';
    if (node.type === 'field_access') this.fieldUses.add(method.symbol, name, use);
    else this.bareNames.push({ method, name, use });
  }

  // --- declarations -------------------------------------------------------------------------

  private declareType(node: Node, kind: SymbolKind): JavaType {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const scope = this.innermostDeclaration();
    const outer = scope?.kind === 'type' ? scope.type : null;
    const modifiers = modifiersOf(node);
    const isPublic = hasModifier(modifiers, 'public');
    const exported =
      scope === null
        ? isPublic
        : outer
          ? outer.symbol.exported && (isPublic || outer.isInterface) && !hasModifier(modifiers, 'private')
          : false;
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: scope ? (scope.kind === 'type' ? scope.type.symbol : scope.method.symbol) : null,
      signature: this.header(node, modifiers, body?.startIndex ?? node.endIndex),
      doc: javadoc(node),
      ...linesOf(node),
      exported,
    });
    const fqnPrefix = outer ? outer.fqn : scope === null ? this.file.pkg : null;
    const superclass = node.childForFieldName('superclass')?.namedChildren[0]?.text ?? null;
    const interfaceList =
      node.childForFieldName('interfaces') ?? node.namedChildren.find((child) => child.type === 'extends_interfaces') ?? null;
    const typeList = interfaceList?.namedChildren.find((child) => child.type === 'type_list');
    const declared: JavaType = {
      symbol,
      file: this.file,
      fqn: fqnPrefix === null ? null : fqnPrefix ? `${fqnPrefix}.${name}` : name,
      outer,
      isInterface: kind === 'interface',
      nested: new Map(),
      methods: new Map(),
      fields: new Map(),
      superclass,
      interfaces: typeList ? typeList.namedChildren.map((child) => child.text) : [],
      typeParams: typeParametersOf(node),
      recordComponents: 0,
    };
    if (outer && !outer.nested.has(name)) outer.nested.set(name, declared);
    if (scope === null && !this.file.topTypes.has(name)) this.file.topTypes.set(name, declared);
    if (node.type === 'record_declaration') this.declareRecordComponents(node, declared);
    this.file.types.push(declared);
    return declared;
  }

  private declareMethod(node: Node, owner: JavaType): JavaMethod {
    const isConstructor = node.type === 'constructor_declaration' || node.type === 'compact_constructor_declaration';
    const name = isConstructor ? 'constructor' : (node.childForFieldName('name')?.text ?? '<anonymous>');
    const modifiers = modifiersOf(node);
    const isTest = !isConstructor && annotationNames(modifiers).some((annotation) => TEST_ANNOTATIONS.has(annotation));
    const body = node.childForFieldName('body');
    const exported = owner.symbol.exported && !hasModifier(modifiers, 'private') && (hasModifier(modifiers, 'public') || owner.isInterface);
    let header = this.header(node, modifiers, body?.startIndex ?? node.endIndex);
    if (!body) header = header.replace(/;\s*$/, '');
    const symbol = this.symbols.add({
      kind: 'method',
      test: isTest,
      name,
      parent: owner.symbol,
      signature: header,
      doc: javadoc(node),
      ...linesOf(node),
      exported,
      body: body ? measureBody(node, node.childForFieldName('parameters')?.startIndex ?? body.startIndex, BODY_RULES) : undefined,
    });
    const method: JavaMethod = {
      symbol,
      type: owner,
      params: 0,
      varargs: false,
      returns: isConstructor ? null : (node.childForFieldName('type')?.text ?? null),
      typeParams: typeParametersOf(node),
      locals: new Map(),
    };
    const parameters = node.childForFieldName('parameters');
    if (node.type === 'compact_constructor_declaration') {
      method.params = owner.recordComponents;
    } else if (parameters) {
      for (const parameter of namedChildrenOf(parameters)) {
        if (parameter.type === 'formal_parameter') {
          method.params++;
          const type = parameter.childForFieldName('type');
          const parameterName = parameter.childForFieldName('name');
          if (type && parameterName) method.locals.set(parameterName.text, { kind: 'type', text: type.text });
        } else if (parameter.type === 'spread_parameter') {
          method.params++;
          method.varargs = true;
          const parameterName = parameter.namedChildren.find((child) => child.type === 'variable_declarator')?.childForFieldName('name');
          if (parameterName) method.locals.set(parameterName.text, { kind: 'type', text: 'Object[]' });
        }
      }
    }
    const overloads = owner.methods.get(name);
    if (overloads) overloads.push(method);
    else owner.methods.set(name, [method]);
    this.file.methods.push(method);
    return method;
  }

  /**
   * A lambda or a method of an anonymous class: a nested function under the declaration around it,
   * which sees the enclosing method's locals as they are where it is written.
   */
  private declareNested(node: Node, base: string): JavaMethod | null {
    const around = this.innermostDeclaration();
    if (around === null) return null;
    const parent = around.kind === 'type' ? around.type.symbol : around.method.symbol;
    const prefix = `${parent.qualifiedName}.`;
    const typable = nameFromSource(base, 'lambda');
    const name = this.nestedNames.claim(prefix, typable);
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent,
      signature: this.text.slice(
        (node.type === 'lambda_expression' ? node : (parameters ?? node)).startIndex,
        body?.startIndex ?? node.endIndex,
      ),
      doc: null,
      ...linesOf(node),
      exported: false,
      body: measureBody(node, parameters?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES),
      nested: true,
    });
    const enclosing = around?.kind === 'method' ? around.method : null;
    return {
      symbol,
      type: around.kind === 'type' ? around.type : around.method.type,
      params: 0,
      varargs: false,
      returns: null,
      typeParams: enclosing?.typeParams ?? new Set(),
      locals: new Map(enclosing?.locals),
    };
  }

  private declareFields(node: Node, owner: JavaType): void {
    const modifiers = modifiersOf(node);
    const type = node.childForFieldName('type');
    if (!type) return;
    const exported = owner.symbol.exported && !hasModifier(modifiers, 'private') && (hasModifier(modifiers, 'public') || owner.isInterface);
    const prefix = modifierKeywords(modifiers);
    for (const declarator of node.childrenForFieldName('declarator')) {
      const name = declarator.childForFieldName('name')?.text;
      if (!name) continue;
      const dimensions = declarator.childForFieldName('dimensions')?.text ?? '';
      this.addProperty(owner, name, type.text + dimensions, `${prefix} ${type.text}${dimensions} ${name}`, javadoc(node), node, exported);
    }
  }

  private declareEnumConstant(node: Node, owner: JavaType): void {
    const name = node.childForFieldName('name')?.text;
    if (!name) return;
    this.addProperty(owner, name, owner.symbol.name, name, javadoc(node), node, owner.symbol.exported);
  }

  private declareRecordComponents(node: Node, owner: JavaType): void {
    const parameters = node.childForFieldName('parameters');
    if (!parameters) return;
    for (const component of namedChildrenOf(parameters)) {
      if (component.type !== 'formal_parameter') continue;
      const type = component.childForFieldName('type');
      const name = component.childForFieldName('name');
      if (!type || !name) continue;
      owner.recordComponents++;
      this.addProperty(owner, name.text, type.text, `${type.text} ${name.text}`, null, component, owner.symbol.exported);
    }
  }

  /** A field, an enum constant or a record component: a property of its type, whose type it records. */
  private addProperty(
    owner: JavaType,
    name: string,
    type: string,
    signature: string,
    doc: string | null,
    node: Node,
    exported: boolean,
  ): void {
    owner.fields.set(name, type);
    this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc, ...linesOf(node), exported });
  }

  /** Declaration text from its first keyword (annotations left out) up to `end`. */
  private header(node: Node, modifiers: Node | null, end: number): string {
    if (!modifiers) return this.text.slice(node.startIndex, end);
    return `${modifierKeywords(modifiers)} ${this.text.slice(modifiers.endIndex, end)}`;
  }

  private innermostDeclaration(): Declaration | null {
    return this.scopes.innermost(isDeclaration);
  }

  /** The method whose body the walk is in (a type declared in between owns what follows, not the method). */
  private currentMethod(): JavaMethod | null {
    const scope = this.innermostDeclaration();
    return scope?.kind === 'method' ? scope.method : null;
  }

  // --- locals, imports, calls -----------------------------------------------------------------

  private recordLocals(node: Node): void {
    const method = this.currentMethod();
    const type = node.childForFieldName('type');
    if (!method || !type) return;
    for (const declarator of node.childrenForFieldName('declarator')) {
      const name = declarator.childForFieldName('name')?.text;
      if (!name) continue;
      const value = declarator.childForFieldName('value');
      if (type.text === 'var') method.locals.set(name, value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' });
      else method.locals.set(name, { kind: 'type', text: type.text + (declarator.childForFieldName('dimensions')?.text ?? '') });
    }
  }

  /** for (T x : …), try (T x = …), catch (T | U e), o instanceof T x. */
  private recordNamedLocal(node: Node): void {
    const method = this.currentMethod();
    if (!method) return;
    let name = node.childForFieldName('name');
    let type: Node | null | undefined =
      node.type === 'instanceof_expression' ? node.childForFieldName('right') : node.childForFieldName('type');
    if (node.type === 'catch_formal_parameter') type = node.namedChildren.find((child) => child.type === 'catch_type')?.firstNamedChild;
    if (node.type === 'enhanced_for_statement' && !name) name = node.namedChildren.find((child) => child.type === 'identifier') ?? null;
    if (!name || !type) return;
    if (type.text === 'var') {
      const value = node.childForFieldName('value');
      method.locals.set(name.text, value && node.type === 'resource' ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' });
    } else {
      method.locals.set(name.text, { kind: 'type', text: type.text });
    }
  }

  /** Lambda parameters: typed ones are locals; untyped ones are unknown unless the method already has a local of that name. */
  private recordLambdaParameters(node: Node): void {
    const method = this.currentMethod();
    const parameters = node.childForFieldName('parameters');
    if (!method || !parameters) return;
    const names = parameters.type === 'identifier' ? [parameters] : namedChildrenOf(parameters);
    for (const parameter of names) {
      if (parameter.type === 'identifier') {
        if (!method.locals.has(parameter.text)) method.locals.set(parameter.text, { kind: 'unknown' });
      } else if (parameter.type === 'formal_parameter') {
        const type = parameter.childForFieldName('type');
        const name = parameter.childForFieldName('name');
        if (type && name) method.locals.set(name.text, { kind: 'type', text: type.text });
      }
    }
  }

  private recordImport(node: Node): void {
    const isStatic = node.children.some((child) => child.type === 'static');
    const wildcard = node.namedChildren.some((child) => child.type === 'asterisk');
    const name = node.namedChildren
      .find((child) => child.type === 'scoped_identifier' || child.type === 'identifier')
      ?.text.replace(/\s+/g, '');
    if (!name) return;
    if (wildcard) {
      (isStatic ? this.file.staticWildcardImports : this.file.wildcardImports).push(name);
      return;
    }
    const dot = name.lastIndexOf('.');
    if (dot < 0) return;
    if (isStatic) this.file.staticImports.set(name.slice(dot + 1), name.slice(0, dot));
    else this.file.imports.set(name.slice(dot + 1), name);
  }

  private recordCall(node: Node): void {
    const caller = this.currentMethod();
    if (!caller) return;
    const line = startLineOf(node);
    const sites = this.file.sites;
    switch (node.type) {
      case 'method_invocation': {
        const name = node.childForFieldName('name')?.text;
        const object = node.childForFieldName('object');
        if (name) sites.push({ caller, line, kind: 'call', name, object: object ? exprOf(object) : null, args: argumentCount(node) });
        return;
      }
      case 'object_creation_expression': {
        const type = node.childForFieldName('type');
        if (type) sites.push({ caller, line, kind: 'new', name: type.text, object: null, args: argumentCount(node) });
        return;
      }
      case 'explicit_constructor_invocation': {
        const target = node.childForFieldName('constructor')?.type;
        if (target === 'this' || target === 'super')
          sites.push({ caller, line, kind: target, name: target, object: null, args: argumentCount(node) });
        return;
      }
      case 'method_reference': {
        const parts = node.children;
        const object = node.firstNamedChild;
        const last = parts[parts.length - 1];
        if (!object || !last) return;
        const isNew = last.type === 'new';
        const name = isNew ? 'new' : last.text;
        sites.push({ caller, line, kind: isNew ? 'new' : 'reference', name: isNew ? object.text : name, object: exprOf(object), args: -1 });
        return;
      }
    }
  }
}

/**
 * What a lambda or an anonymous class is bound to: a variable (`comparator`), an assignment's
 * target, an argument (`sort(1)`: the method's or class's name and the position), `return`; else `fallback`.
 */
function bindingOf(node: Node, fallback: string): string {
  let child = node;
  let parent = node.parent;
  while (
    parent &&
    (parent.type === 'parenthesized_expression' || parent.type === 'ternary_expression' || parent.type === 'cast_expression')
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return fallback;
  switch (parent.type) {
    case 'variable_declarator':
      return parent.childForFieldName('name')?.text ?? fallback;
    case 'assignment_expression':
      return parent.childForFieldName('left')?.text ?? fallback;
    case 'argument_list': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === child.id);
      const callee =
        call?.type === 'method_invocation'
          ? call.childForFieldName('name')?.text
          : call?.type === 'object_creation_expression'
            ? call.childForFieldName('type')?.text.replace(/<.*$/s, '')
            : call?.type === 'explicit_constructor_invocation'
              ? call.childForFieldName('constructor')?.text
              : undefined;
      return `${callee ?? 'call'}(${index})`;
    }
    case 'return_statement':
    case 'lambda_expression':
      return 'return';
    default:
      return fallback;
  }
}
