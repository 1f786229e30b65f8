import type { LanguageDefinition } from '../language-definition';
import { JavaExtractor } from './java-extractor';

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
  createExtractor: () => new JavaExtractor(),
  // Maven's and Gradle's test sources.
  testPath: /(^|\/)src\/test\//,
  docComments: 'block',
  headerSyntax: 'type-first',
  constructorNames: ['constructor', '<class>'],
  memberModifiers: true,
  asyncFunctions: false,
  packages: { ecosystem: 'java', modules: 'directory' },
};
