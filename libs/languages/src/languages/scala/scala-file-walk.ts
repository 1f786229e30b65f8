import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import { isTestPath } from '../../languages';
import type { SourceFile } from '../../repository-files';
import { measureBody, type MeasuredBody } from '../../tree-sitter/body-metrics';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod } from '../../tree-sitter/typed-values';
import { addNestedFunction, currentMethodOf, currentTypeOf, inheritLocals, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import { NestedNames } from '../../function-bodies/nested-names';
import {
  BODY_RULES,
  GROUP_CALLS,
  GROUP_WORDS,
  SUITE_SUPERTYPE,
  TEST_ANNOTATIONS,
  TEST_CALLS,
  TEST_WORDS,
  type ScContext,
  type ScFile,
  type ScFunction,
  type ScType,
} from './scala-model';
import { accessSite, callSite, constructionSite, infixCallSite, type SiteReader } from './scala-call-sites';
import {
  annotationNames,
  bindingOf,
  boundNames,
  declaredName,
  exprOf,
  givenName,
  holdsCases,
  isVisible,
  parameterLists,
  scaladoc,
  stringText,
  typeName,
  wordsOf,
} from './scala-syntax';

type Scope = TypedWalkScope<ScType, ScFunction> | { kind: 'namespace' };

/** The declarations that open a type's scope, and the kind each is stored as. */
const TYPE_KINDS: Record<string, SymbolKind> = {
  class_definition: 'class',
  object_definition: 'class',
  trait_definition: 'interface',
  enum_definition: 'enum',
  given_definition: 'class',
  package_object: 'module',
};

/** One file's walk: packages and imports, classes, objects, traits, enums, givens, defs, vals, lambdas, tests and call sites. */
export class ScalaFileWalk implements FileWalk<ScFile> {
  private readonly file: ScFile;
  private readonly text: string;
  private readonly testFile: boolean;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();
  /** The package the walk is in: chained clauses add to it, a clause with a body only for its body. */
  private pkg = '';
  /** Types and objects by `outer full name\0name`, to join a class and its companion object (Scala keeps them in one file). */
  private readonly companions = new Map<string, ScType>();
  /** The call nodes a test declaration read (`test("adds")` of `test("adds") { }`): not calls of the repository's. */
  private readonly testHeads = new Set<number>();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.testFile = isTestPath(source.path);
    this.file = {
      path: source.path,
      packages: [],
      imports: new Map(),
      wildcardImports: [],
      types: [],
      methods: [],
      functions: [],
      sites: [],
    };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'package_clause':
        return this.declarePackage(node);
      case 'import_declaration':
        this.recordImport(node);
        return false;
      case 'class_definition':
      case 'object_definition':
      case 'trait_definition':
      case 'enum_definition':
      case 'package_object':
        return this.declareType(node);
      case 'given_definition':
        return node.childForFieldName('body')?.type === 'with_template_body' ? this.declareType(node) : this.declareGiven(node);
      case 'type_definition':
        this.declareAlias(node);
        return false;
      case 'function_definition':
      case 'function_declaration':
        return this.declareFunction(node);
      case 'class_parameter':
        this.declareClassParameter(node);
        return;
      case 'val_definition':
      case 'var_definition':
      case 'val_declaration':
      case 'var_declaration':
        this.declareValue(node);
        return;
      case 'simple_enum_case':
      case 'full_enum_case': {
        const type = this.currentType();
        const name = declaredName(node.childForFieldName('name'));
        if (type && name) this.addProperty(type, name, type.symbol.name, `case ${name}`, node, type.symbol.exported);
        return;
      }
      case 'lambda_expression':
        return this.declareLambda(node);
      case 'call_expression':
        // The call a test declaration reads (`test("adds")`) is none of the repository's.
        return this.declareTestCall(node) ?? (this.testHeads.has(node.id) ? undefined : this.recordSite(node, callSite));
      case 'infix_expression':
        return this.declareTestWords(node) ?? this.recordSite(node, infixCallSite);
      case 'instance_expression':
        this.recordSite(node, constructionSite);
        return;
      case 'field_expression':
        this.recordSite(node, accessSite);
        return;
      default:
        return;
    }
  }

  finish(): ScFile {
    return this.file;
  }

  private currentType(): ScType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): ScFunction | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: ScType | null): ScContext {
    return { file: this.file, type };
  }

  /** A call site where the walk is inside a function: calls outside one (a type's body, the top level) have no caller. */
  private recordSite(node: Node, read: SiteReader): void {
    const caller = this.currentMethod();
    const site = caller && read(node, caller);
    if (site) this.file.sites.push(site);
  }

  // --- packages and imports -------------------------------------------------------------------

  /** `package a.b` (the rest of the file, after the clauses before it), `package c { ... }` (its body). */
  private declarePackage(node: Node): VisitOutcome {
    const written = node.childForFieldName('name')?.text.replace(/\s+/g, '');
    if (!written) return;
    const outer = this.pkg;
    const full = outer ? `${outer}.${written}` : written;
    if (!this.file.packages.includes(full)) this.file.packages.push(full);
    this.symbols.add({
      kind: 'module',
      name: written,
      qualifiedName: full,
      parent: null,
      signature: `package ${written}`,
      doc: scaladoc(node),
      ...linesOf(node, node),
      endLine: startLineOf(node),
      exported: true,
    });
    this.pkg = full;
    if (!node.childForFieldName('body')) return;
    const leave = this.scopes.enter({ kind: 'namespace' });
    return () => {
      leave();
      this.pkg = outer;
    };
  }

  /** `import a.b.C`, `import a.b.{C, D => E}`, `import a.b.C as D`, `import a.b._`, `import a.b.*`, `import a.b.{given, _}`. */
  private recordImport(node: Node): void {
    const path: string[] = [];
    const rest: Node[] = [];
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i)!;
      if (!child.isNamed) continue;
      if (node.fieldNameForChild(i) === 'path') path.push(declaredName(child)!);
      else rest.push(child);
    }
    // `import a.b.C`: the last part of the path is the name imported.
    if (rest.length === 0) {
      const name = path.pop();
      if (name) this.file.imports.set(name, [...path, name].join('.'));
      return;
    }
    const prefix = path.join('.');
    const selectors = rest.flatMap((child) => (child.type === 'namespace_selectors' ? namedChildrenOf(child) : [child]));
    for (const selector of selectors) {
      if (selector.type === 'namespace_wildcard') {
        if (prefix && !this.file.wildcardImports.includes(prefix)) this.file.wildcardImports.push(prefix);
        continue;
      }
      const renamed = selector.type === 'arrow_renamed_identifier' || selector.type === 'as_renamed_identifier';
      const name = declaredName(renamed ? selector.childForFieldName('name') : selector);
      const alias = renamed ? declaredName(selector.childForFieldName('alias')) : name;
      // `{C => _}` hides C.
      if (name && alias && alias !== '_') this.file.imports.set(alias, prefix ? `${prefix}.${name}` : name);
    }
  }

  // --- declarations ---------------------------------------------------------------------------

  /** A class, case class, object, trait, enum, package object or a given with a body (`given Ordering[Cart] with`). */
  private declareType(node: Node): VisitOutcome {
    const outer = this.currentType();
    const enclosing = this.currentMethod();
    const written = node.childForFieldName('return_type');
    const name = declaredName(node.childForFieldName('name')) ?? (node.type === 'given_definition' ? givenName(written) : null);
    if (!name) return;
    const kind = TYPE_KINDS[node.type]!;
    const isObject = node.type === 'object_definition' || node.type === 'package_object' || node.type === 'given_definition';
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: enclosing?.symbol ?? outer?.symbol ?? null,
      signature: this.header(node, body?.startIndex ?? node.endIndex),
      doc: scaladoc(node),
      ...linesOf(node),
      exported: isVisible(node) && (outer === null || outer.symbol.exported) && enclosing === null,
    });
    const scope = outer ? outer.fullName : this.pkg;
    const type: ScType = {
      symbol,
      file: null as unknown as ScContext,
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: [],
      fullName: scope ? `${scope}.${name}` : name,
      isObject,
      outer,
      nested: new Map(),
      companion: null,
      caseClass: node.type === 'class_definition' && node.children.some((child) => child.type === 'case'),
    };
    type.file = this.context(type);
    // Inside `package object os { }`, the names of package os are in scope.
    if (node.type === 'package_object' && !this.file.packages.includes(type.fullName)) this.file.packages.push(type.fullName);
    const extendsClause = node.childForFieldName('extend');
    for (const child of extendsClause ? namedChildrenOf(extendsClause) : []) {
      const text = typeName(child);
      if (text) type.supertypes.push(text);
    }
    // `given Ordering[Cart] with { ... }`: an instance of the type it gives.
    const given = typeName(written);
    if (given) type.supertypes.push(given);
    if (outer && !outer.nested.has(name)) outer.nested.set(name, type);
    this.joinCompanion(type, `${scope}\u0000${name}`);
    this.file.types.push(type);
    return this.scopes.enter({ kind: 'type', type });
  }

  /** A class and its companion object share a name and a scope: the type keeps the class, the object is linked as its companion. */
  private joinCompanion(type: ScType, key: string): void {
    const other = this.companions.get(key);
    if (!other) {
      this.companions.set(key, type);
      return;
    }
    if (other.isObject === type.isObject) return;
    const [cls, object] = type.isObject ? [other, type] : [type, other];
    cls.companion = object;
    object.companion = cls;
    if (type.outer && type.isObject) type.outer.nested.set(type.symbol.name, cls);
  }

  /** `given ordering: Ordering[Cart] = ...`: a value (a property in a type, else a variable), named as the compiler names an anonymous one. */
  private declareGiven(node: Node): void {
    const written = node.childForFieldName('return_type');
    const name = declaredName(node.childForFieldName('name')) ?? givenName(written);
    if (!name) return;
    const owner = this.currentType();
    const body = node.childForFieldName('body');
    const signature = this.header(node, body?.startIndex ?? node.endIndex).replace(/\s*=\s*$/, '');
    if (this.currentMethod()) return;
    if (owner) this.addProperty(owner, name, typeName(written), signature, node, owner.symbol.exported && isVisible(node));
    else
      this.symbols.add({
        kind: 'variable',
        name,
        parent: null,
        signature,
        doc: scaladoc(node),
        ...linesOf(node),
        exported: isVisible(node),
      });
  }

  private declareAlias(node: Node): void {
    const name = declaredName(node.childForFieldName('name'));
    if (!name || this.currentMethod()) return;
    const outer = this.currentType();
    this.symbols.add({
      kind: 'type',
      name,
      parent: outer?.symbol ?? null,
      signature: this.header(node, node.endIndex),
      doc: scaladoc(node),
      ...linesOf(node),
      exported: isVisible(node) && (outer === null || outer.symbol.exported),
    });
  }

  private declareFunction(node: Node): VisitOutcome {
    const owner = this.currentType();
    const enclosing = this.currentMethod();
    const name = declaredName(node.childForFieldName('name'));
    if (!name) return;
    const lists = parameterLists(node);
    const body = node.childForFieldName('body');
    const measured = measureBody(node, lists[0]?.startIndex ?? body?.startIndex ?? node.endIndex, BODY_RULES);
    const signature = this.header(node, body?.startIndex ?? node.endIndex).replace(/\s*=\s*$/, '');
    const returns = typeName(node.childForFieldName('return_type'));
    if (enclosing) {
      const symbol = addNestedFunction(this.symbols, this.nestedNames, {
        node,
        base: name,
        parent: enclosing.symbol,
        body: measured,
        signature,
      });
      const method = this.callable(symbol, enclosing.owner as ScType | null, lists, returns);
      inheritLocals(method, enclosing);
      if (symbol.name === name) enclosing.locals.set(name, { kind: 'callable', callable: method });
      return this.scopes.enter({ kind: 'method', method });
    }
    // `new Runnable { def run() = ... }` in a type's body: a body of the type, not a method of its own.
    if (owner && node.parent?.type === 'template_body' && node.parent.parent?.type === 'instance_expression') {
      const method = this.nestedOfType(node, owner, name, measured, signature, false);
      for (const list of lists)
        for (const parameter of namedChildrenOf(list)) if (parameter.type === 'parameter') this.parameter(method, parameter);
      return this.scopes.enter({ kind: 'method', method });
    }
    // `extension (c: Cart) def size`: called as a method of Cart, named after it.
    const extension =
      node.parent?.type === 'extension_definition'
        ? node.parent
        : node.parent?.parent?.type === 'extension_definition'
          ? node.parent.parent
          : null;
    const receiverParameter = extension
      ? parameterLists(extension)[0]?.namedChildren.find((child) => child.type === 'parameter')
      : undefined;
    const receiver = receiverParameter ? typeName(receiverParameter.childForFieldName('type')) : null;
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      test: owner !== null && annotationNames(node).some((annotation) => TEST_ANNOTATIONS.has(annotation)),
      name,
      qualifiedName: !owner && receiver ? `${receiver}.${name}` : undefined,
      parent: owner?.symbol ?? null,
      signature,
      doc: scaladoc(extension && !owner ? extension : node),
      ...linesOf(node),
      exported: isVisible(node) && (owner === null || owner.symbol.exported),
      body: body ? measured : undefined,
    });
    const method = this.callable(symbol, owner, lists, returns);
    if (receiverParameter) this.parameter(method, receiverParameter);
    if (owner) {
      addMethod(owner, name, method);
      // `def total: Int`: read as `cart.total`, a member whose type is the result.
      if (lists.length === 0 && !owner.fields.has(name)) owner.fields.set(name, returns);
      if (owner.symbol.kind === 'module') this.file.functions.push({ package: owner.fullName, fn: method });
    } else this.file.functions.push({ package: this.pkg, fn: method, receiver });
    return this.scopes.enter({ kind: 'method', method });
  }

  /** `class Cart(val owner: String, items: List[Item])`: each parameter of the primary constructor is a member (public with `val`/`var` or in a case class). */
  private declareClassParameter(node: Node): void {
    const owner = this.currentType();
    const declaration = node.parent?.parent;
    if (!owner || this.currentMethod() || (declaration?.type !== 'class_definition' && declaration?.type !== 'enum_definition')) return;
    const name = declaredName(node.childForFieldName('name'));
    if (!name) return;
    const member =
      node.children.some((child) => child.type === 'val' || child.type === 'var') ||
      declaration.children.some((child) => child.type === 'case');
    const signature = node.text.split('=')[0]!.trim();
    this.addProperty(
      owner,
      name,
      typeName(node.childForFieldName('type')),
      signature,
      node,
      owner.symbol.exported && member && isVisible(node),
    );
  }

  /** `val`/`var`: a member of the type around it, a local of the function, else a top-level variable. */
  private declareValue(node: Node): void {
    const owner = this.currentType();
    const method = this.currentMethod();
    const names = boundNames(node);
    const written = typeName(node.childForFieldName('type'));
    const value = node.childForFieldName('value');
    if (method) {
      for (const name of names) {
        if (value?.type === 'lambda_expression') continue;
        method.locals.set(
          name,
          written
            ? { kind: 'type', text: written }
            : value && names.length === 1
              ? { kind: 'expr', expr: exprOf(value) }
              : { kind: 'unknown' },
        );
      }
      return;
    }
    const constructed = value ? exprOf(value) : null;
    const type = written ?? (constructed?.kind === 'typed' ? constructed.type : null);
    const signature = this.header(node, value?.startIndex ?? node.endIndex).replace(/\s*=\s*$/, '');
    const exported = isVisible(node) && (owner === null || owner.symbol.exported);
    for (const name of names) {
      if (owner) this.addProperty(owner, name, type, signature, node, exported);
      else this.symbols.add({ kind: 'variable', name, parent: null, signature, doc: scaladoc(node), ...linesOf(node), exported });
    }
  }

  private addProperty(owner: ScType, name: string, type: string | null, signature: string, node: Node, exported: boolean): void {
    if (!owner.fields.get(name)) owner.fields.set(name, type);
    this.symbols.add({ kind: 'property', name, parent: owner.symbol, signature, doc: scaladoc(node), ...linesOf(node), exported });
  }

  /** A lambda: a nested body of the function (or the type, for a member's value) around it, named by what it is bound to. */
  private declareLambda(node: Node): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const base = bindingOf(node);
    const measured = measureBody(node, node.startIndex, BODY_RULES);
    const signature = `${this.text.slice(node.startIndex, node.childForFieldName('parameters')?.endIndex ?? node.startIndex)} =>`.trim();
    let method: ScFunction;
    if (enclosing) method = this.nested(node, base, enclosing, measured, signature, false);
    else if (owner) method = this.nestedOfType(node, owner, base, measured, signature, false);
    else return;
    // A lambda's parameters hide the names around it.
    const parameters = node.childForFieldName('parameters');
    if (parameters?.type === 'identifier') method.locals.set(parameters.text, { kind: 'unknown' });
    else
      for (const binding of parameters ? namedChildrenOf(parameters) : []) {
        const name = declaredName(binding.childForFieldName('name') ?? binding);
        const type = typeName(binding.childForFieldName('type'));
        if (name) method.locals.set(name, type ? { kind: 'type', text: type } : { kind: 'unknown' });
      }
    const binding = node.parent;
    if (enclosing && (binding?.type === 'val_definition' || binding?.type === 'var_definition') && method.symbol.name === base)
      enclosing.locals.set(base, { kind: 'callable', callable: method });
    return this.scopes.enter({ kind: 'method', method });
  }

  // --- tests ----------------------------------------------------------------------------------

  /** In a test file, or in a type extending a suite: where `test("...") { }` and `"..." in { }` are test cases. */
  private inSuite(): boolean {
    if (this.testFile) return true;
    for (let type = this.currentType(); type; type = type.outer)
      if (type.supertypes.some((parent) => SUITE_SUPERTYPE.test(parent))) return true;
    return false;
  }

  /** `test("adds") { }` (ScalaTest, MUnit, utest), `it("adds") { }`, `describe("Cart") { }`: a test case or a group, a body of its own. */
  private declareTestCall(node: Node): VisitOutcome | undefined {
    const head = node.childForFieldName('function');
    const block = node.childForFieldName('arguments');
    if (head?.type !== 'call_expression' || (block?.type !== 'block' && block?.type !== 'indented_block')) return undefined;
    const word = head.childForFieldName('function');
    const description = stringText(head.childForFieldName('arguments')?.firstNamedChild);
    if (word?.type !== 'identifier' || description === null || !this.inSuite()) return undefined;
    const test = TEST_CALLS.has(word.text);
    if (!test && !GROUP_CALLS.has(word.text)) return undefined;
    this.testHeads.add(head.id);
    return this.declareTestBody(node, description, head.text, test);
  }

  /** `test("x")`: the description of a test call, null for another call. */
  private testHead(call: Node): string | null {
    const word = call.childForFieldName('function');
    if (word?.type !== 'identifier' || !TEST_CALLS.has(word.text)) return null;
    return stringText(call.childForFieldName('arguments')?.firstNamedChild);
  }

  /** `"adds" in { }`, `"x" should "y" in { }`, `it should "y" in { }`, `"A cart" should { }`, `"x" - { }`: ScalaTest's and specs2's words. */
  private declareTestWords(node: Node): VisitOutcome | undefined {
    const operator = node.childForFieldName('operator')?.text;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    // utest's `test("x") - { }`, `test("x") - withTemp { dir => }`.
    const named = operator === '-' && left?.type === 'call_expression' ? this.testHead(left) : null;
    if (named !== null && this.inSuite()) {
      this.testHeads.add(left!.id);
      return this.declareTestBody(node, named, left!.text, true);
    }
    if (!operator || !left || (right?.type !== 'block' && right?.type !== 'indented_block')) return undefined;
    const words = wordsOf(left);
    if (words === null || !this.inSuite()) return undefined;
    // utest's `"x" - { }` is a case; FreeSpec's `"x" - { "y" in { } }` a group.
    const test = TEST_WORDS.has(operator) || (operator === '-' && !holdsCases(right));
    if (!test && !GROUP_WORDS.has(operator)) return undefined;
    return this.declareTestBody(node, words, this.text.slice(node.startIndex, right.startIndex).trim(), test);
  }

  private declareTestBody(node: Node, name: string, signature: string, test: boolean): VisitOutcome {
    const enclosing = this.currentMethod();
    const owner = this.currentType();
    const measured = measureBody(node, node.startIndex, BODY_RULES);
    let method: ScFunction;
    if (enclosing) method = this.nested(node, name, enclosing, measured, signature, test);
    else if (owner) method = this.nestedOfType(node, owner, name, measured, signature, test);
    else return;
    return this.scopes.enter({ kind: 'method', method });
  }

  private nested(node: Node, base: string, enclosing: ScFunction, body: MeasuredBody, signature: string, test: boolean): ScFunction {
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base, parent: enclosing.symbol, body, signature, test });
    const method = this.callable(symbol, enclosing.owner as ScType | null, [], null);
    inheritLocals(method, enclosing);
    return method;
  }

  /** A body directly in a type (a member's lambda, a test case in a suite's body). */
  private nestedOfType(node: Node, owner: ScType, base: string, body: MeasuredBody, signature: string, test: boolean): ScFunction {
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
    return this.callable(symbol, owner, [], null);
  }

  private callable(symbol: SymbolRow, owner: ScType | null, lists: Node[], returns: string | null): ScFunction {
    const method: ScFunction = { symbol, file: this.context(owner), owner, params: 0, returns, locals: new Map() };
    this.file.methods.push(method);
    lists.forEach((list, index) => {
      for (const parameter of namedChildrenOf(list)) {
        if (parameter.type !== 'parameter' && parameter.type !== 'class_parameter') continue;
        // Arity is the first list's (`f(a)(b)` is called `f(a)` first).
        if (index === 0 && method.params >= 0)
          method.params = parameter.childForFieldName('type')?.type === 'repeated_parameter_type' ? -1 : method.params + 1;
        this.parameter(method, parameter);
      }
    });
    return method;
  }

  private parameter(method: ScFunction, parameter: Node): void {
    const name = declaredName(parameter.childForFieldName('name'));
    const type = typeName(parameter.childForFieldName('type'));
    if (name) method.locals.set(name, type ? { kind: 'type', text: type } : { kind: 'unknown' });
  }

  /** Declaration text from its modifiers (annotations left out) up to `end`. */
  private header(node: Node, end: number): string {
    let start = node.startIndex;
    for (const child of namedChildrenOf(node)) {
      if (child.type !== 'annotation') break;
      start = child.endIndex;
    }
    return this.text.slice(start, end).trim();
  }
}
