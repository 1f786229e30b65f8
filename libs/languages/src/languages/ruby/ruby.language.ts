import type { LanguageDefinition } from '../language-definition';

/** Ruby with tree-sitter. */
export const RUBY: LanguageDefinition = {
  languages: [
    {
      id: 'ruby',
      extensions: ['.rb', '.rake', '.gemspec'],
      shebangs: ['ruby'],
      mime: 'text/x-ruby',
      fence: 'ruby',
      grammar: { packageName: 'tree-sitter-ruby', wasm: 'tree-sitter-ruby.wasm' },
      staticCalls: false,
    },
  ],
  // Loaded for a repository with files of it: the registry reads every folder's definition.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  createExtractor: () => new (require('./ruby-extractor') as typeof import('./ruby-extractor')).RubyExtractor(),
  // RSpec's `_spec.rb` and minitest's `test_*.rb` / `_test.rb`.
  testPath: /_spec\.rb$|(^|\/)test_[^/]*\.rb$|_test\.rb$/,
  docComments: 'line-above',
  headerSyntax: 'python',
  constructorNames: ['initialize'],
  memberModifiers: false,
  asyncFunctions: false,
};
