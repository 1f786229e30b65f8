import type { LanguageDefinition } from '../language-definition';

/** C and C++ with tree-sitter, in one folder: they share headers, and a call crosses from one to the other. */
export const C_FAMILY: LanguageDefinition = {
  languages: [
    {
      id: 'c',
      extensions: ['.c', '.h'],
      mime: 'text/x-c',
      fence: 'c',
      grammar: { packageName: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm' },
      staticCalls: true,
    },
    {
      id: 'cpp',
      extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tpp', '.inl'],
      mime: 'text/x-c++',
      fence: 'cpp',
      grammar: { packageName: 'tree-sitter-cpp', wasm: 'tree-sitter-cpp.wasm' },
      staticCalls: true,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./c-extractor') as typeof import('./c-extractor')).CExtractor(),
  // GoogleTest's and Catch2's usual file names: foo_test.cc, foo_unittest.cpp, test_foo.c, foo.test.cpp.
  testPath: /(_test|_unittest|\.test)\.(c|cc|cpp|cxx)$|(^|\/)test_[^/]*\.(c|cc|cpp|cxx)$/,
  docComments: 'doxygen',
  headerSyntax: 'type-first',
  constructorNames: ['<class>'],
  memberModifiers: false,
  asyncFunctions: false,
};
