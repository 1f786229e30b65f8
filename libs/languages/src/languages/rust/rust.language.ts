import type { LanguageDefinition } from '../language-definition';
import { RustExtractor } from './rust-extractor';

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
  createExtractor: () => new RustExtractor(),
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
