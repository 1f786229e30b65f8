import type { LanguageDefinition } from '../language-definition';

/** Swift with tree-sitter. */
export const SWIFT: LanguageDefinition = {
  languages: [
    {
      id: 'swift',
      extensions: ['.swift'],
      shebangs: ['swift'],
      mime: 'text/x-swift',
      fence: 'swift',
      // tree-sitter-swift publishes no wasm; the prebuilt set's is built from tree-sitter-swift 0.7.1.
      grammar: { packageName: '@repomix/tree-sitter-wasms', wasm: 'out/tree-sitter-swift.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./swift-extractor') as typeof import('./swift-extractor')).SwiftExtractor(),
  // SwiftPM's test targets (`Tests/<Target>/`) and XCTest's `*Tests.swift` files.
  testPath: /(^|\/)Tests\/|Tests?\.swift$/,
  // `///` lines and `/** ... */` blocks.
  docComments: 'doxygen',
  // `func add(_ item: Item) -> Cart`: `name: Type` and the result after `->`.
  headerSyntax: 'python',
  constructorNames: ['init'],
  memberModifiers: true,
  // `async` follows the parameters, where the documentation checks do not read it.
  asyncFunctions: false,
};
