import type { LanguageDefinition } from '../language-definition';
import { KotlinExtractor } from './kotlin-extractor';

/** Kotlin with tree-sitter. */
export const KOTLIN: LanguageDefinition = {
  languages: [
    {
      id: 'kotlin',
      extensions: ['.kt', '.kts'],
      shebangs: ['kotlin'],
      mime: 'text/x-kotlin',
      fence: 'kotlin',
      grammar: { packageName: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
      staticCalls: true,
    },
  ],
  createExtractor: () => new KotlinExtractor(),
  // Gradle's test source sets (`src/test/`, `src/jvmTest/`, `src/commonTest/`...) and kotest's `*Spec.kt`.
  testPath: /(^|\/)src\/(?:\w+T|t)est\/|Spec\.kt$/,
  // KDoc `/** */` blocks.
  docComments: 'block',
  // `fun name(x: T = 1): R`.
  headerSyntax: 'script',
  // The extractor names secondary constructors `Type.constructor`.
  constructorNames: ['constructor'],
  memberModifiers: true,
  asyncFunctions: false,
};
