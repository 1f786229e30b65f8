import type { LanguageDefinition } from '../language-definition';

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
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./go-extractor') as typeof import('./go-extractor')).GoExtractor(),
  testPath: /_test\.go$/,
  docComments: 'line-above',
  headerSyntax: 'go',
  constructorNames: [],
  memberModifiers: false,
  asyncFunctions: false,
  packages: { ecosystem: 'go', modules: 'directory' },
};
