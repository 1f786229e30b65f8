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
import type { TypedExpr } from '../../tree-sitter/typed-values';
import {
  BODY_RULES,
  TEST_ATTRIBUTES,
  addOwnMethod,
  newModule,
  type RustFile,
  type RustFn,
  type RustImpl,
  type RustModule,
  type RustType,
} from './rust-model';
import {
  argumentCount,
  attributePath,
  attributesOf,
  boundName,
  closureBinding,
  exprOf,
  innerDoc,
  isPublic,
  outerDoc,
  splitPath,
  typePath,
} from './rust-syntax';
import { NestedNames } from '../../function-bodies/nested-names';

type Scope =
  | { kind: 'module'; module: RustModule }
  | { kind: 'impl'; impl: RustImpl; typeName: string }
  | { kind: 'trait'; type: RustType }
  | { kind: 'fn'; fn: RustFn };

/** One file's walk: modules, items, impl blocks, uses, local bindings and call sites, in one pass. */
export class RustFileWalk implements FileWalk<RustFile> {
  private readonly file: RustFile;
  private readonly text: string;
  private readonly scopes = new ScopeStack<Scope>();
  /** Qualified names given to nested bodies so far: a second one of a name gets `#2`. */
  private readonly nestedNames = new NestedNames();
  private readonly fieldUses = new FieldUses();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    const module = newModule(source.path, null, null);
    this.file = { path: source.path, module, modules: [module], sites: [] };
  }

  /** The walk starts at the root's first captured node: the file's inner doc is read off the root then. */
  visit(node: Node): VisitOutcome {
    if (this.file.module.innerDoc === null && node.parent?.type === 'source_file' && node.parent.startIndex === 0)
      this.file.module.innerDoc = innerDoc(node.parent) ?? '';
    switch (node.type) {
      case 'mod_item':
        return this.declareModule(node);
      case 'use_declaration':
        this.recordUse(node.childForFieldName('argument'), '');
        return false;
      case 'function_item':
      case 'function_signature_item':
        return this.declareFunction(node);
      case 'struct_item':
      case 'union_item':
      case 'enum_item':
      case 'trait_item':
      case 'type_item':
        return this.declareType(node);
      case 'impl_item':
        return this.openImpl(node);
      case 'const_item':
      case 'static_item':
        this.declareValue(node);
        return false;
      case 'macro_definition':
        this.declareMacro(node);
        return false;
      case 'associated_type':
        this.declareAssociatedType(node);
        return false;
      case 'closure_expression':
        return this.declareClosure(node);
      case 'call_expression':
      case 'macro_invocation':
      case 'struct_expression':
        this.recordSite(node);
        return;
      case 'let_declaration':
        this.recordLet(node);
        return;
      case 'field_expression':
        this.recordFieldUse(node);
        return;
      default:
        return;
    }
  }

  finish(): RustFile {
    if (this.file.module.innerDoc === '') this.file.module.innerDoc = null;
    this.fieldUses.finish();
    return this.file;
  }

  // --- scopes ---------------------------------------------------------------------------------

  private currentModule(): RustModule {
    return (
      this.scopes.innermost((scope): scope is Extract<Scope, { kind: 'module' }> => scope.kind === 'module')?.module ?? this.file.module
    );
  }

  private currentFn(): RustFn | null {
    const top = this.scopes.top();
    return top?.kind === 'fn' ? top.fn : null;
  }

  /** The symbol items of the current module hang under: an inline module's, none at a file's top. */
  private moduleParent(): SymbolRow | null {
    const top = this.scopes.top();
    if (top?.kind === 'fn') return top.fn.symbol;
    return top?.kind === 'module' ? top.module.symbol : null;
  }

  /** At the level of a module (not inside a function, impl or trait). */
  private atModuleLevel(): boolean {
    const top = this.scopes.top();
    return top === undefined || top.kind === 'module';
  }

  // --- declarations ---------------------------------------------------------------------------

  private declareModule(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text;
    if (!name || !this.atModuleLevel()) return false;
    const parent = this.currentModule();
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind: 'module',
      name,
      parent: this.moduleParent(),
      signature: this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).replace(/;\s*$/, ''),
      doc: outerDoc(node) ?? (body ? innerDoc(body) : null),
      ...linesOf(node),
      exported: isPublic(node),
    });
    if (!body) {
      parent.childFiles.push({ name, symbol });
      return false;
    }
    const module = newModule(this.file.path, symbol, parent);
    parent.children.set(name, module);
    parent.items.set(name, { kind: 'module', module });
    this.file.modules.push(module);
    return this.scopes.enter({ kind: 'module', module });
  }

  private declareFunction(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const top = this.scopes.top();
    const body = node.childForFieldName('body');
    const parameters = node.childForFieldName('parameters');
    const attributes = attributesOf(node).map(attributePath);
    const isTest = attributes.some((path) => TEST_ATTRIBUTES.has(path.split('::').pop()!));
    const returns = node.childForFieldName('return_type')?.text ?? null;
    const header = this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).replace(/;\s*$/, '');
    const measured = body ? measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES) : undefined;
    let fn: RustFn;
    if (top?.kind === 'impl' || top?.kind === 'trait') {
      const inImpl = top.kind === 'impl';
      const symbol = this.symbols.add({
        kind: 'method',
        test: isTest,
        name,
        qualifiedName: inImpl ? `${top.typeName}.${name}` : undefined,
        parent: inImpl ? null : top.type.symbol,
        signature: header,
        doc: outerDoc(node),
        ...linesOf(node),
        exported: inImpl ? isPublic(node) || top.impl.traitText !== null : top.type.symbol.exported,
        body: measured,
      });
      fn = this.callable(symbol, inImpl ? null : top.type, parameters, returns);
      if (inImpl) top.impl.methods.push(fn);
      else addOwnMethod(top.type, name, fn);
    } else if (top?.kind === 'fn') {
      fn = this.nestedFn(node, name, top.fn, parameters, returns, measured);
      top.fn.locals.set(name, { kind: 'callable', callable: fn });
    } else {
      const module = this.currentModule();
      const symbol = this.symbols.add({
        kind: 'function',
        test: isTest,
        name,
        parent: this.moduleParent(),
        signature: header,
        doc: outerDoc(node),
        ...linesOf(node),
        exported: isPublic(node),
        body: measured,
      });
      fn = this.callable(symbol, null, parameters, returns);
      if (!module.items.has(name)) module.items.set(name, { kind: 'function', fn });
    }
    return body ? this.scopes.enter({ kind: 'fn', fn }) : false;
  }

  private nestedFn(
    node: Node,
    base: string,
    enclosing: RustFn,
    parameters: Node | null,
    returns: string | null,
    body: ReturnType<typeof measureBody> | undefined,
  ): RustFn {
    const prefix = `${enclosing.symbol.qualifiedName}.`;
    const name = this.nestedNames.claim(prefix, base);
    const bodyNode = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: enclosing.symbol,
      signature: this.text.slice(node.startIndex, bodyNode?.startIndex ?? node.endIndex),
      doc: node.type === 'function_item' ? outerDoc(node) : null,
      ...linesOf(node),
      exported: false,
      body,
      nested: true,
    });
    const fn = this.callable(symbol, enclosing.owner, parameters, returns);
    for (const [local, value] of enclosing.locals) if (!fn.locals.has(local)) fn.locals.set(local, value);
    return fn;
  }

  private callable(symbol: SymbolRow, owner: RustType | null, parameters: Node | null, returns: string | null): RustFn {
    const fn: RustFn = { symbol, file: this.currentModule(), owner, params: 0, returns, locals: new Map() };
    if (!parameters) return fn;
    for (const parameter of namedChildrenOf(parameters)) {
      if (parameter.type === 'parameter') {
        fn.params++;
        const name = boundName(parameter.childForFieldName('pattern'));
        const type = parameter.childForFieldName('type');
        if (name && type) fn.locals.set(name, { kind: 'type', text: type.text });
      } else if (parameter.type === 'identifier' || parameter.type === 'closure_parameter') {
        fn.params++;
        const name = parameter.type === 'identifier' ? parameter.text : boundName(parameter.childForFieldName('pattern'));
        const type = parameter.childForFieldName('type');
        if (name) fn.locals.set(name, type ? { kind: 'type', text: type.text } : { kind: 'unknown' });
      } else if (parameter.type === 'variadic_parameter') {
        fn.params = -1;
      }
    }
    return fn;
  }

  private declareType(node: Node): VisitOutcome {
    const name = node.childForFieldName('name')?.text;
    const top = this.scopes.top();
    if (!name || top?.kind === 'trait') return false;
    if (top?.kind === 'impl') {
      // `type Output = T;` in an impl: an associated type of the implementing type.
      const symbol = this.symbols.add({
        kind: 'type',
        name,
        qualifiedName: `${top.typeName}.${name}`,
        parent: null,
        signature: node.text,
        doc: outerDoc(node),
        ...linesOf(node),
        exported: top.impl.traitText !== null || isPublic(node),
      });
      top.impl.members.push(symbol);
      return false;
    }
    const kind: SymbolKind =
      node.type === 'enum_item' ? 'enum' : node.type === 'trait_item' ? 'interface' : node.type === 'type_item' ? 'type' : 'class';
    const body = node.childForFieldName('body');
    const symbol = this.symbols.add({
      kind,
      name,
      parent: this.moduleParent(),
      signature:
        node.type === 'type_item' ? node.text : this.text.slice(node.startIndex, body?.startIndex ?? node.endIndex).replace(/;\s*$/, ''),
      doc: outerDoc(node),
      ...linesOf(node),
      exported: isPublic(node),
    });
    const type: RustType = {
      symbol,
      file: this.currentModule(),
      isInterface: kind === 'interface',
      methods: new Map(),
      fields: new Map(),
      supertypes: [],
    };
    if (node.type === 'type_item') {
      const aliased = node.childForFieldName('type');
      if (aliased) type.supertypes.push(aliased.text);
    }
    if (this.atModuleLevel() && !type.file.items.has(name)) type.file.items.set(name, { kind: 'type', type });
    if (body && (node.type === 'struct_item' || node.type === 'union_item')) this.declareFields(body, type);
    if (body && node.type === 'enum_item') this.declareVariants(body, type);
    if (node.type === 'trait_item') {
      const bounds = node.childForFieldName('bounds');
      if (bounds) type.file.traitBounds.push({ type, bounds: namedChildrenOf(bounds).map((bound) => bound.text) });
      return body ? this.scopes.enter({ kind: 'trait', type }) : false;
    }
    return false;
  }

  private declareFields(body: Node, owner: RustType): void {
    if (body.type !== 'field_declaration_list') return;
    for (const field of namedChildrenOf(body)) {
      if (field.type !== 'field_declaration') continue;
      const name = field.childForFieldName('name')?.text;
      const type = field.childForFieldName('type');
      if (!name) continue;
      owner.fields.set(name, type?.text ?? null);
      this.symbols.add({
        kind: 'property',
        name,
        parent: owner.symbol,
        signature: field.text,
        doc: outerDoc(field),
        ...linesOf(field),
        exported: owner.symbol.exported && isPublic(field),
      });
    }
  }

  private declareVariants(body: Node, owner: RustType): void {
    for (const variant of namedChildrenOf(body)) {
      if (variant.type !== 'enum_variant') continue;
      const name = variant.childForFieldName('name')?.text;
      if (!name) continue;
      this.symbols.add({
        kind: 'property',
        name,
        parent: owner.symbol,
        signature: variant.text,
        doc: outerDoc(variant),
        ...linesOf(variant),
        exported: owner.symbol.exported,
      });
    }
  }

  private openImpl(node: Node): VisitOutcome {
    const typeNode = node.childForFieldName('type');
    if (!typeNode) return false;
    const typeText = typeNode.type === 'dynamic_type' ? (typeNode.childForFieldName('trait')?.text ?? typeNode.text) : typeNode.text;
    const impl: RustImpl = {
      module: this.currentModule(),
      typeText,
      traitText: node.childForFieldName('trait')?.text ?? null,
      methods: [],
      members: [],
    };
    impl.module.impls.push(impl);
    const typeName = (typePath(typeText) ?? typeText).split('::').pop()!;
    return this.scopes.enter({ kind: 'impl', impl, typeName });
  }

  /** `const`/`static`: a variable of its module, a property of an impl's type or a trait. */
  private declareValue(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    const top = this.scopes.top();
    if (!name || top?.kind === 'fn') return;
    const signature = this.text
      .slice(node.startIndex, node.childForFieldName('value')?.startIndex ?? node.endIndex)
      .replace(/[=;]\s*$/, '');
    const common = { name, signature, doc: outerDoc(node), ...linesOf(node) };
    if (top?.kind === 'impl') {
      const symbol = this.symbols.add({
        kind: 'property',
        qualifiedName: `${top.typeName}.${name}`,
        parent: null,
        exported: isPublic(node) || top.impl.traitText !== null,
        ...common,
      });
      top.impl.members.push(symbol);
    } else if (top?.kind === 'trait') {
      this.symbols.add({ kind: 'property', parent: top.type.symbol, exported: top.type.symbol.exported, ...common });
    } else {
      this.symbols.add({ kind: 'variable', parent: this.moduleParent(), exported: isPublic(node), ...common });
    }
  }

  /** `type Item;` in a trait: a type member of the trait. */
  private declareAssociatedType(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    const top = this.scopes.top();
    if (!name || top?.kind !== 'trait') return;
    this.symbols.add({
      kind: 'type',
      name,
      parent: top.type.symbol,
      signature: node.text.replace(/;\s*$/, ''),
      doc: outerDoc(node),
      ...linesOf(node),
      exported: top.type.symbol.exported,
    });
  }

  /**
   * `macro_rules! name`: a function-like symbol; `name!(...)` calls it. One written in a function
   * body is nested in that function and seen from its module.
   */
  private declareMacro(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    const top = this.scopes.top();
    if (!name || top?.kind === 'impl' || top?.kind === 'trait') return;
    const exported = attributesOf(node).some((attribute) => attributePath(attribute) === 'macro_export');
    const symbol = this.symbols.add({
      kind: 'function',
      name,
      parent: this.moduleParent(),
      signature: `macro_rules! ${name}`,
      doc: outerDoc(node),
      ...linesOf(node),
      exported: exported && top === undefined,
      nested: top?.kind === 'fn',
    });
    const module = this.currentModule();
    if (!module.items.has(`${name}!`)) module.items.set(`${name}!`, { kind: 'macro', symbol });
  }

  private declareClosure(node: Node): VisitOutcome {
    const enclosing = this.currentFn();
    if (!enclosing) return;
    const parameters = node.childForFieldName('parameters');
    const base = nameFromSource(closureBinding(node), 'closure');
    const measured = measureBody(node, node.startIndex, BODY_RULES);
    const fn = this.nestedFn(node, base, enclosing, parameters, node.childForFieldName('return_type')?.text ?? null, measured);
    if (node.parent?.type === 'let_declaration' && fn.symbol.name === base) enclosing.locals.set(base, { kind: 'callable', callable: fn });
    return this.scopes.enter({ kind: 'fn', fn });
  }

  // --- uses, locals, calls ----------------------------------------------------------------------

  /** `use a::b::{c, d as e, f::*}`: each imported name and the path it stands for, into the current module. */
  private recordUse(node: Node | null, prefix: string): void {
    if (!node) return;
    const module = this.currentModule();
    const join = (path: string) => (prefix && path ? `${prefix}::${path}` : prefix || path);
    switch (node.type) {
      case 'identifier':
      case 'scoped_identifier':
      case 'crate':
      case 'self':
      case 'super': {
        const path = join(node.text.replace(/\s+/g, ''));
        const name = path.split('::').pop()!;
        module.uses.set(name === 'self' ? path.split('::').slice(-2)[0]! : name, path.replace(/::self$/, ''));
        return;
      }
      case 'use_as_clause': {
        const path = node.childForFieldName('path');
        const alias = node.childForFieldName('alias')?.text;
        if (path && alias && alias !== '_') module.uses.set(alias, join(path.text.replace(/\s+/g, '')));
        return;
      }
      case 'use_wildcard': {
        const path = node.namedChildren[0];
        module.globs.push(join(path ? path.text.replace(/\s+/g, '') : ''));
        return;
      }
      case 'scoped_use_list': {
        const path = node.childForFieldName('path');
        const list = node.childForFieldName('list');
        const inner = join(path ? path.text.replace(/\s+/g, '') : '');
        if (list) for (const child of namedChildrenOf(list)) this.recordUse(child, inner);
        return;
      }
      case 'use_list':
        for (const child of namedChildrenOf(node)) this.recordUse(child, prefix);
        return;
      default:
        return;
    }
  }

  private recordLet(node: Node): void {
    const fn = this.currentFn();
    const name = boundName(node.childForFieldName('pattern'));
    if (!fn || !name) return;
    const type = node.childForFieldName('type');
    const value = node.childForFieldName('value');
    if (type) fn.locals.set(name, { kind: 'type', text: type.text });
    else if (value && value.type !== 'closure_expression') fn.locals.set(name, { kind: 'expr', expr: exprOf(value) });
    else if (!value) fn.locals.set(name, { kind: 'unknown' });
  }

  private recordSite(node: Node): void {
    const caller = this.currentFn();
    if (!caller) return;
    const line = startLineOf(node);
    const site = (name: string, object: TypedExpr | null, path: string | null, kind: 'call' | 'new' = 'call', macro = false) =>
      this.file.sites.push({ caller, line, kind, name, object, path, args: kind === 'new' ? 0 : argumentCount(node), macro });
    if (node.type === 'macro_invocation') {
      const name = node.childForFieldName('macro');
      if (name?.type === 'identifier') site(name.text, null, null, 'call', true);
      else if (name?.type === 'scoped_identifier') {
        const parts = splitPath(name);
        if (parts) site(parts.name, null, null, 'call', true);
      }
      this.recordMacroArgumentCalls(node, caller);
      return;
    }
    if (node.type === 'struct_expression') {
      const name = node.childForFieldName('name');
      if (name) site(name.text, null, null, 'new');
      return;
    }
    let fn = node.childForFieldName('function');
    if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
    if (!fn) return;
    if (fn.type === 'identifier') site(fn.text, null, null);
    else if (fn.type === 'field_expression') {
      const value = fn.childForFieldName('value');
      const field = fn.childForFieldName('field');
      if (value && field) site(field.text, exprOf(value), null);
    } else if (fn.type === 'scoped_identifier') {
      const parts = splitPath(fn);
      if (parts) site(parts.name, null, parts.path || null);
    }
  }

  /**
   * A macro's arguments are a token tree the grammar does not parse (`assert_eq!(clamp(x), 0.0)`,
   * `println!("{}", shown(total))`): in it, a name right before a parenthesised group is a call:
   * `f(..)` a bare call, `a::f(..)` a path call, `self.f(..)` a method of self, `x.f(..)` a method of
   * unknown receiver (by name). Nested token trees are read too, without recursion.
   */
  private recordMacroArgumentCalls(macro: Node, caller: RustFn): void {
    const trees = macro.namedChildren.filter((child) => child.type === 'token_tree');
    const self: TypedExpr = { kind: 'self' };
    const unknown: TypedExpr = { kind: 'other' };
    while (trees.length > 0) {
      const tree = trees.pop()!;
      const tokens = tree.children;
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i]!;
        if (token.type === 'token_tree') {
          trees.push(token);
          continue;
        }
        const next = tokens[i + 1];
        if (token.type !== 'identifier' || next?.type !== 'token_tree' || next.firstChild?.type !== '(') continue;
        const before = tokens[i - 1];
        const args = next.namedChildren.length === 0 ? 0 : next.children.filter((child) => child.type === ',').length + 1;
        const push = (object: TypedExpr | null, path: string | null) =>
          this.file.sites.push({ caller, line: startLineOf(token), kind: 'call', name: token.text, object, path, args, macro: false });
        if (before?.type === '.') push(tokens[i - 2]?.type === 'self' ? self : unknown, null);
        else if (before?.type === '::' && tokens[i - 2]?.type === 'identifier') push(null, tokens[i - 2]!.text);
        else if (before?.type !== '!' && before?.type !== '::') push(null, null);
      }
    }
  }

  /** `self.x`: written as the left side of `=` (compound assignments also read), read otherwise; `self.x(...)` is a call. */
  private recordFieldUse(node: Node): void {
    const fn = this.currentFn();
    const value = node.childForFieldName('value');
    const field = node.childForFieldName('field');
    if (!fn?.owner && !this.insideImpl()) return;
    if (!fn || value?.type !== 'self' || !field || field.type !== 'field_identifier') return;
    const parent = node.parent;
    if (parent?.type === 'call_expression' && parent.childForFieldName('function')?.id === node.id) return;
    const assigned =
      (parent?.type === 'assignment_expression' || parent?.type === 'compound_assignment_expr') &&
      parent.childForFieldName('left')?.id === node.id;
    this.fieldUses.add(fn.symbol, field.text, assigned ? (parent.type === 'assignment_expression' ? 'write' : 'update') : 'read');
  }

  private insideImpl(): boolean {
    return this.scopes.innermost((scope): scope is Extract<Scope, { kind: 'impl' }> => scope.kind === 'impl') !== null;
  }
}
