import type { LanguageDefinition } from '../language-definition';
import { GoExtractor } from './go-extractor';

/** Go with tree-sitter. */
export const GO: LanguageDefinition = {
  languages: [
    {
      id: 'go',
      extensions: ['.go'],
      mime: 'text/x-go',
      fence: 'go',
      grammar: { packageName: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
      staticCalls: true,
    },
  ],
  createExtractor: () => new GoExtractor(),
  testPath: /_test\.go$/,
  docComments: 'line-above',
  headerSyntax: 'go',
  constructorNames: [],
  memberModifiers: false,
  asyncFunctions: false,
  packages: { ecosystem: 'go', modules: 'directory' },
};
