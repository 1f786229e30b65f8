import type { LanguageDefinition } from '../language-definition';

/** TypeScript and JavaScript, read with the TypeScript compiler: its syntax first, its checker in the exact pass. */
export const TYPESCRIPT: LanguageDefinition = {
  languages: [
    { id: 'typescript', extensions: ['.ts', '.tsx', '.mts', '.cts'], mime: 'text/x-typescript', fence: 'ts', staticCalls: true },
    {
      id: 'javascript',
      extensions: ['.js', '.jsx', '.mjs', '.cjs'],
      shebangs: ['node'],
      mime: 'text/javascript',
      fence: 'js',
      staticCalls: false,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./typescript-extractor') as typeof import('./typescript-extractor')).TypeScriptExtractor(),
  // jest, vitest and mocha spec files (any language's `tests/`, `__tests__/` and `spec/` folders are tests too: languages.ts).
  testPath: /\.(test|spec|e2e-spec)\.[cm]?[jt]sx?$/,
  docComments: 'block',
  headerSyntax: 'script',
  constructorNames: ['constructor'],
  memberModifiers: true,
  asyncFunctions: true,
  packages: { ecosystem: 'npm', modules: 'tree' },
};
