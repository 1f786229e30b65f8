import type { LanguageDefinition } from '../language-definition';

/** Python with tree-sitter, pyright's language server in the exact pass. */
export const PYTHON: LanguageDefinition = {
  languages: [
    {
      id: 'python',
      extensions: ['.py'],
      shebangs: ['python', 'python3'],
      mime: 'text/x-python',
      fence: 'python',
      grammar: { packageName: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
      staticCalls: false,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./python-extractor') as typeof import('./python-extractor')).PythonExtractor(),
  // pytest's test_*.py and *_test.py.
  testPath: /(^|\/)test_[^/]*\.py$|_test\.py$/,
  docComments: 'docstring',
  headerSyntax: 'python',
  constructorNames: ['__init__'],
  memberModifiers: false,
  asyncFunctions: true,
  packages: { ecosystem: 'python', modules: 'tree' },
};
