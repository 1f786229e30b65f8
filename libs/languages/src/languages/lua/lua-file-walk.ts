import { posix } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { SymbolKind, SymbolRow } from '@lore/domain';
import { NestedNames } from '../../function-bodies/nested-names';
import { nameFromSource, testTitle } from '../../identifiers';
import type { SourceFile } from '../../repository-files';
import { measureBody } from '../../tree-sitter/body-metrics';
import { ScopeStack } from '../../tree-sitter/scopes';
import type { FileSymbols } from '../../tree-sitter/symbol-rows';
import { linesOf, namedChildrenOf, oneLine, startLineOf, type VisitOutcome } from '../../tree-sitter/tree-sitter';
import type { FileWalk } from '../../tree-sitter/tree-sitter-extraction';
import { addNestedFunction } from '../../tree-sitter/typed-walk';
import { BODY_RULES, BUSTED_GROUPS, BUSTED_TESTS, type LuaFile, type LuaFunction, type LuaScope, type LuaTable } from './lua-model';
import { argumentsOf, dottedName, exprOf, luaDoc, metatableClass, requiredModule, stringValue } from './lua-syntax';

/** busted's files: `*_spec.lua` and the files under `spec/` or `test(s)/` (plenary's `tests/**_spec.lua`). */
const TEST_FILE = /_spec\.lua$|(^|\/)(spec|tests?)\/|(^|\/)test_[^/]*\.lua$|_test\.lua$/;
/** luaunit's tests: `test...` functions, and the `test...` methods of a `Test...` table. */
const LUAUNIT_TEST = /^test/i;

/** Where a function's value goes: the name or field it is assigned to, the table literal field it fills, or the call it is passed to. */
interface Binding {
  /** The name it is bound to (`f` in `f`, `M.f`, `M:m`, `t["f"]`; `t[k]` as written); null for an argument or a value nothing names. */
  member: string | null;
  /** The table it is bound into, when written with names (`M`, `M.sub`); null for a plain name or a computed table (`self.cb`, `t[k].f`). */
  tablePath: string | null;
  /** Bound into a table the walk cannot name (`self.cb`, `t[k] = function`): not a name of the file. */
  computed: boolean;
  /** The statement the doc comment is above and the lines start at (`local f = function`, a table's field). */
  statement: Node;
  local: boolean;
  /** The table literal whose field it fills (`{ f = function() end }`). */
  literal: LuaTable | null;
  /** The function's name when it is a call's argument: `sort(function)`. */
  argumentOf: string | null;
}

/** One file's walk: tables and their members, functions (global, local, anonymous), busted and luaunit tests, requires and call sites. */
export class LuaFileWalk implements FileWalk<LuaFile> {
  private readonly file: LuaFile;
  private readonly text: string;
  private readonly testFile: boolean;
  private readonly scopes = new ScopeStack<LuaFunction>();
  private readonly nestedNames = new NestedNames();
  /** Functions a busted call names (`describe("cart", function`, `it("adds", function`), by the function node's id. */
  private readonly namedBodies = new Map<number, { name: string; test: boolean }>();
  /** The top level's tables by path (`M`, `M.sub`). */
  private readonly tables = new Map<string, LuaTable>();
  /** The tables written as literals, by the `table_constructor` node's id: their function fields are members. */
  private readonly literals = new Map<number, LuaTable>();
  /** The statement that declares each top-level name or table path: a table made for it later starts there. */
  private readonly declarations = new Map<string, Node>();

  constructor(
    source: SourceFile,
    private readonly symbols: FileSymbols,
  ) {
    this.text = source.text!;
    this.testFile = source.isTest || TEST_FILE.test(source.path);
    const top: LuaScope = { locals: new Map(), outer: null, file: null as unknown as LuaFile };
    this.file = {
      path: source.path,
      requires: [],
      top,
      globals: new Map(),
      tables: [],
      functions: [],
      returns: null,
      rockspecModules: source.path.endsWith('.rockspec') ? rockspecModules(source.path, this.text) : new Map(),
      sites: [],
    };
    top.file = this.file;
  }

  visit(node: Node): VisitOutcome {
    switch (node.type) {
      case 'function_declaration':
        return this.declareFunction(node);
      case 'function_definition':
        return this.declareFunctionValue(node);
      case 'function_call':
        this.recordCall(node);
        return;
      case 'variable_declaration':
      case 'assignment_statement':
        if (node.parent?.type !== 'variable_declaration') this.recordAssignment(node);
        return;
      case 'return_statement':
        this.recordReturn(node);
        return;
      default:
        return;
    }
  }

  finish(): LuaFile {
    const returned = this.file.returns;
    if (returned?.kind === 'name') {
      const binding = this.file.top.locals.get(returned.name) ?? this.file.globals.get(returned.name);
      if (binding?.kind === 'table') {
        binding.table.exported = true;
        this.materialize(binding.table);
      }
    }
    for (const table of this.file.tables) {
      if (!table.symbol) continue;
      table.symbol.kind = table.classLike ? 'class' : 'module';
      table.symbol.exported = table.exported;
    }
    for (const fn of this.file.functions)
      if (fn.table && !fn.symbol.nested && fn.symbol.kind !== 'test')
        fn.symbol.exported = fn.table.exported && !fn.symbol.name.startsWith('_');
    // A table's symbol is made when its first function is declared: the rows are put back in the order of their lines.
    this.symbols.symbols.sort((a, b) => a.startLine - b.startLine);
    return this.file;
  }

  private currentFunction(): LuaFunction | null {
    return this.scopes.top() ?? null;
  }

  // --- tables ---------------------------------------------------------------------------------

  private newTable(path: string, declaration: Node | null, exported: boolean): LuaTable {
    const table: LuaTable = { path, file: this.file, symbol: null, members: new Map(), supers: [], classLike: false, exported };
    if (path !== '') this.tables.set(path, table);
    if (declaration && path !== '') this.declarations.set(path, declaration);
    this.file.tables.push(table);
    return table;
  }

  /**
   * The top-level table a function is declared into (`function M.f`): the table already known, or
   * one made for a name the file declares (`local M = class()`) or for a field of a known table
   * (`function M.sub.f` makes `M.sub`); null for a name the file does not declare (`function vim.f`).
   */
  private tableFor(path: string): LuaTable | null {
    const known = this.tables.get(path);
    if (known) return known;
    const dot = path.lastIndexOf('.');
    if (dot < 0) {
      const local = this.file.top.locals.get(path);
      const binding = local ?? this.file.globals.get(path);
      if (!binding || binding.kind === 'function') return null;
      const table = this.newTable(path, null, !local);
      // `local Child = setmetatable({}, { __index = Base })`: the object's class is the table's base.
      if (binding.kind === 'expr' && binding.expr.kind === 'instance') table.supers.push(binding.expr.of);
      (local ? this.file.top.locals : this.file.globals).set(path, { kind: 'table', table });
      return table;
    }
    const parent = this.tableFor(path.slice(0, dot));
    if (!parent) return null;
    const member = parent.members.get(path.slice(dot + 1));
    if (member?.kind === 'table') return member.table;
    if (member?.kind === 'function') return null;
    const table = this.newTable(path, null, parent.exported);
    parent.members.set(path.slice(dot + 1), { kind: 'table', table });
    return table;
  }

  /** A table's symbol, made once (its parent table's first): a module, or a class once it is used as one (finish). */
  private materialize(table: LuaTable, at?: Node): SymbolRow | null {
    if (table.symbol || table.path === '') return table.symbol;
    const dot = table.path.lastIndexOf('.');
    const parent = dot < 0 ? null : this.materialize(this.tables.get(table.path.slice(0, dot))!, at);
    const declaration = this.declarations.get(table.path) ?? at;
    table.symbol = this.symbols.add({
      kind: 'module',
      name: table.path.slice(dot + 1),
      qualifiedName: table.path,
      parent,
      signature: declaration ? this.text.slice(declaration.startIndex, declaration.endIndex).split('\n')[0]! : table.path,
      doc: declaration ? luaDoc(declaration) : null,
      ...(declaration ? linesOf(declaration) : { startLine: 1, endLine: 1 }),
      exported: table.exported,
    });
    return table.symbol;
  }

  // --- functions ------------------------------------------------------------------------------

  /** `function f()`, `local function f()`, `function M.f()`, `function M:m()`. */
  private declareFunction(node: Node): VisitOutcome {
    const nameNode = node.childForFieldName('name');
    const local = node.firstChild?.type === 'local';
    const method = nameNode?.type === 'method_index_expression';
    const target = nameNode ? targetOf(nameNode, method) : null;
    return this.declare(
      node,
      {
        ...(target ?? { member: '<anonymous>', tablePath: null, computed: true }),
        statement: node,
        local,
        literal: null,
        argumentOf: null,
      },
      method,
    );
  }

  /** `function(...) end` as a value: bound to a name or field, a table literal's field, a call's argument. */
  private declareFunctionValue(node: Node): VisitOutcome {
    return this.declare(node, bindingOf(node, this.literals), false);
  }

  private declare(node: Node, binding: Binding, method: boolean): VisitOutcome {
    const parameters = node.childForFieldName('parameters');
    const body = measureBody(node, parameters?.startIndex ?? node.startIndex, BODY_RULES);
    const signature = this.text.slice(binding.statement.startIndex, parameters?.endIndex ?? node.endIndex);
    const enclosing = this.currentFunction();
    const { member, tablePath } = binding;
    const named = this.namedBodies.get(node.id);
    const unnamed = member === null || (binding.statement.type === 'field' && !binding.literal);
    if (named || enclosing || unnamed) {
      // A nested body: inside a function, a busted group or example, or at the top level a value no name or known table holds.
      const base = named?.name ?? member ?? (binding.argumentOf ? `${binding.argumentOf}(function)` : 'function');
      const symbol = addNestedFunction(this.symbols, this.nestedNames, {
        node,
        base,
        parent: enclosing?.symbol ?? null,
        body,
        signature: named ? this.text.slice(binding.statement.startIndex, node.startIndex).replace(/,\s*$/, '') : signature,
        test: named?.test ?? false,
      });
      const fn = this.enterFunction(
        symbol,
        enclosing,
        (method && tablePath ? this.tables.get(tablePath) : null) ?? enclosing?.table ?? null,
        method,
        parameters,
      );
      if (enclosing && binding.local && member !== null) enclosing.scope.locals.set(member, { kind: 'function', fn });
      return this.scopes.enter(fn);
    }
    const table = binding.literal ?? (tablePath !== null ? this.tableFor(tablePath) : null);
    if (table && method) table.classLike = true;
    const parent = table ? this.materialize(table, binding.statement) : null;
    const name = binding.literal ? member! : (member ?? '<anonymous>');
    const test = this.testFile && LUAUNIT_TEST.test(name) && (table ? LUAUNIT_TEST.test(table.path.split('.').pop()!) : !binding.local);
    const kind: SymbolKind = parent ? 'method' : 'function';
    const symbol = this.symbols.add({
      kind,
      test,
      name,
      qualifiedName: parent ? undefined : table || tablePath === null ? name : `${tablePath}.${name}`,
      parent,
      signature,
      doc: luaDoc(binding.statement),
      ...linesOf(node, binding.statement),
      exported: !binding.local && !table && !binding.computed,
      body,
    });
    const fn = this.enterFunction(symbol, null, table, method, parameters);
    if (table) table.members.set(name, { kind: 'function', fn });
    else if (tablePath === null && !binding.computed)
      (binding.local ? this.file.top.locals : this.file.globals).set(name, { kind: 'function', fn });
    return this.scopes.enter(fn);
  }

  private enterFunction(
    symbol: SymbolRow,
    enclosing: LuaFunction | null,
    table: LuaTable | null,
    method: boolean,
    parameters: Node | null,
  ): LuaFunction {
    const scope: LuaScope = { locals: new Map(), outer: enclosing?.scope ?? this.file.top, file: this.file };
    const names = (parameters ? namedChildrenOf(parameters) : []).filter((parameter) => parameter.type === 'identifier');
    for (const parameter of names) scope.locals.set(parameter.text, { kind: 'unknown' });
    // `function M:m()`, `M.m = function(self)`: `self` is an object of M.
    if (table && (method || names[0]?.text === 'self') && !enclosing) scope.locals.set('self', { kind: 'table', table });
    const fn: LuaFunction = { symbol, scope, table, method };
    this.file.functions.push(fn);
    return fn;
  }

  // --- assignments, returns, calls ------------------------------------------------------------

  /** `local a, b = x, y`, `a = x`, `M.sub = {}`, `M.__index = M`: what names and tables hold. */
  private recordAssignment(node: Node): void {
    const local = node.type === 'variable_declaration';
    const assignment = local ? node.namedChildren.find((child) => child.type === 'assignment_statement') : node;
    const variables = (assignment ?? node).namedChildren.find((child) => child.type === 'variable_list');
    const values = assignment?.namedChildren.find((child) => child.type === 'expression_list');
    const targets = variables ? namedChildrenOf(variables).filter((child) => child.type !== 'attribute' && child.type !== 'comment') : [];
    const valueNodes = values ? namedChildrenOf(values).filter((child) => child.type !== 'comment') : [];
    const enclosing = this.currentFunction();
    targets.forEach((target, index) => {
      const value = valueNodes[index] ?? null;
      if (enclosing) {
        if (local && target.type === 'identifier')
          enclosing.scope.locals.set(target.text, value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' });
        return;
      }
      this.recordTopAssignment(node, target, value, local);
    });
  }

  private recordTopAssignment(statement: Node, target: Node, value: Node | null, local: boolean): void {
    const path = dottedName(target);
    if (path === null) return;
    const dot = path.lastIndexOf('.');
    const names = local ? this.file.top.locals : this.file.globals;
    if (dot < 0) {
      // A global assigned again, or a top-level local's later value: the first declaration stands.
      if (!local && (this.file.top.locals.has(path) || this.file.globals.has(path))) return;
      if (!this.declarations.has(path)) this.declarations.set(path, statement);
      if (value?.type === 'table_constructor') {
        const table = this.newTable(path, statement, !local);
        this.literals.set(value.id, table);
        names.set(path, { kind: 'table', table });
      } else if (value?.type !== 'function_definition') {
        names.set(path, value ? { kind: 'expr', expr: exprOf(value) } : { kind: 'unknown' });
      }
      return;
    }
    const parent = this.tableFor(path.slice(0, dot));
    if (!parent) return;
    const field = path.slice(dot + 1);
    if (field === '__index') parent.classLike = true;
    if (value?.type === 'table_constructor') {
      const table = this.newTable(path, statement, parent.exported);
      this.literals.set(value.id, table);
      parent.members.set(field, { kind: 'table', table });
    } else if (value && value.type !== 'function_definition' && !parent.members.has(field)) {
      parent.members.set(field, { kind: 'expr', expr: exprOf(value) });
    }
  }

  /** The top level's `return M` (or `return { ... }`): what `require` of this file gives. */
  private recordReturn(node: Node): void {
    if (this.currentFunction() || node.parent?.type !== 'chunk') return;
    const value = node.namedChildren.find((child) => child.type === 'expression_list')?.firstNamedChild;
    if (!value) return;
    if (value.type === 'table_constructor') {
      const table = this.newTable('', null, true);
      this.literals.set(value.id, table);
      this.file.returns = { kind: 'table', table };
    } else {
      this.file.returns = exprOf(value);
    }
  }

  private recordCall(node: Node): void {
    const callee = node.childForFieldName('name');
    const module = requiredModule(node);
    if (module !== null) {
      this.file.requires.push({ module, local: boundLocal(node) });
      return;
    }
    const args = argumentsOf(node);
    // `it("adds", function() end)`, and plenary's async `a.it(...)`: a description, then the function.
    const framework =
      callee?.type === 'dot_index_expression'
        ? callee.childForFieldName('field')?.text
        : callee?.type === 'identifier'
          ? callee.text
          : undefined;
    if (framework && this.testFile && (BUSTED_TESTS.has(framework) || BUSTED_GROUPS.has(framework))) {
      const body = args.at(-1);
      if (args.length >= 2 && body?.type === 'function_definition') {
        const literal = stringValue(args[0]);
        const description = literal !== null ? testTitle(literal) : nameFromSource(args[0]!.text, framework);
        this.namedBodies.set(body.id, { name: description, test: BUSTED_TESTS.has(framework) });
        return;
      }
    }
    if (callee?.type === 'identifier' && callee.text === 'setmetatable' && args.length === 2) this.recordMetatable(args[0]!, args[1]!);
    const caller = this.currentFunction();
    if (!caller || !callee) return;
    const called = exprOf(callee);
    if (called.kind === 'name' || called.kind === 'field') this.file.sites.push({ caller, line: startLineOf(node), callee: called });
  }

  /** `setmetatable(Child, { __index = Base })` at the top level: Child's base; `setmetatable(o, T)`: T is a class. */
  private recordMetatable(object: Node, metatable: Node): void {
    const base = metatableClass(metatable);
    if (base.kind === 'name') {
      const table = this.tables.get(base.name);
      if (table) table.classLike = true;
    }
    const path = dottedName(object);
    const table = path !== null && !this.currentFunction() ? this.tables.get(path) : undefined;
    if (table && base.kind !== 'other') table.supers.push(base);
  }
}

/** Where a function value goes (Binding). */
function bindingOf(node: Node, literals: ReadonlyMap<number, LuaTable>): Binding {
  const parent = node.parent;
  if (parent?.type === 'expression_list' && parent.parent?.type === 'assignment_statement') {
    const assignment = parent.parent;
    const index = namedChildrenOf(parent)
      .filter((child) => child.type !== 'comment')
      .findIndex((child) => child.id === node.id);
    const variables = assignment.namedChildren.find((child) => child.type === 'variable_list');
    const target = variables
      ? namedChildrenOf(variables).filter((child) => child.type !== 'attribute' && child.type !== 'comment')[index]
      : undefined;
    const local = assignment.parent?.type === 'variable_declaration';
    return {
      ...((target ? targetOf(target, false) : null) ?? { member: null, tablePath: null, computed: false }),
      statement: local ? assignment.parent! : assignment,
      local,
      literal: null,
      argumentOf: null,
    };
  }
  if (parent?.type === 'field') {
    const name = parent.childForFieldName('name');
    const field = name?.type === 'identifier' ? name.text : stringValue(name);
    const literal = parent.parent ? (literals.get(parent.parent.id) ?? null) : null;
    return {
      member: field,
      tablePath: null,
      computed: false,
      statement: parent,
      local: false,
      literal: field !== null ? literal : null,
      argumentOf: null,
    };
  }
  if (parent?.type === 'arguments' && parent.parent?.type === 'function_call') {
    const callee = parent.parent.childForFieldName('name');
    const name =
      callee?.type === 'method_index_expression'
        ? callee.childForFieldName('method')
        : callee?.type === 'dot_index_expression'
          ? callee.childForFieldName('field')
          : callee;
    return {
      member: null,
      tablePath: null,
      computed: false,
      statement: parent.parent,
      local: false,
      literal: null,
      argumentOf: name?.type === 'identifier' ? name.text : null,
    };
  }
  return { member: null, tablePath: null, computed: false, statement: node, local: false, literal: null, argumentOf: null };
}

/**
 * What a function is bound to, from the name or the variable written: `f`; `M.f`, `M:m` and
 * `M["f"]` (into the table `M`); `self.cb`, `t[k].f` (a computed table: the field's name);
 * `t[k]` (computed: the target as written, on one line).
 */
function targetOf(target: Node, method: boolean): Pick<Binding, 'member' | 'tablePath' | 'computed'> | null {
  if (target.type === 'identifier') return { member: target.text, tablePath: null, computed: false };
  const table = target.childForFieldName('table');
  const key =
    target.type === 'method_index_expression' && method
      ? target.childForFieldName('method')?.text
      : target.type === 'dot_index_expression'
        ? target.childForFieldName('field')?.text
        : target.type === 'bracket_index_expression'
          ? stringValue(target.childForFieldName('field'))
          : undefined;
  if (key === undefined) return null;
  if (key === null) return { member: oneLine(target.text), tablePath: null, computed: true };
  const tablePath = dottedName(table);
  return tablePath === null ? { member: key, tablePath: null, computed: true } : { member: key, tablePath, computed: false };
}

/** The local a `require` is bound to: `local cart = require("shop.cart")`. */
function boundLocal(call: Node): string | null {
  const list = call.parent;
  const assignment = list?.parent;
  if (list?.type !== 'expression_list' || assignment?.type !== 'assignment_statement') return null;
  const index = namedChildrenOf(list).findIndex((child) => child.id === call.id);
  const variables = assignment.namedChildren.find((child) => child.type === 'variable_list');
  const target = variables ? namedChildrenOf(variables).filter((child) => child.type === 'identifier')[index] : undefined;
  return target?.text ?? null;
}

/** A `.rockspec`'s `build.modules`: `["a.b"] = "src/a/b.lua"` and `b = "b.lua"`, paths from the rockspec's folder. */
function rockspecModules(path: string, text: string): Map<string, string> {
  const modules = new Map<string, string>();
  const folder = posix.dirname(path);
  for (const match of text.matchAll(/(?:\[\s*["']([\w.-]+)["']\s*\]|\b([A-Za-z_]\w*))\s*=\s*["']([^"'\n]+\.lua)["']/g))
    modules.set(match[1] ?? match[2]!, posix.normalize(posix.join(folder, match[3]!)));
  return modules;
}
