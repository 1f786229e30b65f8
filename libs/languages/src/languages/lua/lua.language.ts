import type { LanguageDefinition } from '../language-definition';
import { LuaExtractor } from './lua-extractor';

/** Lua with tree-sitter. */
export const LUA: LanguageDefinition = {
  languages: [
    {
      id: 'lua',
      // A rockspec is Lua: its `build.modules` map says which file a module is.
      extensions: ['.lua', '.rockspec'],
      shebangs: ['lua', 'luajit'],
      mime: 'text/x-lua',
      fence: 'lua',
      grammar: { packageName: '@tree-sitter-grammars/tree-sitter-lua', wasm: 'tree-sitter-lua.wasm' },
      staticCalls: false,
    },
  ],
  createExtractor: () => new LuaExtractor(),
  // busted's `_spec.lua` files (the `spec/` and `tests/` folders are every ecosystem's), luaunit's `test_*.lua` / `_test.lua`.
  testPath: /_spec\.lua$|(^|\/)test_[^/]*\.lua$|_test\.lua$/,
  // `---` lines (LDoc, LuaLS annotations) and the `--` lines of their run.
  docComments: 'dash-lines',
  // `function M.f(a, b)`: names only, no types in the header.
  headerSyntax: 'python',
  constructorNames: ['new'],
  memberModifiers: false,
  asyncFunctions: false,
};
