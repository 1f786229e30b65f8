import type { LanguageServerRun } from '@lore/domain';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { SwiftFileWalk } from './swift-file-walk';
import { VISITED, type SwFile } from './swift-model';
import { SwiftResolver } from './swift-resolver';

/** Swift's language server comes with the Swift toolchain, which none of the registries these machines reach provides. */
const SOURCEKIT_LSP: LanguageServerRun = {
  language: 'swift',
  server: 'sourcekit-lsp',
  version: null,
  status: 'unavailable',
  detail: 'sourcekit-lsp ships only with the Swift toolchain, which no package registry here provides: calls stay at first-pass confidence',
};

/** `#if os(Linux)`, `#else`, `#endif`...: a compiler directive's line. */
const DIRECTIVE_LINE = /^[ \t]*#(?:if|elseif|else|endif|sourceLocation|warning|error)\b[^\n]*/gm;
/** `#available(iOS 15, *)`, `#unavailable(...)`: a condition on one line. */
const AVAILABILITY = /#(?:un)?available\([^()\n]*\)/g;
/** `#expect(...)`, `#selector(...)`, `#file`: a macro or a literal named after `#` (not a raw string's `#"`). */
const HASH_NAME = /(?<![\\#])#(?=[A-Za-z_])/g;

/**
 * The text the grammar is given. Its external scanner allocates its state with `calloc(0, ...)`
 * and never clears it when a parse starts, so after the first file the `#` of a directive or a
 * macro reads stale memory and fails to parse. Lore blanks what starts with `#`, keeping lengths
 * and lines: directive lines (the code of every branch is read, as ctags reads it), availability
 * conditions (`true`), the `#` of a macro (`#expect(x)` is read as the call `expect(x)`). Raw
 * strings (`#"..."#`) are left as written.
 */
function parsedText(text: string): string {
  if (!text.includes('#')) return text;
  return text
    .replace(DIRECTIVE_LINE, (line) => ' '.repeat(line.length))
    .replace(AVAILABILITY, (condition) => 'true'.padEnd(condition.length))
    .replace(HASH_NAME, ' ');
}

const SWIFT: TreeSitterLanguage<SwFile> = {
  grammar: 'swift',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new SwiftFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new SwiftResolver(files, external, (path) => fileUidOf(input, path)),
    parsedText: (source) => parsedText(source.text!),
    languageServers: () => [SOURCEKIT_LSP],
  }),
};

/**
 * Swift with tree-sitter (tree-sitter-swift 0.7.1, its wasm from `@repomix/tree-sitter-wasms`).
 * Symbols: classes, structs and actors (class), enums (their cases are properties), protocols
 * (interface, their requirements methods and properties), extensions (class, named by the type
 * they extend: `extension Cart` holds `Cart.summary`), type aliases (type), functions, methods,
 * initializers (`Cart.init`), `deinit`, subscripts (`Cart.subscript`), properties and top-level
 * variables, nested functions, closures (nested bodies: the property's name, `map{}` for a trailing
 * closure, `reduce(1)` for an argument) and property accessors (`Cart.total.get`, `.set`,
 * `.willSet`, `.didSet`); tests are XCTest's `func test...()` in an `XCTestCase` subclass and Swift
 * Testing's `@Test` functions. Docs are `///` runs and `/** *\/` blocks, tags kept.
 *
 * A file's module is its SwiftPM target (`Sources/<Target>/`, `Tests/<Target>/`): a module's
 * files see each other's declarations without an import; `import M` gives IMPORTS to the files of
 * M that declare what the file calls or constructs by name; modules outside the repository are
 * external `swift:` references (the platform's are left out). A call is followed (`import`) to a
 * method of the type, its supertypes, its extensions and enclosing types (implicit `self`,
 * `self.`, `super.`), of a typed receiver (parameters, properties, `let x: T`, `let x = T()`,
 * results of resolved methods), a static method (`Cart.empty()`), a top-level function of the
 * module or an imported one, a nested function or closure; `T(...)` to T's `init` of that arity,
 * else T. Other receivers fall back to the method's name. No language server can be had for
 * Swift here: the index result says so.
 */
export class SwiftExtractor extends TreeSitterExtractor<SwFile> {
  constructor() {
    super(SWIFT);
  }
}
