import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
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

/** Decision points: 1 + these inside a function (not in function literals). `default` cases do not count. */
const DECISIONS = new Set(['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case', '&&', '||']);

/** The node types the single pass over a file looks at. */
const VISITED = [
  ...DECISIONS,
  'package_clause',
  'import_declaration',
  'function_declaration',
  'method_declaration',
  'type_spec',
  'type_alias',
  'func_literal',
  'call_expression',
  'short_var_declaration',
  'var_spec',
  'range_clause',
];

const BUILTIN_FUNCTIONS = new Set(
  'append cap clear close complex copy delete imag len make max min new panic print println real recover'.split(' '),
);
const BUILTIN_TYPES = new Set(
  (
    'any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string ' +
    'uint uint8 uint16 uint32 uint64 uintptr'
  ).split(' '),
);
const MAX_EVAL_DEPTH = 12;

type GoExpr =
  | { kind: 'ident'; name: string }
  | { kind: 'selector'; operand: GoExpr; field: string }
  | { kind: 'call'; fn: GoExpr }
  /** A value whose type is written in the code: T{...}, &T{...}, new(T), x.(T). */
  | { kind: 'typed'; type: string }
  | { kind: 'index'; operand: GoExpr }
  | { kind: 'other' };

type LocalType =
  { kind: 'type'; text: string } | { kind: 'expr'; expr: GoExpr; result: number } | { kind: 'element'; of: GoExpr } | { kind: 'unknown' };

interface GoFile {
  path: string;
  dir: string;
  pkg: GoPackage;
  importSpecs: { alias: string | null; path: string }[];
  /** Local name → import path (filled in phase two, when packages are known). */
  imports: Map<string, string>;
  dotImports: string[];
  sites: CallSite[];
}

interface GoPackage {
  dir: string;
  name: string;
  importPath: string | null;
  files: GoFile[];
  funcs: Map<string, GoFunc>;
  types: Map<string, GoType>;
  /** Methods by receiver type name, then method name (on T or *T alike). */
  methods: Map<string, Map<string, GoFunc>>;
}

interface GoCallable {
  symbol: SymbolRow;
  file: GoFile;
  /** Result types as written, in the declaring file. */
  results: string[];
}

interface GoFunc extends GoCallable {
  receiverType: string | null;
  locals: Map<string, LocalType>;
  complexity: number;
}

interface GoType {
  symbol: SymbolRow;
  pkg: GoPackage;
  file: GoFile;
  isInterface: boolean;
  /** The type a non-struct, non-interface named type is defined as (`type Quotes []Quote`). */
  underlying: string | null;
  fields: Map<string, string>;
  embedded: string[];
  interfaceMethods: Map<string, GoCallable>;
  embeddedInterfaces: string[];
}

interface CallSite {
  caller: GoFunc;
  line: number;
  fn: GoExpr;
}

type GoValue =
  | { kind: 'package'; pkg: GoPackage }
  | { kind: 'callable'; callable: GoCallable }
  | { kind: 'typeName'; type: GoType }
  | { kind: 'value'; text: string; file: GoFile }
  | { kind: 'external' }
  | { kind: 'unknown' };

const EXTERNAL: GoValue = { kind: 'external' };
const UNKNOWN: GoValue = { kind: 'unknown' };

/**
 * Go with tree-sitter. Symbols: functions, methods (`Receiver.Method`, receiver without `*`),
 * named types (struct → class, interface → interface, others → type), struct fields (property),
 * interface methods (method), tests (`func TestXxx(t *testing.T)` in *_test.go).
 *
 * Packages are directories (`foo` and its external test package `foo_test` apart); their import
 * paths come from the nearest go.mod (`module` path + directory), or from a `vendor/` directory.
 * Calls are followed (`import`) for functions of the same package, `pkg.F()` of this module's
 * packages, and methods on values whose type the code spells out: receivers, parameters, `var x T`,
 * `x := T{}` / `&T{}` / `new(T)`, results of resolved functions (`x, err := NewT()`), struct fields,
 * range variables over slices and maps, methods promoted through embedded types, interface methods.
 * Values typed outside the module give no edge; values of unknown type (fields of anonymous structs,
 * package variables) fall back to method names (`name`/`ambiguous`). A bare name that is not a
 * function of the package is a local or a builtin: no edge.
 *
 * IMPLEMENTS is by method names: a named type implements a repository interface when its methods
 * (declared on T or *T, not promoted) include every method name of the interface; an interface
 * embedding another one EXTENDS it.
 */
export class GoExtractor implements LanguageExtractor {
  readonly languages = ['go'] as const;

  async extract(input: ExtractionInput): Promise<Extraction> {
    const parser = await parserFor('go');
    const query = await nodeTypeQuery('go', VISITED);
    const symbols: SymbolRow[] = [];
    const skipped: SkippedFile[] = [];
    const packages = new Map<string, GoPackage>();
    const files: GoFile[] = [];

    forEachParsedFile(parser, input, skipped, (file, root) => {
      const extractor = new GoFileExtractor(input, file, packages);
      files.push(extractor.extract(root, query));
      symbols.push(...extractor.symbols.symbols);
    });

    const resolver = new Resolver(input.rootPath, [...packages.values()], files);
    const calls = new CallEdges();
    for (const file of files) for (const site of file.sites) resolver.resolveCall(site, calls);
    return { symbols, calls: calls.rows(), imports: resolver.importRows(input), inheritance: resolver.inheritance(), skipped };
  }
}

/** One file: one walk collecting declarations, imports, local variable types and call sites. */
class GoFileExtractor {
  readonly symbols: FileSymbols;
  private readonly text: string;
  private readonly testFile: boolean;
  private file: GoFile | null = null;
  /** Innermost first: the function whose body the walk is in, and whether it is inside a function literal. */
  private readonly scopes: { fn: GoFunc; sink: boolean }[] = [];

  constructor(
    input: ExtractionInput,
    private readonly source: SourceFile,
    private readonly packages: Map<string, GoPackage>,
  ) {
    this.symbols = new FileSymbols(input, source);
    this.text = source.text!;
    this.testFile = source.path.endsWith('_test.go');
  }

  extract(root: Node, query: Query): GoFile {
    visitCaptures(root, query, (node) => {
      const type = node.type;
      if (DECISIONS.has(type)) {
        const top = this.scopes[this.scopes.length - 1];
        if (top && !top.sink) top.fn.complexity++;
      }
      switch (type) {
        case 'package_clause':
          this.openPackage(node.namedChildren.find((child) => child.type === 'package_identifier')?.text ?? '');
          return false;
        case 'import_declaration':
          this.recordImports(node);
          return false;
        case 'function_declaration':
        case 'method_declaration': {
          if (this.scopes.length > 0) return;
          const fn = this.declareFunction(node);
          this.scopes.push({ fn, sink: false });
          return () => {
            fn.symbol.complexity = fn.complexity;
            this.scopes.pop();
          };
        }
        case 'type_spec':
        case 'type_alias':
          if (this.scopes.length === 0) this.declareType(node);
          return false;
        case 'func_literal': {
          const top = this.scopes[this.scopes.length - 1];
          if (!top) return;
          this.recordParameters(top.fn, node.childForFieldName('parameters'));
          this.scopes.push({ fn: top.fn, sink: true });
          return () => void this.scopes.pop();
        }
        case 'call_expression': {
          const top = this.scopes[this.scopes.length - 1];
          const fn = node.childForFieldName('function');
          if (top && fn) this.currentFile().sites.push({ caller: top.fn, line: startLineOf(node), fn: exprOf(fn) });
          return;
        }
        case 'short_var_declaration':
        case 'var_spec':
        case 'range_clause':
          this.recordLocals(node);
          return;
        default:
          return;
      }
    });
    return this.currentFile();
  }

  private openPackage(name: string): void {
    const dir = posix.dirname(this.source.path) === '.' ? '' : posix.dirname(this.source.path);
    const key = `${dir}\u0000${name}`;
    let pkg = this.packages.get(key);
    if (!pkg) {
      pkg = { dir, name, importPath: null, files: [], funcs: new Map(), types: new Map(), methods: new Map() };
      this.packages.set(key, pkg);
    }
    this.file = { path: this.source.path, dir, pkg, importSpecs: [], imports: new Map(), dotImports: [], sites: [] };
    pkg.files.push(this.file);
  }

  /** A file without a package clause (a syntax error) still gets a package: its directory's unnamed one. */
  private currentFile(): GoFile {
    if (!this.file) this.openPackage('');
    return this.file!;
  }

  // --- declarations -------------------------------------------------------------------------

  private declareFunction(node: Node): GoFunc {
    const file = this.currentFile();
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const receiver = node.type === 'method_declaration' ? receiverOf(node.childForFieldName('receiver')) : null;
    const isTest =
      node.type === 'function_declaration' &&
      this.testFile &&
      /^Test($|[^a-z])/.test(name) &&
      parameters !== null &&
      parameters.namedChildren.length === 1 &&
      parameters.namedChildren[0]!.childForFieldName('type')?.text.replace(/\s+/g, '') === '*testing.T';
    const kind: SymbolKind = isTest ? 'test' : receiver ? 'method' : 'function';
    const symbol = this.symbols.add({
      kind,
      name,
      qualifiedName: receiver ? `${receiver.type}.${name}` : name,
      parent: null,
      signature: signatureText(this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex)),
      doc: goDoc(node),
      startLine: startLineOf(node),
      endLine: endLineOf(node),
      exported: !isTest && isExported(name) && (receiver === null || isExported(receiver.type)),
      complexity: 1,
    });
    const fn: GoFunc = {
      symbol,
      file,
      results: resultTypes(node.childForFieldName('result')),
      receiverType: receiver?.type ?? null,
      locals: new Map(),
      complexity: 1,
    };
    if (receiver?.name) fn.locals.set(receiver.name, { kind: 'type', text: receiver.text });
    this.recordParameters(fn, parameters);
    if (receiver) {
      let methods = file.pkg.methods.get(receiver.type);
      if (!methods) file.pkg.methods.set(receiver.type, (methods = new Map()));
      if (!methods.has(name)) methods.set(name, fn);
    } else if (!file.pkg.funcs.has(name)) {
      file.pkg.funcs.set(name, fn);
    }
    return fn;
  }

  private declareType(spec: Node): void {
    const file = this.currentFile();
    const name = spec.childForFieldName('name')?.text;
    const typeNode = spec.childForFieldName('type');
    if (!name || !typeNode) return;
    const isAlias = spec.type === 'type_alias';
    const kind: SymbolKind = isAlias
      ? 'type'
      : typeNode.type === 'struct_type'
        ? 'class'
        : typeNode.type === 'interface_type'
          ? 'interface'
          : 'type';
    const declaration = spec.parent?.type === 'type_declaration' ? spec.parent : null;
    const alone =
      declaration !== null &&
      declaration.namedChildren.filter((child) => child.type === 'type_spec' || child.type === 'type_alias').length === 1;
    const header =
      kind === 'class' || kind === 'interface'
        ? `type ${this.text.slice(spec.startIndex, typeNode.startIndex)}${kind === 'class' ? 'struct' : 'interface'}`
        : `type ${spec.text}`;
    const exported = isExported(name);
    const symbol = this.symbols.add({
      kind,
      name,
      parent: null,
      signature: signatureText(header),
      doc: goDoc(spec) ?? (alone ? goDoc(declaration) : null),
      startLine: startLineOf(alone ? declaration : spec),
      endLine: endLineOf(spec),
      exported,
      complexity: null,
    });
    const type: GoType = {
      symbol,
      pkg: file.pkg,
      file,
      isInterface: kind === 'interface',
      underlying: kind === 'type' ? typeNode.text : null,
      fields: new Map(),
      embedded: [],
      interfaceMethods: new Map(),
      embeddedInterfaces: [],
    };
    if (kind === 'class') this.declareFields(typeNode, type);
    if (kind === 'interface') this.declareInterfaceMethods(typeNode, type);
    if (!file.pkg.types.has(name)) file.pkg.types.set(name, type);
  }

  private declareFields(struct: Node, owner: GoType): void {
    const list = struct.namedChildren.find((child) => child.type === 'field_declaration_list');
    if (!list) return;
    for (const field of namedChildrenOf(list)) {
      if (field.type !== 'field_declaration') continue;
      const typeNode = field.childForFieldName('type');
      if (!typeNode) continue;
      const typeText = oneLine(typeNode.text);
      const names = field.childrenForFieldName('name');
      if (names.length === 0) {
        // An embedded field is named after its type: `*pkg.Base` → Base.
        const embedded = this.text.slice(field.startIndex, typeNode.endIndex).replace(/\s+/g, '');
        owner.embedded.push(embedded);
        const fieldName = embedded.replace(/^\*/, '').replace(/\[.*$/, '').split('.').pop()!;
        owner.fields.set(fieldName, embedded);
        this.addMember(owner, 'property', fieldName, embedded, field);
        continue;
      }
      for (const name of names) {
        owner.fields.set(name.text, typeText);
        this.addMember(owner, 'property', name.text, `${name.text} ${typeText}`, field);
      }
    }
  }

  private declareInterfaceMethods(iface: Node, owner: GoType): void {
    for (const element of namedChildrenOf(iface)) {
      if (element.type === 'method_elem') {
        const name = element.childForFieldName('name')?.text;
        if (!name) continue;
        const symbol = this.addMember(owner, 'method', name, element.text, element);
        if (!owner.interfaceMethods.has(name))
          owner.interfaceMethods.set(name, { symbol, file: owner.file, results: resultTypes(element.childForFieldName('result')) });
      } else if (element.type === 'type_elem') {
        const only = element.namedChildren.length === 1 ? element.namedChildren[0]! : null;
        if (only && (only.type === 'type_identifier' || only.type === 'qualified_type'))
          owner.embeddedInterfaces.push(only.text.replace(/\s+/g, ''));
      }
    }
  }

  private addMember(owner: GoType, kind: SymbolKind, name: string, signature: string, node: Node): SymbolRow {
    return this.symbols.add({
      kind,
      name,
      parent: owner.symbol,
      signature: signatureText(signature),
      doc: goDoc(node),
      startLine: startLineOf(node),
      endLine: endLineOf(node),
      exported: owner.symbol.exported && isExported(name),
      complexity: null,
    });
  }

  // --- locals -------------------------------------------------------------------------------

  private recordParameters(fn: GoFunc, parameters: Node | null): void {
    if (!parameters) return;
    for (const parameter of namedChildrenOf(parameters)) {
      const type = parameter.childForFieldName('type');
      if (!type) continue;
      const text = parameter.type === 'variadic_parameter_declaration' ? `[]${type.text}` : type.text;
      for (const name of parameter.childrenForFieldName('name')) fn.locals.set(name.text, { kind: 'type', text });
    }
  }

  private recordLocals(node: Node): void {
    const top = this.scopes[this.scopes.length - 1];
    if (!top) return;
    const locals = top.fn.locals;
    if (node.type === 'range_clause') {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const names = left ? left.namedChildren : [];
      if (right && names.length === 2 && names[1]!.type === 'identifier')
        locals.set(names[1]!.text, { kind: 'element', of: exprOf(right) });
      return;
    }
    let names: Node[];
    let values: Node[];
    if (node.type === 'var_spec') {
      names = node.childrenForFieldName('name');
      const type = node.childForFieldName('type');
      if (type) {
        for (const name of names) locals.set(name.text, { kind: 'type', text: type.text });
        return;
      }
      values = node.childForFieldName('value')?.namedChildren ?? [];
    } else {
      names = node.childForFieldName('left')?.namedChildren ?? [];
      values = node.childForFieldName('right')?.namedChildren ?? [];
    }
    names.forEach((name, i) => {
      if (name.type !== 'identifier' || name.text === '_') return;
      if (values.length === names.length) locals.set(name.text, { kind: 'expr', expr: exprOf(values[i]!), result: 0 });
      else if (values.length === 1) locals.set(name.text, { kind: 'expr', expr: exprOf(values[0]!), result: i });
      else locals.set(name.text, { kind: 'unknown' });
    });
  }

  private recordImports(node: Node): void {
    const file = this.currentFile();
    for (const spec of node.descendantsOfType('import_spec')) {
      const path = spec.childForFieldName('path')?.text.replace(/^["`]|["`]$/g, '');
      if (!path) continue;
      const name = spec.childForFieldName('name');
      if (name?.type === 'blank_identifier') continue;
      if (name?.type === 'dot') file.dotImports.push(path);
      else file.importSpecs.push({ alias: name?.text ?? null, path });
    }
  }
}

function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** The receiver of a method: its name, its type as written, and the type's name without `*` or type arguments. */
function receiverOf(receiver: Node | null): { name: string | null; text: string; type: string } | null {
  const parameter = receiver?.namedChildren.find((child) => child.type === 'parameter_declaration');
  const type = parameter?.childForFieldName('type');
  if (!parameter || !type) return null;
  const text = type.text.replace(/\s+/g, '');
  const base = text.replace(/^\*+/, '').replace(/\[.*$/, '');
  return { name: parameter.childForFieldName('name')?.text ?? null, text, type: base };
}

function resultTypes(result: Node | null): string[] {
  if (!result) return [];
  if (result.type !== 'parameter_list') return [result.text];
  const types: string[] = [];
  for (const parameter of namedChildrenOf(result)) {
    const type = parameter.childForFieldName('type');
    if (!type) continue;
    const count = Math.max(1, parameter.childrenForFieldName('name').length);
    for (let i = 0; i < count; i++) types.push(type.text);
  }
  return types;
}

function exprOf(node: Node, depth = 0): GoExpr {
  if (depth > 32) return { kind: 'other' };
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'package_identifier':
      return { kind: 'ident', name: node.text };
    case 'selector_expression': {
      const operand = node.childForFieldName('operand');
      const field = node.childForFieldName('field');
      return operand && field ? { kind: 'selector', operand: exprOf(operand, depth + 1), field: field.text } : { kind: 'other' };
    }
    case 'qualified_type': {
      const pkg = node.childForFieldName('package');
      const name = node.childForFieldName('name');
      return pkg && name ? { kind: 'selector', operand: { kind: 'ident', name: pkg.text }, field: name.text } : { kind: 'other' };
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (!fn) return { kind: 'other' };
      if (fn.type === 'identifier' && fn.text === 'new') {
        const argument = node.childForFieldName('arguments')?.firstNamedChild;
        return argument ? { kind: 'typed', type: argument.text } : { kind: 'other' };
      }
      return { kind: 'call', fn: exprOf(fn, depth + 1) };
    }
    case 'composite_literal': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    case 'type_assertion_expression': {
      const type = node.childForFieldName('type');
      return type ? { kind: 'typed', type: type.text } : { kind: 'other' };
    }
    case 'unary_expression': {
      const operand = node.childForFieldName('operand');
      return operand && node.childForFieldName('operator')?.type === '&' ? exprOf(operand, depth + 1) : { kind: 'other' };
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner ? exprOf(inner, depth + 1) : { kind: 'other' };
    }
    case 'index_expression': {
      const operand = node.childForFieldName('operand');
      return operand ? { kind: 'index', operand: exprOf(operand, depth + 1) } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The comment lines right above a declaration (a comment ending a line of code is not one of them). */
function goDoc(node: Node | null): string | null {
  if (!node) return null;
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let comment = node.previousSibling; comment?.type === 'comment'; comment = comment.previousSibling) {
    if (comment.endPosition.row !== row - 1 && comment.endPosition.row !== row) break;
    const before = comment.previousSibling;
    if (before && before.type !== 'comment' && before.endPosition.row === comment.startPosition.row) break;
    lines.unshift(comment.text);
    row = comment.startPosition.row;
  }
  if (lines.length === 0) return null;
  const text = lines
    .map((line) =>
      line.startsWith('//')
        ? line.slice(2).replace(/^ /, '')
        : line
            .slice(2, -2)
            .split('\n')
            .map((part) => part.replace(/^\s*\*?\s?/, ''))
            .join('\n'),
    )
    .join('\n');
  return docText(text);
}

/** Element type of a slice, array, map (its values) or channel type. */
function elementType(text: string): string | null {
  const type = text.replace(/\s+/g, ' ').trim();
  if (type.startsWith('[]')) return type.slice(2);
  if (type.startsWith('...')) return type.slice(3);
  const array = /^\[[^\]]*\](.*)$/.exec(type);
  if (array) return array[1]!;
  if (type.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < type.length; i++) {
      if (type[i] === '[') depth++;
      else if (type[i] === ']' && --depth === 0) return type.slice(i + 1);
    }
    return null;
  }
  const channel = /^(?:<-\s*)?chan(?:\s*<-)?\s+(.*)$/.exec(type);
  return channel ? channel[1]! : null;
}

/** Phase two: packages, imports, types and calls across the repository. */
class Resolver {
  private readonly byImportPath = new Map<string, GoPackage>();
  private readonly byDir = new Map<string, GoPackage>();
  private readonly methodCandidates = new Map<string, SymbolRow[]>();
  private readonly anyGoMod: boolean;

  constructor(
    rootPath: string,
    private readonly packages: GoPackage[],
    private readonly files: GoFile[],
  ) {
    const modules = new ModuleLocator(rootPath);
    for (const pkg of packages) {
      pkg.importPath = modules.importPathOf(pkg.dir);
      if (pkg.name.endsWith('_test')) continue;
      // The importable package of a directory: the one with the most files (ties: the first seen).
      const current = this.byDir.get(pkg.dir);
      if (!current || pkg.files.length > current.files.length) {
        this.byDir.set(pkg.dir, pkg);
        if (pkg.importPath !== null) this.byImportPath.set(pkg.importPath, pkg);
      }
    }
    this.anyGoMod = modules.found;
    for (const file of files) {
      for (const spec of file.importSpecs) {
        const target = this.packageOf(spec.path);
        file.imports.set(spec.alias ?? target?.name ?? defaultPackageName(spec.path), spec.path);
      }
    }
    for (const pkg of packages) {
      for (const [receiver, methods] of pkg.methods) {
        const owner = pkg.types.get(receiver);
        for (const method of methods.values()) {
          if (owner) method.symbol.parentUid = owner.symbol.uid;
          indexByName(this.methodCandidates, method.symbol);
        }
      }
      for (const type of pkg.types.values())
        for (const method of type.interfaceMethods.values()) indexByName(this.methodCandidates, method.symbol);
    }
  }

  /** A package of this repository by import path; without any go.mod, by the longest directory the path ends with. */
  private packageOf(importPath: string): GoPackage | null {
    const found = this.byImportPath.get(importPath);
    if (found) return found;
    if (this.anyGoMod) return null;
    const parts = importPath.split('/');
    for (let i = 0; i < parts.length; i++) {
      const pkg = this.byDir.get(parts.slice(i).join('/'));
      if (pkg) return pkg;
    }
    return null;
  }

  importRows(input: ExtractionInput): ReturnType<ImportEdges['rows']> {
    const edges = new ImportEdges(input);
    for (const file of this.files) {
      for (const path of [...file.importSpecs.map((spec) => spec.path), ...file.dotImports]) {
        const target = this.packageOf(path);
        if (!target) continue;
        for (const other of target.files) if (!other.path.endsWith('_test.go')) edges.add(file.path, other.path, [target.name]);
      }
    }
    return edges.rows();
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    const interfaces: { type: GoType; methods: Set<string> }[] = [];
    for (const pkg of this.packages) {
      for (const type of pkg.types.values()) {
        if (!type.isInterface) continue;
        const methods = this.interfaceMethodNames(type, 0, new Set());
        if (methods.size > 0) interfaces.push({ type, methods });
        for (const embedded of type.embeddedInterfaces) {
          const parent = this.resolveType(embedded, type.file);
          if (typeof parent !== 'string' && parent.isInterface && parent !== type)
            rows.push({ fromUid: type.symbol.uid, toUid: parent.symbol.uid, kind: 'EXTENDS' });
        }
      }
    }
    // Each interface is checked only against the types that have its first method name.
    const byFirstMethod = new Map<string, { type: GoType; methods: Set<string> }[]>();
    for (const entry of interfaces) {
      const first = [...entry.methods].sort(compare)[0]!;
      const list = byFirstMethod.get(first);
      if (list) list.push(entry);
      else byFirstMethod.set(first, [entry]);
    }
    for (const pkg of this.packages) {
      for (const [receiver, methods] of pkg.methods) {
        const type = pkg.types.get(receiver);
        if (!type || type.isInterface) continue;
        for (const name of methods.keys()) {
          for (const candidate of byFirstMethod.get(name) ?? []) {
            if ([...candidate.methods].every((method) => methods.has(method)))
              rows.push({ fromUid: type.symbol.uid, toUid: candidate.type.symbol.uid, kind: 'IMPLEMENTS' });
          }
        }
      }
    }
    return rows.sort((a, b) => compare(a.fromUid, b.fromUid) || compare(a.toUid, b.toUid) || compare(a.kind, b.kind));
  }

  private interfaceMethodNames(type: GoType, depth: number, seen: Set<GoType>): Set<string> {
    const names = new Set(type.interfaceMethods.keys());
    if (depth > 8 || seen.has(type)) return names;
    seen.add(type);
    for (const embedded of type.embeddedInterfaces) {
      const parent = this.resolveType(embedded, type.file);
      if (typeof parent !== 'string' && parent.isInterface)
        for (const name of this.interfaceMethodNames(parent, depth + 1, seen)) names.add(name);
    }
    return names;
  }

  resolveCall(site: CallSite, calls: CallEdges): void {
    const from = site.caller.symbol.uid;
    const fn = site.fn;
    if (fn.kind === 'ident') {
      const value = this.evalIdent(site.caller, fn.name);
      if (value.kind === 'callable') calls.add(from, value.callable.symbol.uid, site.line, 'import');
      return;
    }
    if (fn.kind !== 'selector') return;
    const operand = this.evalExpr(site.caller, fn.operand, 0, 0);
    switch (operand.kind) {
      case 'package': {
        const target = operand.pkg.funcs.get(fn.field);
        if (target) calls.add(from, target.symbol.uid, site.line, 'import');
        return;
      }
      case 'typeName': {
        const method = this.findMethod(operand.type, fn.field, 0, new Set());
        if (method) calls.add(from, method.symbol.uid, site.line, 'import');
        return;
      }
      case 'value': {
        const type = this.resolveType(operand.text, operand.file);
        if (type === 'unknown') calls.addByName(from, site.line, this.methodCandidates.get(fn.field));
        if (typeof type === 'string') return;
        const method = this.findMethod(type, fn.field, 0, new Set());
        if (method) calls.add(from, method.symbol.uid, site.line, 'import');
        return;
      }
      case 'unknown':
        calls.addByName(from, site.line, this.methodCandidates.get(fn.field));
        return;
      default:
        return;
    }
  }

  private evalIdent(fn: GoFunc, name: string): GoValue {
    const local = fn.locals.get(name);
    if (local) return this.evalLocal(fn, local, 0);
    const pkg = fn.file.pkg;
    const func = pkg.funcs.get(name);
    if (func) return { kind: 'callable', callable: func };
    const type = pkg.types.get(name);
    if (type) return { kind: 'typeName', type };
    const imported = fn.file.imports.get(name);
    if (imported !== undefined) {
      const target = this.packageOf(imported);
      return target ? { kind: 'package', pkg: target } : EXTERNAL;
    }
    for (const path of fn.file.dotImports) {
      const target = this.packageOf(path);
      const found = target?.funcs.get(name) ?? target?.types.get(name);
      if (found) return 'receiverType' in found ? { kind: 'callable', callable: found } : { kind: 'typeName', type: found };
    }
    return BUILTIN_FUNCTIONS.has(name) || BUILTIN_TYPES.has(name) ? EXTERNAL : UNKNOWN;
  }

  private evalLocal(fn: GoFunc, local: LocalType, depth: number): GoValue {
    switch (local.kind) {
      case 'type':
        return { kind: 'value', text: local.text, file: fn.file };
      case 'expr':
        return this.evalExpr(fn, local.expr, local.result, depth + 1);
      case 'element': {
        const collection = this.evalExpr(fn, local.of, 0, depth + 1);
        return collection.kind === 'value' ? this.elementOf(collection) : collection.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private evalExpr(fn: GoFunc, expr: GoExpr, result: number, depth: number): GoValue {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'ident': {
        const local = fn.locals.get(expr.name);
        return local ? this.evalLocal(fn, local, depth + 1) : this.evalIdent(fn, expr.name);
      }
      case 'selector': {
        const operand = this.evalExpr(fn, expr.operand, 0, depth + 1);
        return this.member(operand, expr.field);
      }
      case 'call': {
        const callee = this.evalExpr(fn, expr.fn, 0, depth + 1);
        if (callee.kind === 'callable') {
          const type = callee.callable.results[result];
          return type ? { kind: 'value', text: type, file: callee.callable.file } : UNKNOWN;
        }
        if (callee.kind === 'typeName') return { kind: 'value', text: callee.type.symbol.name, file: callee.type.file };
        return callee.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      case 'typed':
        return { kind: 'value', text: expr.type, file: fn.file };
      case 'index': {
        const operand = this.evalExpr(fn, expr.operand, 0, depth + 1);
        return operand.kind === 'value' ? this.elementOf(operand) : operand.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private member(operand: GoValue, name: string): GoValue {
    switch (operand.kind) {
      case 'package': {
        const func = operand.pkg.funcs.get(name);
        if (func) return { kind: 'callable', callable: func };
        const type = operand.pkg.types.get(name);
        return type ? { kind: 'typeName', type } : UNKNOWN;
      }
      case 'value': {
        const type = this.resolveType(operand.text, operand.file);
        if (typeof type === 'string') return type === 'external' ? EXTERNAL : UNKNOWN;
        const method = this.findMethod(type, name, 0, new Set());
        if (method) return { kind: 'callable', callable: method };
        const field = this.findField(type, name, 0, new Set());
        return field ? { kind: 'value', text: field.text, file: field.file } : UNKNOWN;
      }
      case 'typeName': {
        const method = this.findMethod(operand.type, name, 0, new Set());
        return method ? { kind: 'callable', callable: method } : UNKNOWN;
      }
      case 'external':
        return EXTERNAL;
      default:
        return UNKNOWN;
    }
  }

  private elementOf(value: { text: string; file: GoFile }): GoValue {
    let element = elementType(value.text);
    let file = value.file;
    if (element === null) {
      // A named slice or map type: `type Quotes []Quote`.
      const named = this.resolveType(value.text, value.file);
      if (typeof named === 'string' || named.underlying === null)
        return typeof named === 'string' && named === 'external' ? EXTERNAL : UNKNOWN;
      element = elementType(named.underlying);
      file = named.file;
    }
    return element === null ? UNKNOWN : { kind: 'value', text: element, file };
  }

  /** A type as written in a file: a repository type, `external` (builtin, other module, composite) or `unknown`. */
  private resolveType(text: string, file: GoFile): GoType | 'external' | 'unknown' {
    let type = text.replace(/\s+/g, ' ').trim();
    while (type.startsWith('*')) type = type.slice(1).trim();
    const generic = /^([\w.]+)\[.*\]$/.exec(type);
    if (generic) type = generic[1]!;
    if (type.startsWith('struct')) return 'unknown';
    if (!/^[\p{L}_][\p{L}\p{N}_]*(\.[\p{L}_][\p{L}\p{N}_]*)?$/u.test(type)) return 'external';
    const dot = type.indexOf('.');
    if (dot >= 0) {
      const importPath = file.imports.get(type.slice(0, dot));
      if (importPath === undefined) return 'unknown';
      const pkg = this.packageOf(importPath);
      return pkg ? (pkg.types.get(type.slice(dot + 1)) ?? 'unknown') : 'external';
    }
    const local = file.pkg.types.get(type);
    if (local) return local;
    for (const path of file.dotImports) {
      const found = this.packageOf(path)?.types.get(type);
      if (found) return found;
    }
    return BUILTIN_TYPES.has(type) ? 'external' : 'unknown';
  }

  private findMethod(type: GoType, name: string, depth: number, seen: Set<GoType>): GoCallable | null {
    if (depth > 5 || seen.has(type)) return null;
    seen.add(type);
    const own = type.pkg.methods.get(type.symbol.name)?.get(name) ?? type.interfaceMethods.get(name);
    if (own) return own;
    for (const embedded of type.isInterface ? type.embeddedInterfaces : type.embedded) {
      const inner = this.resolveType(embedded, type.file);
      if (typeof inner === 'string') continue;
      const found = this.findMethod(inner, name, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }

  private findField(type: GoType, name: string, depth: number, seen: Set<GoType>): { text: string; file: GoFile } | null {
    if (depth > 5 || seen.has(type)) return null;
    seen.add(type);
    const own = type.fields.get(name);
    if (own !== undefined) return { text: own, file: type.file };
    for (const embedded of type.embedded) {
      const inner = this.resolveType(embedded, type.file);
      if (typeof inner === 'string') continue;
      const found = this.findField(inner, name, depth + 1, seen);
      if (found) return found;
    }
    return null;
  }
}

/** What a package is called when imported without a name: the last path element, without a version suffix. */
function defaultPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1]!;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]/g, '_');
}

/** Finds the go.mod of each directory (the nearest one above it inside the repository) and reads its module path. */
class ModuleLocator {
  found = false;
  private readonly modulePaths = new Map<string, string | null>();
  private readonly nearest = new Map<string, string | null>();

  constructor(private readonly rootPath: string) {}

  importPathOf(dir: string): string | null {
    const vendor = /(?:^|\/)vendor\/(.+)$/.exec(dir);
    if (vendor) return vendor[1]!;
    const moduleDir = this.moduleDirOf(dir);
    if (moduleDir === null) return null;
    const modulePath = this.modulePathOf(moduleDir);
    if (modulePath === null) return null;
    const relative = moduleDir === '' ? dir : dir.slice(moduleDir.length + 1);
    return relative ? `${modulePath}/${relative}` : modulePath;
  }

  private moduleDirOf(dir: string): string | null {
    const cached = this.nearest.get(dir);
    if (cached !== undefined) return cached;
    let found: string | null;
    if (existsSync(join(this.rootPath, dir, 'go.mod'))) found = dir;
    else if (dir === '') found = null;
    else found = this.moduleDirOf(posix.dirname(dir) === '.' ? '' : posix.dirname(dir));
    this.nearest.set(dir, found);
    return found;
  }

  private modulePathOf(moduleDir: string): string | null {
    if (!this.modulePaths.has(moduleDir)) {
      let modulePath: string | null;
      try {
        const text = readFileSync(join(this.rootPath, moduleDir, 'go.mod'), 'utf8');
        modulePath = /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1] ?? null;
      } catch {
        modulePath = null;
      }
      if (modulePath !== null) this.found = true;
      this.modulePaths.set(moduleDir, modulePath);
    }
    return this.modulePaths.get(moduleDir)!;
  }
}
