import type { Node } from 'web-tree-sitter';
import type { SymbolRow } from '@lore/domain';
import { nameFromSource, testTitle } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { FieldUses } from '../../tree-sitter/field-uses';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addMethod } from '../../tree-sitter/typed-values';
import { addNestedFunction, currentMethodOf, currentTypeOf, type TypedWalkScope } from '../../tree-sitter/typed-walk';
import {
  ATTRIBUTE_METHODS,
  BODY_RULES,
  RSPEC_EXAMPLES,
  RSPEC_GROUPS,
  type RbContext,
  type RbFile,
  type RbMethod,
  type RbType,
} from './ruby-model';
import { argumentCount, exprOf, literalText, rubyDoc } from './ruby-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

type Scope = TypedWalkScope<RbType, RbMethod>;

/** Nodes whose identifiers are names being declared or bound, not calls. */
const BINDING_PARENTS = new Set([
  'method_parameters',
  'block_parameters',
  'lambda_parameters',
  'optional_parameter',
  'keyword_parameter',
  'splat_parameter',
  'hash_splat_parameter',
  'block_parameter',
  'exception_variable',
  'for',
  'left_assignment_list',
  'destructured_parameter',
]);

/** One file's walk: classes and modules, methods, attributes, constants, RSpec and minitest tests, requires and call sites. */
export class RubyFileWalk implements FileWalk<RbFile> {
  private readonly file: RbFile;
  private readonly text: string;
  private readonly specFile: boolean;
  private readonly scopes = new ScopeStack<Scope>();
  private readonly nestedNames = new NestedNames();
  /** Blocks an RSpec call names (`describe Cart do`, `it "adds" do`), by the block node's id. */
  private readonly namedBlocks = new Map<number, { name: string; test: boolean }>();
  private readonly fieldUses = new FieldUses();
  /** The bodies of `def`s (not blocks): constants and attributes are never declared inside them. */
  private readonly definitions = new Set<RbMethod>();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.specFile = /_spec\.rb$/.test(source.path);
    this.file = { path: source.path, requires: [], types: [], methods: [], functions: new Map(), sites: [] };
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'class':
      case 'module':
        return this.declareType(node);
      case 'singleton_class': {
        const type = this.currentType();
        return type ? this.scopes.enter({ kind: 'type', type }) : undefined;
      }
      case 'method':
      case 'singleton_method':
        return this.declareMethod(node);
      case 'call':
        this.recordCall(node);
        return;
      case 'assignment':
        this.recordAssignment(node);
        return;
      case 'block':
      case 'do_block':
      case 'lambda':
        return this.declareBlock(node);
      case 'identifier':
        this.recordBareCall(node);
        return;
      default:
        return;
    }
  }

  finish(): RbFile {
    this.fieldUses.finish();
    return this.file;
  }

  private currentType(): RbType | null {
    return currentTypeOf(this.scopes);
  }

  private currentMethod(): RbMethod | null {
    return currentMethodOf(this.scopes);
  }

  private context(type: RbType | null): RbContext {
    return { file: this.file, nesting: type ? type.fullName.split('::') : [], type };
  }

  // --- declarations ---------------------------------------------------------------------------

  private declareType(node: Node): VisitOutcome {
    const written = node.childForFieldName('name')?.text.replace(/\s+/g, '').replace(/^::/, '');
    if (!written) return;
    const outer = this.currentType();
    const fullName = outer ? `${outer.fullName}::${written}` : written;
    const name = written.split('::').pop()!;
    const body = node.childForFieldName('body');
    const superclass = node.childForFieldName('superclass')?.namedChildren[0]?.text.replace(/\s+/g, '') ?? null;
    const symbol = this.symbols.add({
      kind: node.type === 'module' ? 'module' : 'class',
      name,
      qualifiedName: fullName.replace(/::/g, '.'),
      parent: outer?.symbol ?? null,
      signature: this.text
        .slice(node.startIndex, body?.startIndex ?? node.endIndex)
        .trim()
        .replace(/\s*\n[\s\S]*$/, ''),
      doc: rubyDoc(node),
      ...linesOf(node),
      exported: true,
    });
    const type: RbType = {
      symbol,
      file: null as unknown as RbContext,
      isInterface: false,
      methods: new Map(),
      fields: new Map(),
      supertypes: superclass ? [superclass] : [],
      fullName,
      isModule: node.type === 'module',
    };
    type.file = this.context(type);
    this.file.types.push(type);
    return this.scopes.enter({ kind: 'type', type });
  }

  private declareMethod(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const owner = this.currentType();
    const enclosing = this.currentMethod();
    const parameters = node.childForFieldName('parameters');
    const body = node.childForFieldName('body');
    const measured = measureBody(node, parameters?.startIndex ?? body?.startIndex ?? node.startIndex, BODY_RULES);
    const signature = this.text.slice(node.startIndex, parameters?.endIndex ?? node.childForFieldName('name')?.endIndex ?? node.endIndex);
    if (enclosing) {
      const method = this.nested(node, name, enclosing.symbol, enclosing, measured, signature);
      this.recordParameters(method, parameters);
      return this.scopes.enter({ kind: 'method', method });
    }
    const isTest = owner !== null && /^test_/.test(name) && owner.supertypes.some((parent) => /Test|Spec/.test(parent));
    const symbol = this.symbols.add({
      kind: owner ? 'method' : 'function',
      test: isTest,
      name,
      parent: owner?.symbol ?? null,
      signature,
      doc: rubyDoc(node),
      ...linesOf(node),
      exported: !name.startsWith('_'),
      body: measured,
    });
    const method: RbMethod = { symbol, file: this.context(owner), owner, params: 0, returns: null, locals: new Map() };
    this.recordParameters(method, parameters);
    this.file.methods.push(method);
    this.definitions.add(method);
    if (owner) addMethod(owner, name, method);
    else if (!this.file.functions.has(name)) this.file.functions.set(name, method);
    return this.scopes.enter({ kind: 'method', method });
  }

  private nested(
    node: Node,
    base: string,
    parent: SymbolRow | null,
    enclosing: RbMethod | null,
    body: ReturnType<typeof measureBody>,
    signature: string,
    test = false,
  ): RbMethod {
    const symbol = addNestedFunction(this.symbols, this.nestedNames, { node, base, parent, body, signature, test });
    const owner = (enclosing?.owner as RbType | null | undefined) ?? this.currentType();
    const method: RbMethod = {
      symbol,
      file: enclosing?.file ?? this.context(owner),
      owner,
      params: 0,
      returns: null,
      locals: new Map(enclosing?.locals),
    };
    this.file.methods.push(method);
    return method;
  }

  private recordParameters(method: RbMethod, parameters: Node | null): void {
    if (!parameters) return;
    for (const parameter of namedChildrenOf(parameters)) {
      const name = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name');
      if (name) method.locals.set(name.text, { kind: 'unknown' });
      if (parameter.type === 'splat_parameter') method.params = -1;
      else if (method.params >= 0) method.params++;
    }
  }

  /** A block or lambda: an RSpec group or example when a call names it, else a nested body (`each(block)`, a lambda's variable). */
  private declareBlock(node: Node): VisitOutcome {
    // `->(x) { x * 2 }` is one body: its `{ }` is the lambda's, not a block of its own.
    if (node.parent?.type === 'lambda') return;
    const enclosing = this.currentMethod();
    const named = this.namedBlocks.get(node.id);
    if (!enclosing && !named) return;
    const call = node.parent?.type === 'call' ? node.parent : null;
    const base =
      named?.name ?? (node.type === 'lambda' ? lambdaBinding(node) : `${call?.childForFieldName('method')?.text ?? 'block'}(block)`);
    const parameters = node.childForFieldName('parameters');
    const method = this.nested(
      node,
      base,
      enclosing?.symbol ?? null,
      enclosing,
      // A lambda's decisions are in its `{ }` or `do end`, which the rules take for a nested body: measured from it.
      measureBody(node.type === 'lambda' ? (node.childForFieldName('body') ?? node) : node, node.startIndex, BODY_RULES),
      named
        ? this.text.slice(call?.startIndex ?? node.startIndex, node.startIndex).trim()
        : this.text.slice(node.startIndex, parameters?.endIndex ?? node.startIndex + 2),
      named?.test ?? false,
    );
    this.recordParameters(method, parameters);
    return this.scopes.enter({ kind: 'method', method });
  }

  // --- calls, assignments ---------------------------------------------------------------------

  private recordCall(node: Node): void {
    const name = node.childForFieldName('method')?.text;
    const receiver = node.childForFieldName('receiver');
    const args = node.childForFieldName('arguments');
    if (!name) return;
    const first = args?.firstNamedChild;
    if (!receiver && (name === 'require' || name === 'require_relative' || name === 'load')) {
      const path = literalText(first);
      if (path !== null) this.file.requires.push({ path, relative: name === 'require_relative' });
      return;
    }
    const block = node.childForFieldName('block');
    const bare = !receiver || receiver.text === 'RSpec';
    if (bare && block && (RSPEC_EXAMPLES.has(name) || RSPEC_GROUPS.has(name) || (name === 'test' && !this.currentMethod()))) {
      const literal = literalText(first);
      // `describe Cart::Checkout do`: a group named by an expression takes it as a name, on one line.
      const description = literal !== null ? testTitle(literal) : first ? nameFromSource(first.text, name) : name;
      const test = (RSPEC_EXAMPLES.has(name) && this.specFile) || name === 'test';
      if (this.specFile || name === 'test') {
        this.namedBlocks.set(block.id, { name: description, test });
        return;
      }
    }
    const owner = this.currentType();
    const method = this.currentMethod();
    const inDefinition = method !== null && this.definitions.has(method);
    if (!inDefinition && !receiver) {
      if (owner && !method && (name === 'include' || name === 'extend' || name === 'prepend')) {
        for (const mixin of args?.namedChildren ?? [])
          if (mixin.type === 'constant' || mixin.type === 'scope_resolution') owner.supertypes.push(mixin.text.replace(/\s+/g, ''));
        return;
      }
      if (ATTRIBUTE_METHODS.has(name) && (owner || method)) {
        // In a class body, or in a block (`Class.new do attr_reader :x end`): a property of the class or of the block.
        for (const argument of args?.namedChildren ?? []) {
          const attribute = literalText(argument);
          if (attribute === null) continue;
          if (!method && owner) owner.fields.set(attribute, null);
          this.symbols.add({
            kind: 'property',
            name: attribute,
            parent: method?.symbol ?? owner!.symbol,
            signature: `${name} :${attribute}`,
            doc: rubyDoc(node),
            ...linesOf(node),
            exported: !method,
          });
        }
        return;
      }
    }
    if (!method) return;
    const line = startLineOf(node);
    if (name === 'new' && receiver && (receiver.type === 'constant' || receiver.type === 'scope_resolution')) {
      this.file.sites.push({
        caller: method,
        line,
        kind: 'new',
        name: receiver.text.replace(/\s+/g, ''),
        object: null,
        path: null,
        args: argumentCount(node),
      });
      return;
    }
    this.file.sites.push({
      caller: method,
      line,
      kind: 'call',
      name,
      object: receiver ? exprOf(receiver) : null,
      path: null,
      args: argumentCount(node),
    });
    if (receiver?.type === 'self' && method.owner) this.fieldUses.add(method.symbol, name, 'read');
  }

  /** `helper` alone: a call of a method without arguments, unless a local of that name is bound. */
  private recordBareCall(node: Node): void {
    const method = this.currentMethod();
    const parent = node.parent;
    if (!method || !parent || method.locals.has(node.text) || BINDING_PARENTS.has(parent.type)) return;
    if (parent.childForFieldName('name')?.id === node.id) return;
    if (parent.type === 'call' || (parent.type === 'assignment' && parent.childForFieldName('left')?.id === node.id)) return;
    if (parent.type === 'operator_assignment' && parent.childForFieldName('left')?.id === node.id) return;
    if (parent.type === 'pair' || parent.type === 'keyword_parameter') return;
    this.file.sites.push({ caller: method, line: startLineOf(node), kind: 'call', name: node.text, object: null, path: null, args: 0 });
  }

  private recordAssignment(node: Node): void {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!left || !right) return;
    const method = this.currentMethod();
    const owner = this.currentType();
    if (left.type === 'constant' && !(method && this.definitions.has(method))) {
      // A constant of a class or module (property), of the top level or of a block (variable).
      if (owner && !method)
        owner.fields.set(
          left.text,
          right.type === 'call' && exprOf(right).kind === 'typed' ? (exprOf(right) as { type: string }).type : null,
        );
      this.symbols.add({
        kind: owner && !method ? 'property' : 'variable',
        name: left.text,
        parent: method?.symbol ?? owner?.symbol ?? null,
        signature: left.text,
        doc: rubyDoc(node),
        ...linesOf(node),
        exported: !method,
      });
      return;
    }
    if (!method) return;
    const value = exprOf(right);
    if (left.type === 'identifier')
      method.locals.set(left.text, right.type === 'lambda' ? { kind: 'unknown' } : { kind: 'expr', expr: value });
    else if (left.type === 'instance_variable' && method.owner) {
      if (value.kind === 'typed' && !method.owner.fields.get(left.text)) method.owner.fields.set(left.text, value.type);
      else if (!method.owner.fields.has(left.text)) method.owner.fields.set(left.text, null);
      this.fieldUses.add(method.symbol, left.text.slice(1), 'write');
    }
  }
}

function lambdaBinding(node: Node): string {
  const parent = node.parent;
  return parent?.type === 'assignment' && parent.childForFieldName('left')?.type === 'identifier'
    ? parent.childForFieldName('left')!.text
    : 'lambda';
}
