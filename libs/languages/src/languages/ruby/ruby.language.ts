import type { LanguageDefinition } from '../language-definition';
import { RubyExtractor } from './ruby-extractor';

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
  createExtractor: () => new RubyExtractor(),
  // RSpec's `_spec.rb` and minitest's `test_*.rb` / `_test.rb`.
  testPath: /_spec\.rb$|(^|\/)test_[^/]*\.rb$|_test\.rb$/,
  docComments: 'line-above',
  headerSyntax: 'python',
  constructorNames: ['initialize'],
  memberModifiers: false,
  asyncFunctions: false,
};
