import { posix } from 'node:path';
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
import { addNestedFunction, currentMethodOf, currentTypeOf, inheritLocals, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import { NestedNames } from '../../function-bodies/nested-names';
import { BODY_RULES, TYPE_DECLARATIONS, type PhpContext, type PhpFile, type PhpMethod, type PhpType, type PhpUses } from './php-model';
import { argumentCount, attributeNames, createdClass, docType, exprOf, phpDoc, phpDocBlock, singleType, variableName } from './php-syntax';

type Scope = { kind: 'namespace'; name: string; uses: PhpUses } | TypedWalkScope<PhpType, PhpMethod>;

/** PHPUnit's test methods: `test*`, `@test` in their PHPDoc, or `#[Test]`. */
const TEST_METHOD = /^test/;

/** One file's walk: namespaces and uses, classes, interfaces, traits, enums and their members, functions, closures, call sites. */
export class PhpFileWalk implements FileWalk<PhpFile> {
  private readonly file: PhpFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();
  private readonly fieldUses = new FieldUses();
  /** An unbraced `namespace A;` applies to the rest of the file (until the next one), with its own uses. */
  private fileNamespace: { name: string; uses: PhpUses } = { name: '', uses: newUses() };
  private readonly testFile: boolean;

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.testFile = source.isTest;
    this.file = { path: source.path, usedNames: [], included: [], types: [], methods: [], functions: new Map(), sites: [] };
  }

  visit(node: Node): VisitOutcome {
    const typeKind = TYPE_DECLARATIONS[node.type];
    if (typeKind) return this.declareType(node, typeKind);
    switch (node.type) {
      case 'namespace_definition':
        return this.declareNamespace(node);
      case 'namespace_use_declaration':
        this.recordUse(node);
        return false;
      case 'use_declaration': {
        // `use Totals;` inside a class: a trait mixed in, whose methods come before the parent's and the interfaces'.
        const type = this.currentType();
        if (type && !this.currentMethod())
          type.supertypes.unshift(
            ...node.namedChildren.filter((trait) => trait.type === 'name' || trait.type === 'qualified_name').map((trait) => trait.text),
          );
        return false;
      }
      case 'method_declaration':
        return this.declareMethod(node);
      case 'function_definition':
        return this.declareFunction(node);
      case 'anonymous_function':
      case 'arrow_function':
        return this.declareClosure(node);
      case 'property_declaration':
        this.declareProperties(node);
        return;
      case 'const_declaration':
        this.declareConstants(node);
        return false;
      case 'enum_case': {
        const type = this.currentType();
        const name = node.childForFieldName('name')?.text;
        if (type && name) this.addProperty(type, name, null, node.text.replace(/;\s*$/, ''), node, true);
        return false;
      }
      case 'function_call_expression':
        this.recordFunctionCall(node);
        return;
      case 'member_call_expression':
      case 'nullsafe_member_call_expression':
      case 'scoped_call_expression':
        this.recordCall(node);
        return;
      case 'object_creation_expression':
        this.recordNew(node);
        return;
      case 'assignment_expression':
        this.recordAssignment(node);
        return;
      case 'member_access_expression':
        this.recordFieldUse(node);
        return;
      case 'require_expression':
      case 'require_once_expression':
      case 'include_expression':
      case 'include_once_expression':
        this.recordInclude(node);
        return;
      default:
        return;
    }
  }

  finish(): PhpFile {
    this.fieldUses.finish();
    return this.file;
  }

  // --- scopes ---------------------------------------------------------------------------------

  private namespace(): { name: string; uses: PhpUses } {
    return this.scopes.innermost((s): s is Extract<Scope, { kind: 'namespace' }> => s.kind === 'namespace') ?? this.fileNamespace;
  }

  private currentType(): PhpType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): PhpMethod | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: PhpType | null): PhpContext {
    const namespace = this.namespace();
    return { file: this.file, namespace: namespace.name, uses: namespace.uses, type };
  }

  // --- declarations ---------------------------------------------------------------------------

  private declareNamespace(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text.replace(/\s+/g, '') ?? '';
    const body = node.childForFieldName('body');
    if (name)
      this.symbols.add({
        kind: 'module',
        name,
        parent: null,
        signature: `namespace ${name}`,
        doc: phpDoc(node),
        ...linesOf(body ? node : node),
        exported: true,
      });
    if (!body) {
      this.fileNamespace = { name, uses: newUses() };
      return;
    }
    return this.scopes.enter({ kind: 'namespace', name, uses: newUses() });
  }

  private declareType(node: Node, kind: SymbolKind): VisitOutcome {
    const name = node.childForFieldName('name')?.text;
    // An anonymous class (`new class { ... }`) declares no type: its methods are read as nested bodies are not.
    if (!name) return false;
    const around = this.scopes.top();
    const enclosing = this.currentMethod();
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: enclosing?.symbol ?? null,
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).trim(),
      doc: phpDoc(node),
      ...linesOf(node),
      exported: around?.kind !== 'method',
    });
    const namespace = this.namespace().name;
    const type: PhpType = {
      symbol,
      file: null as unknown as PhpContext,
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: [],
      fullName: namespace ? `${namespace}\\${name}` : name,
    };
    type.file = this.context(type);
    for (const clause of node.namedChildren)
      if (clause.type === 'base_clause' || clause.type === 'class_interface_clause')
        for (const parent of namedChildrenOf(clause))
          if (parent.type === 'name' || parent.type === 'qualified_name') type.supertypes.push(parent.text);
    this.file.types.push(type);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareMethod(node: Node): VisitOutcome {
    const owner = this.currentType();
    if (!owner || this.currentMethod()) return false;
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const modifiers = modifiersOf(node);
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const block = phpDocBlock(node);
    const isTest =
      isTestClass(owner, this.testFile) &&
      name !== '__construct' &&
      (TEST_METHOD.test(name) || /@test\b/.test(block ?? '') || attributeNames(node).includes('Test'));
    const symbol = this.symbols.add({
      kind: 'method',
      test: isTest,
      name,
      parent: owner.symbol,
      signature: this.header(node, body?.startIndex ?? node.endIndex).replace(/;\s*$/, ''),
      doc: phpDoc(node),
      ...linesOf(node),
      exported: owner.symbol.exported && !modifiers.includes('private'),
      body: body ? measureBody(node, parameters?.startIndex ?? body.startIndex, BODY_RULES) : undefined,
    });
    const method = this.callable(symbol, owner, parameters, returnTypeOf(node, block), block);
    addMethod(owner, name, method);
    return this.scopes.enter({ kind: 'method', method });
  }

  private declareFunction(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const enclosing = this.currentMethod();
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const block = phpDocBlock(node);
    const measured = measureBody(node, parameters?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES);
    const signature = this.header(node, body?.startIndex ?? node.endIndex);
    if (enclosing) {
      // A function declared inside a function is global once declared; it is stored as a nested body of its encloser.
      const method = this.nested(node, name, enclosing, measured, signature, parameters, null);
      return this.scopes.enter({ kind: 'method', method });
    }
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: null,
      signature,
      doc: phpDoc(node),
      ...linesOf(node),
      exported: true,
      body: measured,
    });
    const method = this.callable(symbol, null, parameters, returnTypeOf(node, block), block);
    const namespace = this.namespace().name;
    const fullName = (namespace ? `${namespace}\\${name}` : name).toLowerCase();
    if (!this.file.functions.has(fullName)) this.file.functions.set(fullName, method);
    return this.scopes.enter({ kind: 'method', method });
  }

  /** A closure or arrow function: a nested body named by what it is bound to (`$f = function`, `array_map(0)`), seeing its encloser's locals. */
  private declareClosure(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    if (!enclosing) return;
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const measured = measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES);
    const signature = this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).replace(/\s*=>\s*$/, '');
    const base = nameFromSource(bindingOf(node), 'closure');
    const method = this.nested(node, base, enclosing, measured, signature, parameters, node.childForFieldName('return_type')?.text ?? null);
    if (node.parent?.type === 'assignment_expression' && method.symbol.name === base)
      enclosing.locals.set(`$${base}`, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  private nested(
    node: Node,
    base: string,
    enclosing: PhpMethod,
    body: ReturnType<typeof measureBody>,
    signature: string,
    parameters: Node | null,
    returns: string | null,
  ): PhpMethod {
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base, parent: enclosing.symbol, body, signature });
    const method = this.callable(symbol, enclosing.owner as PhpType | null, parameters, returns, null);
    inheritLocals(method, enclosing);
    return method;
  }

  private callable(
    symbol: SymbolRow,
    owner: PhpType | null,
    parameters: Node | null,
    returns: string | null,
    doc: string | null,
  ): PhpMethod {
    const method: PhpMethod = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    for (const parameter of parameters ? namedChildrenOf(parameters) : []) {
      const variable = parameter.childForFieldName('name');
      if (!variable) continue;
      const name = variableName(variable);
      if (parameter.type === 'variadic_parameter') method.params = -1;
      else if (method.params >= 0) method.params++;
      const written = parameter.childForFieldName('type')?.text ?? null;
      const type = (written !== null ? singleType(written) : null) ?? docType(doc, 'param', name);
      // Locals keep their `$`: a bare `name()` is never one of them.
      method.locals.set(variable.text, type ? { kind: 'type', text: type } : { kind: 'unknown' });
      // `public function __construct(private Pricing $pricing)`: a promoted property.
      if (parameter.type === 'property_promotion_parameter' && owner)
        this.addProperty(owner, name, type, parameter.text, parameter, !parameter.text.startsWith('private'));
    }
    return method;
  }

  private declareProperties(node: Node): void {
    const owner = this.currentType();
    if (!owner || this.currentMethod()) return;
    const block = phpDocBlock(node);
    const written = node.childForFieldName('type')?.text ?? null;
    const type = (written !== null ? singleType(written) : null) ?? docType(block, 'var');
    const exported = owner.symbol.exported && !modifiersOf(node).includes('private');
    const keywords = this.text.slice(
      node.startIndex,
      node.namedChildren.find((c) => c.type === 'property_element')?.startIndex ?? node.startIndex,
    );
    for (const element of node.namedChildren) {
      if (element.type !== 'property_element') continue;
      const variable = element.childForFieldName('name') ?? element.firstNamedChild;
      if (variable?.type !== 'variable_name') continue;
      this.addProperty(owner, variableName(variable), type, `${keywords}${variable.text}`, node, exported);
    }
  }

  /** `const X = 1;` in a class (a property), at the top of a namespace (a variable). */
  private declareConstants(node: Node): void {
    const owner = this.currentType();
    const method = this.currentMethod();
    for (const element of node.namedChildren) {
      if (element.type !== 'const_element') continue;
      const name = element.namedChildren.find((child) => child.type === 'name')?.text;
      if (!name) continue;
      if (owner && !method) this.addProperty(owner, name, null, `const ${name}`, node, !modifiersOf(node).includes('private'));
      else
        this.symbols.add({
          kind: 'variable',
          name,
          parent: method?.symbol ?? null,
          signature: `const ${name}`,
          doc: phpDoc(node),
          ...linesOf(node),
          exported: !method,
        });
    }
  }

  private addProperty(owner: PhpType, name: string, type: string | null, signature: string, node: Node, exported: boolean): void {
    if (!owner.fields.get(name)) owner.fields.set(name, type);
    this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc: phpDoc(node), ...linesOf(node), exported });
  }

  /** Declaration text from its first modifier (attributes left out) up to `end`. */
  private header(node: Node, end: number): string {
    const attributes = node.childForFieldName('attributes');
    return this.text.slice(attributes?.endIndex ?? node.startIndex, end).trim();
  }

  // --- uses, includes, calls, assignments -------------------------------------------------------

  private recordUse(node: Node): void {
    const uses = this.namespace().uses;
    const kindOf = (clause: Node) => clause.childForFieldName('type')?.type ?? node.childForFieldName('type')?.type ?? 'class';
    const group = node.childForFieldName('body');
    const prefix = group ? (node.namedChildren.find((child) => child.type === 'namespace_name')?.text ?? '') : '';
    for (const clause of namedChildrenOf(group ?? node)) {
      if (clause.type !== 'namespace_use_clause') continue;
      const alias = clause.childForFieldName('alias');
      const target = clause.namedChildren.find(
        (child) => child.id !== alias?.id && (child.type === 'qualified_name' || child.type === 'name'),
      );
      if (!target) continue;
      const fullName = `${prefix ? `${prefix}\\` : ''}${target.text}`.replace(/\s+/g, '').replace(/^\\/, '');
      const short = alias?.text ?? fullName.slice(fullName.lastIndexOf('\\') + 1);
      const kind = kindOf(clause);
      if (kind === 'function') uses.functions.set(short.toLowerCase(), fullName);
      else if (kind === 'class') {
        uses.classes.set(short.toLowerCase(), fullName);
        this.file.usedNames.push(fullName);
      }
    }
  }

  /** `require __DIR__ . '/x.php'`, `require 'x.php'`: a repository-relative path, when the argument is that plain. */
  private recordInclude(node: Node): void {
    const argument = node.namedChildren[node.namedChildren.length - 1];
    if (!argument) return;
    const literal = (value: Node | null | undefined) =>
      value &&
      (value.type === 'string' || value.type === 'encapsed_string') &&
      !value.namedChildren.some((c) => c.type !== 'string_content')
        ? value.namedChildren.map((c) => c.text).join('')
        : null;
    let path: string | null = null;
    if (argument.type === 'binary_expression' && argument.childForFieldName('left')?.text === '__DIR__') {
      const rest = literal(argument.childForFieldName('right'));
      if (rest !== null) path = posix.join(posix.dirname(this.file.path), rest);
    } else {
      const written = literal(argument);
      if (written !== null) path = posix.normalize(written);
    }
    if (path !== null && !path.startsWith('..')) this.file.included.push(path);
  }

  private recordFunctionCall(node: Node): void {
    const caller = this.currentMethod();
    const fn = node.childForFieldName('function');
    if (!fn) return;
    if (fn.text.replace(/^\\/, '') === 'define' && !caller) {
      // `define('NAME', value)`: a constant of the namespace.
      const first = node.childForFieldName('arguments')?.namedChildren[0]?.firstNamedChild;
      const name = first?.type === 'string' ? first.namedChildren.map((c) => c.text).join('') : null;
      if (name)
        this.symbols.add({
          kind: 'variable',
          name,
          parent: null,
          signature: `define('${name}')`,
          doc: phpDoc(node.parent ?? node),
          ...linesOf(node),
          exported: true,
        });
      return;
    }
    if (!caller) return;
    const line = startLineOf(node);
    const args = argumentCount(node);
    if (fn.type === 'name' || fn.type === 'qualified_name')
      this.file.sites.push({ caller, line, kind: 'call', name: fn.text, object: null, path: null, args });
    else if (fn.type === 'variable_name')
      // `$f()`: a closure bound to `$f`, when one is.
      this.file.sites.push({ caller, line, kind: 'call', name: fn.text, object: null, path: null, args });
  }

  private recordCall(node: Node): void {
    const caller = this.currentMethod();
    const name = node.childForFieldName('name');
    if (!caller || name?.type !== 'name') return;
    const line = startLineOf(node);
    const args = argumentCount(node);
    if (node.type === 'scoped_call_expression') {
      const scope = node.childForFieldName('scope');
      if (!scope || scope.type === 'variable_name') {
        this.file.sites.push({ caller, line, kind: 'call', name: name.text, object: { kind: 'other' }, path: null, args });
        return;
      }
      this.file.sites.push({ caller, line, kind: 'call', name: name.text, object: null, path: scope.text, args });
      return;
    }
    const object = node.childForFieldName('object');
    if (!object) return;
    this.file.sites.push({ caller, line, kind: 'call', name: name.text, object: exprOf(object), path: null, args });
  }

  /** `$this->x` read (an assignment's left side is a write, recordAssignment; `$this->x()` is a call, not a use). */
  private recordFieldUse(node: Node): void {
    const method = this.currentMethod();
    const name = node.childForFieldName('name');
    if (!method?.owner || node.childForFieldName('object')?.text !== '$this' || name?.type !== 'name') return;
    const parent = node.parent;
    if (parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.id === node.id) return;
    // `$this->items[] = $x` changes the array the property holds.
    const appended =
      parent?.type === 'subscript_expression' &&
      parent.parent?.type === 'assignment_expression' &&
      parent.parent.childForFieldName('left')?.id === parent.id;
    const updated = appended || parent?.type === 'augmented_assignment_expression' || parent?.type === 'update_expression';
    this.fieldUses.add(method.symbol, name.text, updated ? 'update' : 'read');
  }

  private recordNew(node: Node): void {
    const caller = this.currentMethod();
    const created = createdClass(node);
    if (caller && created)
      this.file.sites.push({
        caller,
        line: startLineOf(node),
        kind: 'new',
        name: created,
        object: null,
        path: null,
        args: argumentCount(node),
      });
  }

  private recordAssignment(node: Node): void {
    const method = this.currentMethod();
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!method || !left || !right) return;
    if (left.type === 'variable_name' && left.text !== '$this') {
      if (right.type !== 'anonymous_function' && right.type !== 'arrow_function')
        method.locals.set(left.text, { kind: 'expr', expr: exprOf(right) });
      return;
    }
    // `$this->x = new Foo()`: the property holds a Foo.
    if (left.type === 'member_access_expression' && left.childForFieldName('object')?.text === '$this' && method.owner) {
      const name = left.childForFieldName('name')?.text;
      if (!name) return;
      const value = exprOf(right);
      if (value.kind === 'typed' && !method.owner.fields.get(name)) method.owner.fields.set(name, value.type);
      else if (!method.owner.fields.has(name)) method.owner.fields.set(name, null);
      this.fieldUses.add(method.symbol, name, 'write');
    }
  }
}

function newUses(): PhpUses {
  return { classes: new Map(), functions: new Map() };
}

function modifiersOf(node: Node): string[] {
  return node.namedChildren.filter((child) => child.type.endsWith('_modifier')).map((child) => child.text.toLowerCase());
}

/** The declared return type, else PHPDoc's `@return`, when it names one class. */
function returnTypeOf(node: Node, block: string | null): string | null {
  const written = node.childForFieldName('return_type')?.text;
  return (written ? singleType(written) : null) ?? docType(block, 'return');
}

/** A class whose tests PHPUnit runs: it extends a `...TestCase` (its own or PHPUnit's), or is a `...Test` class of a test file. */
function isTestClass(type: PhpType, testFile: boolean): boolean {
  return type.supertypes.some((parent) => /TestCase$/.test(parent)) || (testFile && /Test$/.test(type.symbol.name));
}

/** What a closure is bound to: a variable (`$f = fn ...` is `f`), an argument (`array_map(0)`), `return`; else `closure`. */
function bindingOf(node: Node): string {
  let child = node;
  let parent = node.parent;
  while (parent?.type === 'parenthesized_expression' || parent?.type === 'argument') {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return 'closure';
  switch (parent.type) {
    case 'assignment_expression': {
      const left = parent.childForFieldName('left');
      if (left?.type === 'variable_name') return variableName(left);
      return left?.childForFieldName('name')?.text ?? 'closure';
    }
    case 'arguments': {
      const call = parent.parent;
      const index = namedChildrenOf(parent).findIndex((argument) => argument.id === child.id);
      const callee =
        call?.childForFieldName('name')?.text ?? call?.childForFieldName('function')?.text ?? (call ? createdClass(call) : null);
      return `${callee ?? 'call'}(${index})`;
    }
    case 'return_statement':
      return 'return';
    default:
      return 'closure';
  }
}
