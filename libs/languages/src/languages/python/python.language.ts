import type { LanguageDefinition } from '../language-definition';
import { PythonExtractor } from './python-extractor';

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
  createExtractor: () => new PythonExtractor(),
  // pytest's test_*.py and *_test.py.
  testPath: /(^|\/)test_[^/]*\.py$|_test\.py$/,
  docComments: 'docstring',
  headerSyntax: 'python',
  constructorNames: ['__init__'],
  memberModifiers: false,
  asyncFunctions: true,
  packages: { ecosystem: 'python', modules: 'tree' },
};
