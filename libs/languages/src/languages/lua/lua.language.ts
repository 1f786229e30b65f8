import type { LanguageDefinition } from '../language-definition';

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
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./lua-extractor') as typeof import('./lua-extractor')).LuaExtractor(),
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
