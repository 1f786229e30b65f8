import type { LanguageDefinition } from '../language-definition';

/** Dart with tree-sitter. */
export const DART: LanguageDefinition = {
  languages: [
    {
      id: 'dart',
      extensions: ['.dart'],
      shebangs: ['dart'],
      mime: 'text/x-dart',
      fence: 'dart',
      // tree-sitter-dart publishes no wasm on npm; the prebuilt set's is UserNobody14/tree-sitter-dart's grammar at d4d8f3e
      // or later (it reads extension types and `get`/`set` as names; grammar.js is unchanged from there to 81638db).
      grammar: { packageName: '@repomix/tree-sitter-wasms', wasm: 'out/tree-sitter-dart.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./dart-extractor') as typeof import('./dart-extractor')).DartExtractor(),
  // package:test's `test/` folder and `*_test.dart` files.
  testPath: /(^|\/)test\/|_test\.dart$/,
  // `///` lines and `/** ... */` blocks.
  docComments: 'doxygen',
  // `int add(Item item)`: the type before the name, the result before the function's name.
  headerSyntax: 'type-first',
  constructorNames: ['<class>'],
  // Dart's privacy is a leading `_`, not a modifier; `static` is one.
  memberModifiers: false,
  asyncFunctions: false,
};
