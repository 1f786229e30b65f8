import type { LanguageDefinition } from '../language-definition';

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
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./kotlin-extractor') as typeof import('./kotlin-extractor')).KotlinExtractor(),
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
