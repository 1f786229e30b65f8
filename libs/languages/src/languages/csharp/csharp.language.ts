import type { LanguageDefinition } from '../language-definition';

/** C# with tree-sitter. */
export const CSHARP: LanguageDefinition = {
  languages: [
    {
      id: 'csharp',
      extensions: ['.cs'],
      mime: 'text/x-csharp',
      fence: 'csharp',
      grammar: { packageName: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./csharp-extractor') as typeof import('./csharp-extractor')).CSharpExtractor(),
  // Test projects (`Orders.Tests/`) and test classes (`OrderTests.cs`).
  testPath: /(^|\/)[^/]+\.Tests?\/|Tests?\.cs$/,
  // `///` XML doc lines.
  docComments: 'doxygen',
  headerSyntax: 'type-first',
  // The extractor names constructors `Type.constructor`.
  constructorNames: ['constructor'],
  memberModifiers: true,
  asyncFunctions: true,
};
