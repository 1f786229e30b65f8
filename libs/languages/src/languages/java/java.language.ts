import type { LanguageDefinition } from '../language-definition';

/** Java with tree-sitter. */
export const JAVA: LanguageDefinition = {
  languages: [
    {
      id: 'java',
      extensions: ['.java'],
      mime: 'text/x-java',
      fence: 'java',
      grammar: { packageName: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./java-extractor') as typeof import('./java-extractor')).JavaExtractor(),
  // Maven's and Gradle's test sources.
  testPath: /(^|\/)src\/test\//,
  docComments: 'block',
  headerSyntax: 'type-first',
  constructorNames: ['constructor', '<class>'],
  memberModifiers: true,
  asyncFunctions: false,
  packages: { ecosystem: 'java', modules: 'directory' },
};
