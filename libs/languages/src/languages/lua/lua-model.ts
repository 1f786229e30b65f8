import type { SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { CallSite } from '../../tree-sitter/tree-sitter-extraction';

/** What the Lua walk reads off each file and the resolver follows across files: tables, functions, requires, returns, call sites. */

/**
 * What counts in a Lua body (docs/analysis.md): cyclomatic 1 + `if`, each `elseif`, `while`,
 * `repeat`, `for` (numeric and generic), each `and` and `or`; cognitive +1 + nesting for `if`
 * and the loops, +1 for `elseif` and `else`, +1 per run of one logical operator. Function
 * definitions (named or anonymous) are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_declaration', 'function_definition']),
  decisions: new Set(['if_statement', 'elseif_statement', 'while_statement', 'repeat_statement', 'for_statement', 'and', 'or']),
  nesting: new Set(['if_statement', 'while_statement', 'repeat_statement', 'for_statement']),
  flat: new Set(['elseif_statement', 'else_statement']),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === 'and' || operator === 'or' ? operator : null;
  },
  blocks: new Set(['chunk', 'block']),
  identifiers: new Set(['identifier']),
  literals: new Set(['string', 'number', 'nil', 'true', 'false']),
  comments: new Set(['comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'function_declaration',
  'function_definition',
  'function_call',
  'variable_declaration',
  'assignment_statement',
  'return_statement',
];

/** busted's (and plenary's) example functions: each function argument is a test named by its description. */
export const BUSTED_TESTS = new Set(['it', 'pending', 'spec', 'test']);
/** busted's groups: each function argument is a nested body named by its description. */
export const BUSTED_GROUPS = new Set(['describe', 'context', 'insulate', 'expose']);
/** Lua's and LuaJIT's standard tables and Neovim's `vim`: a call through them leaves the repository. */
export const STANDARD_TABLES = new Set([
  'string',
  'table',
  'math',
  'io',
  'os',
  'coroutine',
  'debug',
  'utf8',
  'package',
  'bit',
  'bit32',
  'jit',
  'ffi',
  'vim',
]);

/** An expression as far as call resolution cares. */
export type LuaExpr =
  | { kind: 'name'; name: string }
  | { kind: 'field'; object: LuaExpr; name: string }
  | { kind: 'call'; callee: LuaExpr }
  | { kind: 'require'; module: string }
  /** `setmetatable({}, T)`, `setmetatable(o, { __index = T })`: an object whose methods are T's. */
  | { kind: 'instance'; of: LuaExpr }
  /** A table the file declares (a returned table literal among them). */
  | { kind: 'table'; table: LuaTable }
  | { kind: 'other' };

/** What a name or a table's field holds. */
export type LuaBinding =
  | { kind: 'function'; fn: LuaFunction }
  | { kind: 'table'; table: LuaTable }
  | { kind: 'expr'; expr: LuaExpr }
  /** A parameter, a loop variable, a local whose value is not followed: it hides what is outside. */
  | { kind: 'unknown' };

/** A table the file declares at its top level (`local M = {}`, `Cart = {}`, `M.sub = {}`) or a table a function is declared into. */
export interface LuaTable {
  /** As written: `M`, `M.sub`; '' for a table literal the file returns unnamed. */
  path: string;
  file: LuaFile;
  /** Its symbol, made when a function is declared into it or the file returns it (a table of data has none). */
  symbol: SymbolRow | null;
  members: Map<string, LuaBinding>;
  /** `setmetatable(T, { __index = Base })`, `setmetatable({}, Base)`: where a missing member is looked up. */
  supers: LuaExpr[];
  /** `function T:m()`, `T.__index = T`, `setmetatable(x, T)`: the table is used as a class. */
  classLike: boolean;
  /** Returned by its file or assigned globally: other files reach it. */
  exported: boolean;
}

/** A scope of names: a function's body, or the file's top level. */
export interface LuaScope {
  locals: Map<string, LuaBinding>;
  outer: LuaScope | null;
  file: LuaFile;
}

/** A function: declared, local, a table's member, or an anonymous function (a nested body). */
export interface LuaFunction {
  symbol: SymbolRow;
  /** Its body's names; its outer scope is the function it is written in, or the file's top level. */
  scope: LuaScope;
  /** The table whose member it is (`function M.f`, `function M:m`); a nested body has its encloser's. */
  table: LuaTable | null;
  /** Declared with `:`, so `self` is the table's object. */
  method: boolean;
}

export interface LuaSite extends CallSite {
  caller: LuaFunction;
  line: number;
  /** What is called: a name (`f(...)`) or a field of an object (`M.f(...)`, `obj:m(...)`). */
  callee: LuaExpr;
}

export interface LuaFile {
  path: string;
  /** `require("a.b")` and `require "a.b"` anywhere in the file, with the local each is bound to when there is one. */
  requires: { module: string; local: string | null }[];
  /** The names of the top level: locals, then the globals it assigns. */
  top: LuaScope;
  globals: Map<string, LuaBinding>;
  tables: LuaTable[];
  functions: LuaFunction[];
  /** What the file's top-level `return` returns (what `require` gives). */
  returns: LuaExpr | null;
  /** A `.rockspec`'s `modules` map: module name to file path. */
  rockspecModules: Map<string, string>;
  sites: LuaSite[];
}
