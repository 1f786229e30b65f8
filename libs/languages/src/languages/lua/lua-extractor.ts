import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { LuaFileWalk } from './lua-file-walk';
import { VISITED, type LuaFile } from './lua-model';
import { LuaResolver } from './lua-resolver';

const LUA: TreeSitterLanguage<LuaFile> = {
  grammar: 'lua',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new LuaFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new LuaResolver(files, external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * Lua with tree-sitter (@tree-sitter-grammars/tree-sitter-lua 0.4.1). Symbols: global and local
 * functions (function), the tables functions are declared into (`local M = {}` with
 * `function M.f()`, `function M:m()`, `M.f = function() end` or `{ f = function() end }`: a
 * module, a class once it has `:` methods, `__index` or is a metatable; `M.sub` tables nested in
 * it) and their members (method), a table the file returns; functions in functions and anonymous
 * functions (nested bodies named by what holds them: `helper`, `on_exit`, `sort(function)`,
 * `function`); busted's and plenary's `describe` groups (nested bodies named by their
 * description) and `it` examples (tests) in spec files, luaunit's `test...` functions and the
 * `test...` methods of `Test...` tables. Docs are the `--` lines above a definition when one is a
 * `---` line (LDoc, LuaLS annotations), tags kept.
 *
 * `require("a.b")` (or `require "a.b"`) is followed to the repository's `a/b.lua` or
 * `a/b/init.lua` (a rockspec's `modules` first, then the root, then under `lua/` or `src/`),
 * else it names a rock. A call is followed (`import`) to a local or top-level function in scope,
 * a member of a table of the file or of what a required module returns (`local cart =
 * require("shop.cart")` then `cart.new()`), of `self` in a `:` method, of an object made by
 * `T.new()`, `T()` or `setmetatable(o, T)`, through `__index` bases; a global function of
 * another file and a member of an unknown table by name only. Lua has no language server here:
 * calls stay at this first pass.
 */
export class LuaExtractor extends TreeSitterExtractor<LuaFile> {
  constructor() {
    super(LUA);
  }
}
