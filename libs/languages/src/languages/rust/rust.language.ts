import type { LanguageDefinition } from '../language-definition';

/** Rust with tree-sitter. */
export const RUST: LanguageDefinition = {
  languages: [
    {
      id: 'rust',
      extensions: ['.rs'],
      mime: 'text/x-rust',
      fence: 'rust',
      grammar: { packageName: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./rust-extractor') as typeof import('./rust-extractor')).RustExtractor(),
  // Cargo's integration tests (`tests/` is a test folder everywhere); unit tests are `#[test]` functions in any file.
  testPath: /(^|\/)tests\/[^/]+\.rs$/,
  // `///` lines and `/** */` blocks.
  docComments: 'doxygen',
  // `fn name(x: T) -> R`.
  headerSyntax: 'python',
  // By convention, not by the language: `Type::new`.
  constructorNames: ['new'],
  memberModifiers: false,
  asyncFunctions: true,
};
