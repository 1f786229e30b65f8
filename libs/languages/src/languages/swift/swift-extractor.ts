import type { LanguageServerRun } from '@lore/domain';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { SwiftFileWalk } from './swift-file-walk';
import { swiftParsedText } from './swift-parsed-text';
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

const SWIFT: TreeSitterLanguage<SwFile> = {
  grammar: 'swift',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new SwiftFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new SwiftResolver(files, external, (path) => fileUidOf(input, path)),
    parsedText: (source) => swiftParsedText(source.text!),
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
