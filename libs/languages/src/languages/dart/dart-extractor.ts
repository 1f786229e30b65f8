import type { LanguageServerRun } from '@lore/domain';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { DartFileWalk } from './dart-file-walk';
import { VISITED, type DtFile } from './dart-model';
import { dartParsedText } from './dart-parsed-text';
import { DartPackages, DartResolver } from './dart-resolver';

/** Dart's analysis server comes with the Dart SDK, which none of the registries these machines reach provides. */
const DART_ANALYSIS_SERVER: LanguageServerRun = {
  language: 'dart',
  server: 'dart language-server',
  version: null,
  status: 'unavailable',
  detail:
    'the Dart analysis server ships only with the Dart SDK, which no package registry here provides: calls stay at first-pass confidence',
};

const DART: TreeSitterLanguage<DtFile> = {
  grammar: 'dart',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new DartFileWalk(source, symbols),
    resolver: (files, _symbols, external) =>
      new DartResolver(files, new DartPackages(input.rootPath), external, (path) => fileUidOf(input, path)),
    parsedText: (source) => dartParsedText(source.text!),
    languageServers: () => [DART_ANALYSIS_SERVER],
  }),
};

/**
 * Dart with tree-sitter (UserNobody14/tree-sitter-dart, its wasm from `@repomix/tree-sitter-wasms`).
 * Symbols: classes (`abstract`, `sealed`, `base`, `final`, `interface`), mixins and extension types
 * (class), extensions (class, under their own name: `extension CartTotals on Cart` holds
 * `CartTotals.total`; the resolver joins their members to the type extended, so `cart.total()`
 * is followed), enums (their values are properties), typedefs (type), top-level functions,
 * getters and variables, methods, getters (`total`) and setters (`total=`), operators
 * (`operator ==`), constructors (the unnamed one is named as its class, `Cart.Cart`; named and
 * factory ones by their own name, `Cart.empty`), fields; local functions and closures are nested
 * bodies (a local function by its name, a closure by the variable holding it or the call it is
 * an argument of: `forEach(0)`, `sort(compare)` for a named argument). In test files (`test/`,
 * `*_test.dart`) `test('...', () {})` and `testWidgets` are tests named by their title, and
 * `group('...', () {})` is a nested body named by its title. Docs are `///` runs and `/** *\/`
 * blocks, `[references]` kept. The grammar cannot read an unnamed `library;`: it is blanked before
 * parsing (`dart-parsed-text.ts`).
 *
 * `import`/`export` URIs are followed to files: `package:<name>/a.dart` to `lib/a.dart` of the
 * repository's package of that name (pubspec.yaml's `name:`), relative URIs from the file's
 * folder, `part`/`part of` join a library's files; other packages are external `pub:` references
 * (`dart:` libraries are left out). A call is followed to a method of the receiver's type (`this`,
 * `super`, parameters, fields, locals typed or assigned a construction, results of resolved
 * methods), a static method or named constructor (`Cart.empty()`), a top-level function of the
 * library or of what it imports, a local function; `Cart(...)` and `new Cart(...)` to Cart's
 * constructor of that arity, else Cart. No language server can be had here: the index result says so.
 */
export class DartExtractor extends TreeSitterExtractor<DtFile> {
  constructor() {
    super(DART);
  }
}
