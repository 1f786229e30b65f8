import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { RubyFileWalk } from './ruby-file-walk';
import { VISITED, type RbFile } from './ruby-model';
import { RubyResolver } from './ruby-resolver';

const RUBY: TreeSitterLanguage<RbFile> = {
  grammar: 'ruby',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new RubyFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new RubyResolver(files, external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * Ruby with tree-sitter. Symbols: classes, modules (module), methods and `def self.` methods
 * (method), top-level `def`s (function), attributes (`attr_reader` and the like) and constants
 * (property), blocks and lambdas in methods (nested functions: `each(block)`, a lambda's
 * variable), RSpec groups (nested functions named by their description) and examples (`it`,
 * `specify`... in *_spec.rb: tests), minitest `test_*` methods of a test class, `test "..." do`
 * blocks. Docs are the `#` lines above a definition (YARD tags kept).
 *
 * Constants resolve through the lexical nesting, then the top level; a class reopened in several
 * files is one type. `require_relative` is followed from the file's directory, `require` to a
 * `lib/` file of the repository, else it is a gem's. A call is followed (`import`) to a method of
 * the class, its superclasses and mixins (`self`, implicit self, `Const.method`), of a receiver
 * whose class is known (`x = Const.new`, `@x = Const.new` in any method), a top-level `def`;
 * `Const.new` to `initialize`, else the class. Other receivers fall back to the method's name.
 */
export class RubyExtractor extends TreeSitterExtractor<RbFile> {
  constructor() {
    super(RUBY);
  }
}
