import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { ComposerAutoload } from './composer-autoload';
import { PhpFileWalk } from './php-file-walk';
import { VISITED, type PhpFile } from './php-model';
import { PhpResolver } from './php-resolver';

const PHP: TreeSitterLanguage<PhpFile> = {
  grammar: 'php',
  visitedNodeTypes: VISITED,
  start: (input) => {
    const autoload = new ComposerAutoload(
      input.rootPath,
      input.files.map((file) => file.path),
      new Set([...input.fileUids.keys(), ...input.files.map((file) => file.path)]),
    );
    return {
      walkFile: (source, symbols) => new PhpFileWalk(source, symbols),
      resolver: (files, _symbols, external) => new PhpResolver(files, autoload, external, (path) => fileUidOf(input, path)),
      skipped: () => autoload.problems,
    };
  },
};

/**
 * PHP with tree-sitter (`tree-sitter-php`'s grammar with HTML around `<?php`). Symbols: namespaces
 * (module, by full name: `Acme\Shop`), classes, interfaces, traits (interface), enums, methods
 * (`__construct` among them), functions, closures and arrow functions (nested functions: the
 * variable's name, `array_map(0)` for an argument), properties (promoted constructor parameters
 * among them), class constants and enum cases (property), namespace constants and `define`s
 * (variable), PHPUnit tests (methods `test*`, `@test` or `#[Test]` of a class extending a
 * `...TestCase`, or of a `...Test` class in a test file). Docs are PHPDoc blocks, tags kept.
 * Qualified names are not namespace-prefixed (`Cart.add`).
 *
 * Names resolve as PHP does: `use` aliases (grouped too), the namespace, `\`-qualified names,
 * `self`/`static`/`parent`; `use function` and the namespace's then the global function. `use`s
 * give IMPORTS to the file Composer's PSR-4 map autoloads (composer-autoload.ts), else to the file
 * declaring the class; a name outside the repository is an external `php:` namespace reference.
 * A call is followed (`import`) to a method of `$this`, `self::`, `static::`, `parent::`, `Foo::`,
 * of a typed parameter, property (declared, promoted, `@var`, or assigned `new Foo`) or local
 * (`$x = new Foo`, a typed method's result), through supertypes and traits; `new Foo` to
 * `__construct`, else the class; a closure bound to `$f` by `$f()`. PHP's own functions give no
 * edge; other receivers fall back to the method's name.
 */
export class PhpExtractor extends TreeSitterExtractor<PhpFile> {
  constructor() {
    super(PHP);
  }
}
