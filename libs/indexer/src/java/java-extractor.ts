import type { Node, Query } from 'web-tree-sitter';
import type { InheritanceRow, SkippedFile, SymbolKind, SymbolRow } from '@lore/domain';
import type { Extraction, ExtractionInput, LanguageExtractor } from '../extractor';
import type { SourceFile } from '../repository-files';
import {
  CallEdges,
  compare,
  docText,
  endLineOf,
  FileSymbols,
  ImportEdges,
  indexByName,
  namedChildrenOf,
  oneLine,
  parserFor,
  forEachParsedFile,
  signatureText,
  startLineOf,
  visitCaptures,
  nodeTypeQuery,
} from '../tree-sitter/tree-sitter';

/** Decision points: 1 + these inside a method (not in lambdas or anonymous classes). `case` is the token of a `case` label. */
const DECISIONS = new Set([
  'if_statement',
  'for_statement',
  'enhanced_for_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
  'ternary_expression',
  'case',
  '&&',
  '||',
]);

const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};

/** The node types the single pass over a file looks at. */
const VISITED = [
  ...DECISIONS,
  ...Object.keys(TYPE_DECLARATIONS),
  'package_declaration',
  'import_declaration',
  'method_declaration',
  'constructor_declaration',
  'compact_constructor_declaration',
  'annotation_type_element_declaration',
  'field_declaration',
  'constant_declaration',
  'enum_constant',
  'local_variable_declaration',
  'resource',
  'catch_formal_parameter',
  'instanceof_expression',
  'lambda_expression',
  'class_body',
  'method_invocation',
  'object_creation_expression',
  'explicit_constructor_invocation',
  'method_reference',
];

const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
const PRIMITIVES = new Set(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double', 'void']);
const MAX_EVAL_DEPTH = 12;

type JExpr =
  | { kind: 'name'; name: string }
  | { kind: 'field'; object: JExpr; name: string }
  | { kind: 'this' }
  | { kind: 'super' }
  | { kind: 'call'; object: JExpr | null; name: string; args: number }
  | { kind: 'new'; type: string }
  | { kind: 'other' };

type LocalType = { kind: 'type'; text: string } | { kind: 'expr'; expr: JExpr } | { kind: 'unknown' };

interface JavaFile {
  path: string;
  pkg: string;
  /** Single-type imports: simple name → qualified name. */
  imports: Map<string, string>;
  /** Static single imports: member name → qualified class name. */
  staticImports: Map<string, string>;
  wildcardImports: string[];
  staticWildcardImports: string[];
  topTypes: Map<string, JavaType>;
  /** Every type declared in the file, nested and local ones included. */
  types: JavaType[];
  sites: CallSite[];
}

interface JavaType {
  symbol: SymbolRow;
  file: JavaFile;
  /** Qualified name (package.Outer.Inner); null for local classes. */
  fqn: string | null;
  outer: JavaType | null;
  isInterface: boolean;
  nested: Map<string, JavaType>;
  methods: Map<string, JavaMethod[]>;
  fields: Map<string, string>;
  superclass: string | null;
  interfaces: string[];
  typeParams: Set<string>;
  recordComponents: number;
  supers?: { type: JavaType; kind: 'EXTENDS' | 'IMPLEMENTS' }[];
}

interface JavaMethod {
  symbol: SymbolRow;
  type: JavaType;
  params: number;
  varargs: boolean;
  returns: string | null;
  typeParams: Set<string>;
  locals: Map<string, LocalType>;
  complexity: number;
}

interface CallSite {
  caller: JavaMethod;
  line: number;
  kind: 'call' | 'new' | 'this' | 'super' | 'reference';
  name: string;
  object: JExpr | null;
  /** Argument count; -1 for a method reference (any arity). */
  args: number;
}

type Scope = { kind: 'type'; type: JavaType } | { kind: 'method'; method: JavaMethod } | { kind: 'sink' };

type JValue = { kind: 'type'; type: JavaType } | { kind: 'external' } | { kind: 'unknown' };

const EXTERNAL: JValue = { kind: 'external' };
const UNKNOWN: JValue = { kind: 'unknown' };

/**
 * Java with tree-sitter. Symbols: classes, records (class), interfaces, annotation types
 * (interface), enums, methods, constructors (`Type.constructor`), fields, enum constants and record
 * components (property), nested types (`Outer.Inner`), JUnit tests (methods annotated @Test,
 * @ParameterizedTest, @RepeatedTest, @TestFactory, @TestTemplate). Qualified names are not
 * package-prefixed.
 *
 * Types are resolved like javac does for names: nested and enclosing types, single-type imports,
 * the same package, on-demand imports. A call is followed (`import`) when its receiver's declared
 * type is a repository type: `this`/`super`/bare calls in the class, its supertypes and enclosing
 * classes, locals, parameters and fields with a declared type (`var` takes its initialiser's type),
 * `Type.staticMethod()`, static imports, chained calls through declared return types. Overloads are
 * told apart by argument count. `new X()` is an edge to the class X; `this(...)`/`super(...)` to
 * the class or superclass. A receiver typed outside the repository (JDK, libraries) gives no edge;
 * an unknown one (untyped lambda parameters, generic type variables) falls back to the method name.
 */
export class JavaExtractor implements LanguageExtractor {
  readonly languages = ['java'] as const;

  async extract(input: ExtractionInput): Promise<Extraction> {
    const parser = await parserFor('java');
    const query = await nodeTypeQuery('java', VISITED);
    const symbols: SymbolRow[] = [];
    const skipped: SkippedFile[] = [];
    const files: JavaFile[] = [];
    const types: JavaType[] = [];
    const methods: JavaMethod[] = [];

    forEachParsedFile(parser, input, skipped, (file, root) => {
      const extractor = new JavaFileExtractor(input, file);
      files.push(extractor.extract(root, query));
      types.push(...extractor.types);
      methods.push(...extractor.methods);
      symbols.push(...extractor.symbols.symbols);
    });

    const resolver = new Resolver(files, types, methods);
    const calls = new CallEdges();
    for (const file of files) for (const site of file.sites) resolver.resolveCall(site, calls);

    const inheritance: InheritanceRow[] = [];
    for (const type of types) {
      for (const parent of resolver.supersOf(type))
        inheritance.push({ fromUid: type.symbol.uid, toUid: parent.type.symbol.uid, kind: parent.kind });
    }
    inheritance.sort((a, b) => compare(a.fromUid, b.fromUid) || compare(a.toUid, b.toUid) || compare(a.kind, b.kind));

    return { symbols, calls: calls.rows(), imports: resolver.importRows(input), inheritance, skipped };
  }
}

/** One file: one walk collecting declarations, imports, local variable types and call sites. */
class JavaFileExtractor {
  readonly symbols: FileSymbols;
  readonly types: JavaType[] = [];
  readonly methods: JavaMethod[] = [];
  private readonly file: JavaFile;
  private readonly text: string;
  private readonly scopes: Scope[] = [];

  constructor(input: ExtractionInput, source: SourceFile) {
    this.symbols = new FileSymbols(input, source);
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
      sites: [],
    };
  }

  extract(root: Node, query: Query): JavaFile {
    visitCaptures(root, query, (node) => {
      const type = node.type;
      if (DECISIONS.has(type)) {
        const top = this.scopes[this.scopes.length - 1];
        if (top?.kind === 'method') top.method.complexity++;
      }
      const typeKind = TYPE_DECLARATIONS[type];
      if (typeKind) {
        const declared = this.declareType(node, typeKind);
        this.scopes.push({ kind: 'type', type: declared });
        return () => void this.scopes.pop();
      }
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
          const owner = this.scopes[this.scopes.length - 1];
          if (owner?.kind !== 'type') return;
          const method = this.declareMethod(node, owner.type);
          this.scopes.push({ kind: 'method', method });
          return () => {
            if (method.symbol.complexity !== null) method.symbol.complexity = method.complexity;
            this.scopes.pop();
          };
        }
        case 'field_declaration':
        case 'constant_declaration': {
          const owner = this.scopes[this.scopes.length - 1];
          if (owner?.kind === 'type') this.declareFields(node, owner.type);
          else this.recordLocals(node);
          return;
        }
        case 'enum_constant': {
          const owner = this.scopes[this.scopes.length - 1];
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
        case 'lambda_expression':
          this.recordLambdaParameters(node);
          this.scopes.push({ kind: 'sink' });
          return () => void this.scopes.pop();
        case 'class_body': {
          // Anonymous classes and enum constant bodies: their methods belong to no declared type.
          const parentType = node.parent?.type;
          if (parentType === 'object_creation_expression' || parentType === 'enum_constant') {
            this.scopes.push({ kind: 'sink' });
            return () => void this.scopes.pop();
          }
          return;
        }
        case 'method_invocation':
        case 'object_creation_expression':
        case 'explicit_constructor_invocation':
        case 'method_reference':
          this.recordCall(node);
          return;
        default:
          return;
      }
    });
    return this.file;
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
      signature: signatureText(this.header(node, modifiers, body?.startIndex ?? node.endIndex)),
      doc: javadoc(node),
      startLine: startLineOf(node),
      endLine: endLineOf(node),
      exported,
      complexity: null,
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
    this.types.push(declared);
    this.file.types.push(declared);
    return declared;
  }

  private declareMethod(node: Node, owner: JavaType): JavaMethod {
    const isConstructor = node.type === 'constructor_declaration' || node.type === 'compact_constructor_declaration';
    const name = isConstructor ? 'constructor' : (node.childForFieldName('name')?.text ?? '<anonymous>');
    const modifiers = modifiersOf(node);
    const isTest = !isConstructor && annotationNames(modifiers).some((annotation) => TEST_ANNOTATIONS.has(annotation));
    const body = node.childForFieldName('body');
    const exported =
      !isTest && owner.symbol.exported && !hasModifier(modifiers, 'private') && (hasModifier(modifiers, 'public') || owner.isInterface);
    let header = this.header(node, modifiers, body?.startIndex ?? node.endIndex);
    if (!body) header = header.replace(/;\s*$/, '');
    const symbol = this.symbols.add({
      kind: isTest ? 'test' : 'method',
      name,
      parent: owner.symbol,
      signature: signatureText(header),
      doc: javadoc(node),
      startLine: startLineOf(node),
      endLine: endLineOf(node),
      exported,
      complexity: body ? 1 : null,
    });
    const method: JavaMethod = {
      symbol,
      type: owner,
      params: 0,
      varargs: false,
      returns: isConstructor ? null : (node.childForFieldName('type')?.text ?? null),
      typeParams: typeParametersOf(node),
      locals: new Map(),
      complexity: 1,
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
    this.methods.push(method);
    return method;
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
      owner.fields.set(name, type.text + dimensions);
      this.symbols.add({
        kind: 'property',
        name,
        parent: owner.symbol,
        signature: signatureText(`${prefix} ${type.text}${dimensions} ${name}`),
        doc: javadoc(node),
        startLine: startLineOf(node),
        endLine: endLineOf(node),
        exported,
        complexity: null,
      });
    }
  }

  private declareEnumConstant(node: Node, owner: JavaType): void {
    const name = node.childForFieldName('name')?.text;
    if (!name) return;
    owner.fields.set(name, owner.symbol.name);
    this.symbols.add({
      kind: 'property',
      name,
      parent: owner.symbol,
      signature: signatureText(name),
      doc: javadoc(node),
      startLine: startLineOf(node),
      endLine: endLineOf(node),
      exported: owner.symbol.exported,
      complexity: null,
    });
  }

  private declareRecordComponents(node: Node, owner: JavaType): void {
    const parameters = node.childForFieldName('parameters');
    if (!parameters) return;
    for (const component of namedChildrenOf(parameters)) {
      if (component.type !== 'formal_parameter') continue;
      const type = component.childForFieldName('type');
      const name = component.childForFieldName('name');
      if (!type || !name) continue;
      owner.fields.set(name.text, type.text);
      owner.recordComponents++;
      this.symbols.add({
        kind: 'property',
        name: name.text,
        parent: owner.symbol,
        signature: signatureText(`${type.text} ${name.text}`),
        doc: null,
        startLine: startLineOf(component),
        endLine: endLineOf(component),
        exported: owner.symbol.exported,
        complexity: null,
      });
    }
  }

  /** Declaration text from its first keyword (annotations left out) up to `end`. */
  private header(node: Node, modifiers: Node | null, end: number): string {
    if (!modifiers) return this.text.slice(node.startIndex, end);
    return `${modifierKeywords(modifiers)} ${this.text.slice(modifiers.endIndex, end)}`;
  }

  private innermostDeclaration(): Exclude<Scope, { kind: 'sink' }> | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.kind !== 'sink') return scope;
    }
    return null;
  }

  private currentMethod(): JavaMethod | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.kind === 'method') return scope.method;
      if (scope.kind === 'type') return null;
    }
    return null;
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

function argumentCount(node: Node): number {
  return node.childForFieldName('arguments')?.namedChildren.filter((child) => !child.type.endsWith('comment')).length ?? 0;
}

function exprOf(node: Node, depth = 0): JExpr {
  if (depth > 32) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
      return { kind: 'name', name: node.text };
    case 'this':
      return { kind: 'this' };
    case 'super':
      return { kind: 'super' };
    case 'field_access': {
      const object = node.childForFieldName('object');
      const field = node.childForFieldName('field');
      return object && field ? { kind: 'field', object: exprOf(object, depth + 1), name: field.text } : { kind: 'other' };
    }
    case 'scoped_type_identifier': {
      const parts = namedChildrenOf(node);
      const last = parts[parts.length - 1];
      return parts.length >= 2 && last ? { kind: 'field', object: exprOf(parts[0]!, depth + 1), name: last.text } : { kind: 'other' };
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object');
      return name
        ? { kind: 'call', object: object ? exprOf(object, depth + 1) : null, name, args: argumentCount(node) }
        : { kind: 'other' };
    }
    case 'object_creation_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'new', type: type.text } : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'cast_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'new', type: type.text } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

function modifiersOf(node: Node): Node | null {
  const first = node.firstNamedChild;
  return first?.type === 'modifiers' ? first : (node.namedChildren.find((child) => child.type === 'modifiers') ?? null);
}

function hasModifier(modifiers: Node | null, keyword: string): boolean {
  if (!modifiers) return false;
  for (let child = modifiers.firstChild; child; child = child.nextSibling) if (child.type === keyword) return true;
  return false;
}

/** The keywords of a modifier list, annotations and comments left out. */
function modifierKeywords(modifiers: Node | null): string {
  if (!modifiers) return '';
  const keywords: string[] = [];
  for (let child = modifiers.firstChild; child; child = child.nextSibling) if (!child.isNamed) keywords.push(child.text);
  return keywords.join(' ');
}

/** Simple names of the annotations in a modifier list. */
function annotationNames(modifiers: Node | null): string[] {
  if (!modifiers) return [];
  const names: string[] = [];
  for (let child = modifiers.firstNamedChild; child; child = child.nextNamedSibling) {
    if (child.type !== 'annotation' && child.type !== 'marker_annotation') continue;
    const name = child.childForFieldName('name')?.text;
    if (name) names.push(name.slice(name.lastIndexOf('.') + 1));
  }
  return names;
}

function typeParametersOf(node: Node): Set<string> {
  const parameters = node.childForFieldName('type_parameters') ?? node.namedChildren.find((child) => child.type === 'type_parameters');
  const names = new Set<string>();
  if (!parameters) return names;
  for (const parameter of namedChildrenOf(parameters)) {
    const name = parameter.namedChildren.find((child) => child.type === 'type_identifier' || child.type === 'identifier');
    if (name) names.add(name.text);
  }
  return names;
}

/** The /** *\/ comment right before a declaration. */
function javadoc(node: Node): string | null {
  let previous = node.previousSibling;
  while (previous?.type === 'line_comment') previous = previous.previousSibling;
  if (!previous || previous.type !== 'block_comment' || !previous.text.startsWith('/**')) return null;
  const text = previous.text
    .slice(3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n');
  return docText(text);
}

/** The base name of a type as written: annotations, generics, `? extends` and white space removed. */
function baseTypeName(text: string): { name: string; array: boolean } {
  let type = oneLine(text)
    .replace(/@[\w.]+(\([^)]*\))?\s*/g, '')
    .replace(/^\?\s*(extends|super)\s+/, '');
  const array = /\[\s*\]\s*$/.test(type) || type.endsWith('...');
  let depth = 0;
  let base = '';
  for (const char of type) {
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (depth === 0) base += char;
  }
  type = base
    .replace(/\[\s*\]/g, '')
    .replace(/\.\.\.$/, '')
    .replace(/\s+/g, '');
  return { name: type, array };
}

/** Simple names in the types a file declares, extends, stores, returns, instantiates or calls statically. */
function mentionedTypeNames(file: JavaFile): Set<string> {
  const texts: string[] = [];
  for (const type of file.types) {
    texts.push(...type.fields.values(), ...type.interfaces);
    if (type.superclass) texts.push(type.superclass);
    for (const overloads of type.methods.values()) {
      for (const method of overloads) {
        if (method.returns) texts.push(method.returns);
        for (const local of method.locals.values()) if (local.kind === 'type') texts.push(local.text);
      }
    }
  }
  for (const site of file.sites) {
    if (site.kind === 'new') texts.push(site.name);
    if (site.object?.kind === 'name') texts.push(site.object.name);
  }
  const names = new Set<string>();
  for (const text of texts) for (const name of text.match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(name);
  return names;
}

/** Phase two: types, supertypes, calls and imports across the repository. */
class Resolver {
  private readonly byFqn = new Map<string, JavaType>();
  private readonly bySimpleName = new Map<string, SymbolRow[]>();
  private readonly methodCandidates = new Map<string, SymbolRow[]>();

  constructor(
    private readonly files: JavaFile[],
    types: JavaType[],
    methods: JavaMethod[],
  ) {
    for (const type of types) {
      if (type.fqn && !this.byFqn.has(type.fqn)) this.byFqn.set(type.fqn, type);
      indexByName(this.bySimpleName, type.symbol);
    }
    for (const method of methods)
      if (method.symbol.kind === 'method' && method.symbol.name !== 'constructor') indexByName(this.methodCandidates, method.symbol);
  }

  importRows(input: ExtractionInput): ReturnType<ImportEdges['rows']> {
    const edges = new ImportEdges(input);
    for (const file of this.files) {
      for (const [simple, fqn] of file.imports) {
        const type = this.byFqn.get(fqn);
        if (type) edges.add(file.path, type.file.path, [simple]);
      }
      for (const [member, owner] of file.staticImports) {
        const type = this.byFqn.get(owner);
        if (type) edges.add(file.path, type.file.path, [member]);
      }
      if (file.wildcardImports.length > 0) {
        // `import a.b.*`: rows to the files of the types the file mentions, not to the whole package.
        const mentioned = mentionedTypeNames(file);
        for (const pkg of file.wildcardImports) {
          const owner = this.byFqn.get(pkg);
          if (owner) {
            edges.add(file.path, owner.file.path, ['*']);
            continue;
          }
          for (const name of mentioned) {
            const type = this.byFqn.get(`${pkg}.${name}`);
            if (type) edges.add(file.path, type.file.path, [name]);
          }
        }
      }
      for (const owner of file.staticWildcardImports) {
        const type = this.byFqn.get(owner);
        if (type) edges.add(file.path, type.file.path, ['*']);
      }
    }
    return edges.rows();
  }

  /** Superclass (EXTENDS), implemented interfaces (IMPLEMENTS), or extended interfaces (EXTENDS), inside the repository. */
  supersOf(type: JavaType): { type: JavaType; kind: 'EXTENDS' | 'IMPLEMENTS' }[] {
    if (!type.supers) {
      type.supers = [];
      const context = type.outer ?? null;
      if (type.superclass) {
        const parent = this.resolveType(type.file, context, type.superclass, new Set());
        if (parent && parent !== type) type.supers.push({ type: parent, kind: 'EXTENDS' });
      }
      for (const name of type.interfaces) {
        const parent = this.resolveType(type.file, context, name, new Set());
        if (parent && parent !== type) type.supers.push({ type: parent, kind: type.isInterface ? 'EXTENDS' : 'IMPLEMENTS' });
      }
    }
    return type.supers;
  }

  resolveCall(site: CallSite, calls: CallEdges): void {
    const caller = site.caller;
    const from = caller.symbol.uid;
    switch (site.kind) {
      case 'new': {
        const typeParams = this.typeParamsOf(caller);
        const type = this.resolveType(caller.type.file, caller.type, site.name, typeParams);
        if (type) calls.add(from, type.symbol.uid, site.line, 'import');
        else if (!typeParams.has(baseTypeName(site.name).name)) {
          const simple = baseTypeName(site.name).name.split('.').pop()!;
          calls.addByName(from, site.line, this.bySimpleName.get(simple));
        }
        return;
      }
      case 'this':
        calls.add(from, caller.type.symbol.uid, site.line, 'import');
        return;
      case 'super': {
        const parent = this.supersOf(caller.type).find((entry) => entry.kind === 'EXTENDS' && !caller.type.isInterface);
        if (parent) calls.add(from, parent.type.symbol.uid, site.line, 'import');
        return;
      }
    }
    if (site.object === null) {
      for (let type: JavaType | null = caller.type; type; type = type.outer) {
        const method = this.findMethod(type, site.name, site.args, 0, new Set());
        if (method) {
          calls.add(from, method.symbol.uid, site.line, 'import');
          return;
        }
      }
      const file = caller.type.file;
      const owner = file.staticImports.get(site.name);
      if (owner !== undefined) {
        const type = this.byFqn.get(owner);
        const method = type ? this.findMethod(type, site.name, site.args, 0, new Set()) : null;
        if (method) calls.add(from, method.symbol.uid, site.line, 'import');
        // Statically imported from outside the repository: no edge.
        if (method || !type) return;
      }
      for (const wildcard of file.staticWildcardImports) {
        const type = this.byFqn.get(wildcard);
        const method = type ? this.findMethod(type, site.name, site.args, 0, new Set()) : null;
        if (method) {
          calls.add(from, method.symbol.uid, site.line, 'import');
          return;
        }
      }
      calls.addByName(from, site.line, this.methodCandidates.get(site.name));
      return;
    }
    const receiver = this.evaluate(caller, site.object, 0);
    if (receiver.kind === 'external') return;
    if (receiver.kind === 'type') {
      const method = this.findMethod(receiver.type, site.name, site.args, 0, new Set());
      if (method) {
        calls.add(from, method.symbol.uid, site.line, 'import');
        return;
      }
    }
    calls.addByName(from, site.line, this.methodCandidates.get(site.name));
  }

  private evaluate(method: JavaMethod, expr: JExpr, depth: number): JValue {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'this':
        return { kind: 'type', type: method.type };
      case 'super': {
        const parent = this.supersOf(method.type)[0];
        return parent ? { kind: 'type', type: parent.type } : EXTERNAL;
      }
      case 'name': {
        const local = method.locals.get(expr.name);
        if (local) {
          if (local.kind === 'unknown') return UNKNOWN;
          if (local.kind === 'expr') return this.evaluate(method, local.expr, depth + 1);
          return this.typeValue(method.type.file, method.type, local.text, this.typeParamsOf(method));
        }
        for (let type: JavaType | null = method.type; type; type = type.outer) {
          const field = this.findField(type, expr.name, 0, new Set());
          if (field) return this.typeValue(field.owner.file, field.owner, field.text, field.owner.typeParams);
        }
        const type = this.resolveType(method.type.file, method.type, expr.name, this.typeParamsOf(method));
        if (type) return { kind: 'type', type };
        // An unknown capitalised name is a class from outside the repository (Objects, Collections...).
        return /^[A-Z]/.test(expr.name) ? EXTERNAL : UNKNOWN;
      }
      case 'field': {
        const object = this.evaluate(method, expr.object, depth + 1);
        if (object.kind !== 'type') return object;
        const nested = object.type.nested.get(expr.name);
        if (nested) return { kind: 'type', type: nested };
        const field = this.findField(object.type, expr.name, 0, new Set());
        return field ? this.typeValue(field.owner.file, field.owner, field.text, field.owner.typeParams) : UNKNOWN;
      }
      case 'call': {
        if (expr.object === null) {
          for (let type: JavaType | null = method.type; type; type = type.outer) {
            const target = this.findMethod(type, expr.name, expr.args, 0, new Set());
            if (target) return this.returnValue(target);
          }
          return UNKNOWN;
        }
        const object = this.evaluate(method, expr.object, depth + 1);
        if (object.kind !== 'type') return object;
        const target = this.findMethod(object.type, expr.name, expr.args, 0, new Set());
        return target ? this.returnValue(target) : UNKNOWN;
      }
      case 'new':
        return this.typeValue(method.type.file, method.type, expr.type, this.typeParamsOf(method));
      default:
        return UNKNOWN;
    }
  }

  private returnValue(method: JavaMethod): JValue {
    if (!method.returns) return UNKNOWN;
    return this.typeValue(method.type.file, method.type, method.returns, this.typeParamsOf(method));
  }

  /** A declared type as a value: a repository type, outside the repository, or unknown (a type variable). */
  private typeValue(file: JavaFile, context: JavaType | null, text: string, typeParams: ReadonlySet<string>): JValue {
    const { name, array } = baseTypeName(text);
    if (array || PRIMITIVES.has(name)) return EXTERNAL;
    if (typeParams.has(name) || name === 'var' || name === '') return UNKNOWN;
    const type = this.resolveType(file, context, text, typeParams);
    return type ? { kind: 'type', type } : EXTERNAL;
  }

  private typeParamsOf(method: JavaMethod): Set<string> {
    const names = new Set(method.typeParams);
    for (let type: JavaType | null = method.type; type; type = type.outer) for (const name of type.typeParams) names.add(name);
    return names;
  }

  /** A type name as javac sees it from a file and an enclosing type; null when it is not a repository type. */
  resolveType(file: JavaFile, context: JavaType | null, text: string, typeParams: ReadonlySet<string>): JavaType | null {
    const { name, array } = baseTypeName(text);
    if (array || !name || PRIMITIVES.has(name) || typeParams.has(name)) return null;
    const parts = name.split('.');
    let type = this.resolveSimple(file, context, parts[0]!);
    if (type) {
      for (let i = 1; i < parts.length && type; i++) type = type.nested.get(parts[i]!) ?? null;
      return type;
    }
    // A qualified name: the longest prefix that is a known type, then its nested types.
    for (let k = parts.length; k >= 2; k--) {
      let found = this.byFqn.get(parts.slice(0, k).join('.')) ?? null;
      for (let i = k; i < parts.length && found; i++) found = found.nested.get(parts[i]!) ?? null;
      if (found) return found;
    }
    return null;
  }

  private resolveSimple(file: JavaFile, context: JavaType | null, name: string): JavaType | null {
    for (let type = context; type; type = type.outer) {
      if (type.symbol.name === name) return type;
      const nested = type.nested.get(name) ?? this.inheritedNested(type, name);
      if (nested) return nested;
    }
    const top = file.topTypes.get(name);
    if (top) return top;
    const imported = file.imports.get(name);
    if (imported !== undefined) return this.byFqn.get(imported) ?? null;
    const samePackage = this.byFqn.get(file.pkg ? `${file.pkg}.${name}` : name);
    if (samePackage) return samePackage;
    for (const wildcard of file.wildcardImports) {
      const found = this.byFqn.get(`${wildcard}.${name}`);
      if (found) return found;
    }
    return null;
  }

  private inheritedNested(type: JavaType, name: string): JavaType | null {
    // Only the direct supertypes' nested types: enough for the common `Map.Entry`-like cases, and no recursion into resolution.
    if (!type.supers) return null;
    for (const parent of type.supers) {
      const nested = parent.type.nested.get(name);
      if (nested) return nested;
    }
    return null;
  }

  private findMethod(type: JavaType, name: string, args: number, depth: number, seen: Set<JavaType>): JavaMethod | null {
    if (depth > 20 || seen.has(type)) return null;
    seen.add(type);
    const own = type.methods.get(name);
    if (own && own.length > 0) {
      if (args < 0) return own[0]!;
      return own.find((m) => m.params === args) ?? own.find((m) => m.varargs && args >= m.params - 1) ?? own[0]!;
    }
    for (const parent of this.supersOf(type)) {
      const found = this.findMethod(parent.type, name, args, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }

  private findField(type: JavaType, name: string, depth: number, seen: Set<JavaType>): { text: string; owner: JavaType } | null {
    if (depth > 20 || seen.has(type)) return null;
    seen.add(type);
    const own = type.fields.get(name);
    if (own !== undefined) return { text: own, owner: type };
    for (const parent of this.supersOf(type)) {
      const found = this.findField(parent.type, name, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }
}
