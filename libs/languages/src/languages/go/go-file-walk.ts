import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import { nameFromSource } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, oneLine, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { BODY_RULES, type GoFile, type GoFunc, type GoPackage, type GoType } from './go-model';
import { exprOf, goDoc, isExported, receiverOf, resultTypes } from './go-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

/** The function whose body the walk is in: a declared one, or a function literal (a nested function of its own). */
type Scope = { fn: GoFunc };

/**
 * One file's walk: one pass collecting declarations, imports, local variable types and call sites.
 * `packages` (by directory and package name) are shared by the walks of all files.
 */
export class GoFileWalk implements FileWalk<GoFile> {
  private readonly path: string;
  private readonly text: string;
  private readonly testFile: boolean;
  private file: GoFile | null = null;
  readonly scopes = new ScopeStack<Scope>();
  /** Qualified names given to function literals so far: a second one of a name gets `#2`. */
  private readonly literalNames = new NestedNames();
  /** The receiver's fields each body reads and writes. */
  private readonly fieldUses = new FieldUses();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
    private readonly packages: Map<string, GoPackage>,
  ) {
    this.path = source.path;
    this.text = source.text!;
    this.testFile = source.path.endsWith('_test.go');
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'package_clause':
        this.openPackage(node.namedChildren.find((child) => child.type === 'package_identifier')?.text ?? '');
        return false;
      case 'import_declaration':
        this.recordImports(node);
        return false;
      case 'function_declaration':
      case 'method_declaration': {
        if (!this.scopes.isEmpty) return;
        return this.scopes.enter({ fn: this.declareFunction(node) });
      }
      case 'type_spec':
      case 'type_alias':
        if (this.scopes.isEmpty) this.declareType(node);
        return false;
      case 'func_literal':
        return this.scopes.enter({ fn: this.declareLiteral(node) });
      case 'call_expression': {
        // Outside every function: a package-level initializer, the file's own call.
        const fn = node.childForFieldName('function');
        const file = this.currentFile();
        if (fn) file.sites.push({ caller: this.scopes.top()?.fn ?? null, file, line: startLineOf(node), fn: exprOf(fn) });
        return;
      }
      case 'short_var_declaration':
      case 'var_spec':
      case 'range_clause':
        this.recordLocals(node);
        return;
      case 'selector_expression':
        this.recordFieldUse(node);
        return;
      default:
        return;
    }
  }

  finish(): GoFile {
    this.fieldUses.finish();
    return this.currentFile();
  }

  /**
   * `r.x` on the receiver `r` in a method or a literal inside it: written as a target of `=`
   * (`+=` and `x++` also read), read otherwise; `r.x(...)` is a call, not a field.
   */
  private recordFieldUse(node: Node): void {
    const fn = this.scopes.top()?.fn;
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    if (!fn?.receiverName || !field || operand?.type !== 'identifier' || operand.text !== fn.receiverName) return;
    const parent = node.parent;
    if (parent?.type === 'call_expression' && parent.childForFieldName('function')?.id === node.id) return;
    const statement = parent?.type === 'expression_list' ? parent.parent : parent;
    const target = statement?.type === 'assignment_statement' && statement.childForFieldName('left')?.id === parent?.id;
    const use =
      target && statement.childForFieldName('operator')?.text === '='
        ? 'write'
        : target || parent?.type === 'inc_statement' || parent?.type === 'dec_statement'
          ? 'update'
          : 'read';
    this.fieldUses.add(fn.symbol, field.text, use);
  }

  private openPackage(name: string): void {
    const dir = posix.dirname(this.path) === '.' ? '' : posix.dirname(this.path);
    const key = `${dir}\u0000${name}`;
    let pkg = this.packages.get(key);
    if (!pkg) {
      pkg = { dir, name, importPath: null, files: [], funcs: new Map(), types: new Map(), methods: new Map() };
      this.packages.set(key, pkg);
    }
    this.file = { path: this.path, dir, pkg, importSpecs: [], imports: new Map(), dotImports: [], sites: [] };
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
    const symbol = this.symbols.add({
      kind: receiver ? 'method' : 'function',
      test: isTest,
      name,
      qualifiedName: receiver ? `${receiver.type}.${name}` : name,
      parent: null,
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex),
      doc: goDoc(node),
      ...linesOf(node),
      exported: isExported(name) && (receiver === null || isExported(receiver.type)),
      body: measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES),
    });
    const fn: GoFunc = {
      symbol,
      file,
      results: resultTypes(node.childForFieldName('result')),
      receiverType: receiver?.type ?? null,
      receiverName: receiver?.name ?? null,
      locals: new Map(),
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

  /**
   * A function literal: a nested function under the function it is written in (or the package),
   * which sees that function's locals as they are where it is written, and its receiver.
   */
  private declareLiteral(node: Node): GoFunc {
    const file = this.currentFile();
    const enclosing = this.scopes.top()?.fn ?? null;
    const base = nameFromSource(bindingOf(node), 'func');
    const prefix = enclosing ? `${enclosing.symbol.qualifiedName}.` : '';
    const name = this.literalNames.claim(prefix, base);
    const parameters = node.childForFieldName('parameters');
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: enclosing?.symbol ?? null,
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex),
      doc: null,
      ...linesOf(node),
      exported: false,
      body: measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES),
      nested: true,
    });
    const fn: GoFunc = {
      symbol,
      file,
      results: resultTypes(node.childForFieldName('result')),
      receiverType: enclosing?.receiverType ?? null,
      receiverName: enclosing?.receiverName ?? null,
      locals: new Map(enclosing?.locals),
    };
    this.recordParameters(fn, parameters);
    // `deny := func(...) {...}`: a call of `deny` in the function (and the literals after it) calls this literal.
    const declaration = node.parent?.type === 'expression_list' ? node.parent.parent?.type : undefined;
    const boundToLocal = declaration === 'short_var_declaration' || declaration === 'var_spec' || declaration === 'assignment_statement';
    if (enclosing && boundToLocal && name === base) enclosing.locals.set(base, { kind: 'callable', callable: fn });
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
      signature: header,
      doc: goDoc(spec) ?? (alone ? goDoc(declaration) : null),
      ...linesOf(spec, alone ? declaration : spec),
      exported,
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
      signature,
      doc: goDoc(node),
      ...linesOf(node),
      exported: owner.symbol.exported && isExported(name),
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
    const top = this.scopes.top();
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

/**
 * What a function literal is bound to: a variable (`handler`), a composite literal's key, an
 * argument (`Run(1)`: the callee's last name and the position), `return`, `go` or `defer` (called
 * at once by them), `iife` (called at once); else `func`.
 */
function bindingOf(node: Node): string {
  let child = node;
  let parent = node.parent;
  while (parent?.type === 'parenthesized_expression') {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return 'func';
  if (parent.type === 'expression_list') {
    const index = namedChildrenOf(parent).findIndex((value) => value.id === child.id);
    const owner = parent.parent;
    if (owner?.type === 'return_statement') return 'return';
    const names =
      owner?.type === 'var_spec'
        ? owner.childrenForFieldName('name')
        : owner?.type === 'short_var_declaration' || owner?.type === 'assignment_statement'
          ? (owner.childForFieldName('left')?.namedChildren ?? [])
          : [];
    return names[index]?.text ?? 'func';
  }
  switch (parent.type) {
    case 'var_spec':
      return parent.childForFieldName('name')?.text ?? 'func';
    case 'return_statement':
      return 'return';
    case 'argument_list': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === child.id);
      const callee = call?.childForFieldName('function');
      const name = callee?.type === 'selector_expression' ? callee.childForFieldName('field')?.text : callee?.text;
      return `${name ?? 'call'}(${index})`;
    }
    case 'call_expression': {
      const statement = parent.parent?.type;
      return statement === 'go_statement' ? 'go' : statement === 'defer_statement' ? 'defer' : 'iife';
    }
    case 'literal_element': {
      // A composite literal's key, after the literal's own name when it is bound: `routes.List`.
      const keyed = parent.parent;
      if (keyed?.type !== 'keyed_element' || keyed.firstNamedChild?.id === parent.id) return 'func';
      const key = keyed.firstNamedChild?.text ?? 'func';
      const literal = keyed.parent?.type === 'literal_value' ? keyed.parent.parent : null;
      const owner = literal?.type === 'composite_literal' ? bindingOf(literal) : 'func';
      return owner === 'func' ? key : `${owner}.${key}`;
    }
    default:
      return 'func';
  }
}
