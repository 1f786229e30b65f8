import type { InheritanceRow, SymbolRow } from '@lore/domain';
import type { ExternalReferenceRows } from '../../external-references';
import { indexByName, type ImportEdges, type SiteCalls } from '../../tree-sitter/edges';
import { EXTERNAL, MAX_EVAL_DEPTH, UNKNOWN, type Unresolved } from '../../tree-sitter/resolution';
import type { CrossFileResolver } from '../../tree-sitter/tree-sitter-extraction';
import {
  STANDARD_TABLES,
  type LuaBinding,
  type LuaExpr,
  type LuaFile,
  type LuaFunction,
  type LuaScope,
  type LuaSite,
  type LuaTable,
} from './lua-model';

/** What an expression evaluates to: a table of the repository (a module, or an object of a class), a function, or neither. */
type LuaValue = { kind: 'table'; table: LuaTable } | { kind: 'function'; fn: LuaFunction } | Unresolved;

/** How many bases up a member is looked for. */
const MAX_BASE_DEPTH = 10;

/** The folders Lua modules are laid out under: Neovim plugins' `lua/`, rocks' `src/` (beside the repository's root). */
const MODULE_ROOTS = ['lua', 'src'];

/**
 * Phase two: `require("a.b")` to the repository's `a/b.lua` or `a/b/init.lua` (a rockspec's
 * `modules` map first, then from the root, then under a `lua/` or `src/` folder), else a rock
 * (`luarocks:a`); calls through names in scope (locals, the file's top level and globals), through
 * the tables the file declares or `require` returns, through `self` in a `:` method and objects
 * made by `T.new()`, `T()` or `setmetatable(o, T)`; a global of another file, or a member of a
 * table not known, by name only.
 */
export class LuaResolver implements CrossFileResolver<LuaSite> {
  private readonly modules = new Map<string, LuaFile>();
  private readonly globalFunctions = new Map<string, SymbolRow[]>();
  private readonly members = new Map<string, SymbolRow[]>();

  constructor(
    private readonly files: readonly LuaFile[],
    private readonly external: ExternalReferenceRows,
    private readonly fileUidOf: (path: string) => string,
  ) {
    const byPath = new Map(files.map((file) => [file.path, file]));
    // Under a module root first, so that a name the repository's root lays out itself wins (`a/b.lua` over `lua/a/b.lua`).
    const rooted: [string, LuaFile][] = [];
    for (const file of files) {
      if (!file.path.endsWith('.lua')) continue;
      const segments = file.path.split('/');
      segments.forEach((segment, index) => {
        if (index < segments.length - 1 && MODULE_ROOTS.includes(segment)) rooted.push([moduleName(segments.slice(index + 1)), file]);
      });
    }
    rooted.sort(([, a], [, b]) => b.path.length - a.path.length);
    for (const [name, file] of rooted) this.modules.set(name, file);
    for (const file of files) if (file.path.endsWith('.lua')) this.modules.set(moduleName(file.path.split('/')), file);
    for (const file of files)
      for (const [name, path] of file.rockspecModules) {
        const target = byPath.get(path);
        if (target) this.modules.set(name, target);
      }
    for (const file of files) {
      for (const binding of file.globals.values()) if (binding.kind === 'function') indexByName(this.globalFunctions, binding.fn.symbol);
      for (const fn of file.functions) if (fn.table && !fn.symbol.nested) indexByName(this.members, fn.symbol);
    }
  }

  resolveCall(site: LuaSite, calls: SiteCalls): void {
    const scope = site.caller.scope;
    if (site.callee.kind === 'name') {
      const found = lookup(site.callee.name, scope);
      if (!found) {
        calls.byName(this.globalFunctions.get(site.callee.name));
        return;
      }
      const value = this.bindingValue(found.binding, found.scope, 0);
      // `Cart(...)`: a class called to make an object (its `__call`, else `new`).
      const callee = value.kind === 'table' ? this.constructorOf(value.table) : value;
      if (callee.kind === 'function') calls.followed(callee.fn.symbol);
      return;
    }
    if (site.callee.kind !== 'field') return;
    const object = this.evaluate(site.callee.object, scope, 0);
    if (object.kind === 'external') return;
    if (object.kind === 'table') {
      const member = this.member(object.table, site.callee.name, 0);
      if (member.kind === 'function') {
        calls.followed(member.fn.symbol);
        return;
      }
    }
    calls.byName(this.members.get(site.callee.name));
  }

  inheritance(): InheritanceRow[] {
    const rows: InheritanceRow[] = [];
    for (const file of this.files)
      for (const table of file.tables) {
        if (!table.symbol) continue;
        for (const base of table.supers) {
          const value = this.evaluate(base, file.top, 0);
          if (value.kind === 'table' && value.table.symbol && value.table !== table)
            rows.push({ fromUid: table.symbol.uid, toUid: value.table.symbol.uid, kind: 'EXTENDS' });
        }
      }
    return rows;
  }

  addImports(edges: ImportEdges): void {
    for (const file of this.files)
      for (const required of file.requires) {
        const target = this.modules.get(required.module);
        if (target) edges.add(file.path, target.path, [required.local ?? required.module.split('.').pop()!]);
        // LuaJIT's `jit` and `ffi`, Neovim's `vim.*`: the runtime's, not a rock.
        else if (!STANDARD_TABLES.has(required.module.split('.')[0]!))
          this.external.addImport(this.fileUidOf(file.path), `luarocks:${required.module.split('.')[0]}`, required.module, ['*']);
      }
  }

  private evaluate(expr: LuaExpr, scope: LuaScope, depth: number): LuaValue {
    if (depth > MAX_EVAL_DEPTH) return UNKNOWN;
    switch (expr.kind) {
      case 'name': {
        const found = lookup(expr.name, scope);
        if (found) return this.bindingValue(found.binding, found.scope, depth + 1);
        return STANDARD_TABLES.has(expr.name) ? EXTERNAL : UNKNOWN;
      }
      case 'field': {
        const object = this.evaluate(expr.object, scope, depth + 1);
        return object.kind === 'table' ? this.member(object.table, expr.name, depth + 1) : object.kind === 'external' ? EXTERNAL : UNKNOWN;
      }
      case 'call': {
        // `T.new(...)`, `T:new(...)` and `T(...)` make an object of T.
        const callee = this.evaluate(expr.callee, scope, depth + 1);
        if (callee.kind === 'function')
          return callee.fn.symbol.name === 'new' && callee.fn.table ? { kind: 'table', table: callee.fn.table } : UNKNOWN;
        return callee.kind === 'table' || callee.kind === 'external' ? callee : UNKNOWN;
      }
      case 'require': {
        const file = this.modules.get(expr.module);
        if (!file) return EXTERNAL;
        return file.returns ? this.evaluate(file.returns, file.top, depth + 1) : UNKNOWN;
      }
      case 'instance':
        return this.evaluate(expr.of, scope, depth + 1);
      case 'table':
        return { kind: 'table', table: expr.table };
      default:
        return UNKNOWN;
    }
  }

  private bindingValue(binding: LuaBinding, scope: LuaScope, depth: number): LuaValue {
    switch (binding.kind) {
      case 'function':
        return { kind: 'function', fn: binding.fn };
      case 'table':
        return { kind: 'table', table: binding.table };
      case 'expr':
        return this.evaluate(binding.expr, scope, depth + 1);
      default:
        return UNKNOWN;
    }
  }

  private constructorOf(table: LuaTable): LuaValue {
    const call = this.member(table, '__call', 0);
    return call.kind === 'function' ? call : this.member(table, 'new', 0);
  }

  /** A table's member, or its bases' (`__index`), each table looked at once. */
  private member(table: LuaTable, name: string, depth: number, seen = new Set<LuaTable>()): LuaValue {
    if (depth > MAX_BASE_DEPTH || seen.has(table)) return UNKNOWN;
    seen.add(table);
    const own = table.members.get(name);
    if (own) return this.bindingValue(own, table.file.top, depth + 1);
    for (const base of table.supers) {
      const value = this.evaluate(base, table.file.top, depth + 1);
      if (value.kind !== 'table') continue;
      const inherited = this.member(value.table, name, depth + 1, seen);
      if (inherited.kind !== 'unknown') return inherited;
    }
    return UNKNOWN;
  }
}

/** A name's binding: the innermost scope's local, out to the file's top level, then the file's globals. */
function lookup(name: string, scope: LuaScope): { binding: LuaBinding; scope: LuaScope } | null {
  for (let current: LuaScope | null = scope; current; current = current.outer) {
    const binding = current.locals.get(name);
    if (binding) return { binding, scope: current };
  }
  const global = scope.file.globals.get(name);
  return global ? { binding: global, scope: scope.file.top } : null;
}

/** `a/b.lua` and `a/b/init.lua` are module `a.b`. */
function moduleName(segments: readonly string[]): string {
  const parts = [...segments];
  parts[parts.length - 1] = parts[parts.length - 1]!.replace(/\.lua$/, '');
  if (parts.length > 1 && parts[parts.length - 1] === 'init') parts.pop();
  return parts.join('.');
}
