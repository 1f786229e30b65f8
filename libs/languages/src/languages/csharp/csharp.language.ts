import type { LanguageDefinition } from '../language-definition';
import { CSharpExtractor } from './csharp-extractor';

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
  createExtractor: () => new CSharpExtractor(),
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
