import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { KotlinFileWalk } from './kotlin-file-walk';
import { VISITED, type KtFile } from './kotlin-model';
import { KotlinResolver } from './kotlin-resolver';

const KOTLIN: TreeSitterLanguage<KtFile> = {
  grammar: 'kotlin',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new KotlinFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new KotlinResolver(files, external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * Kotlin with tree-sitter (`@tree-sitter-grammars/tree-sitter-kotlin`). Symbols: packages (module,
 * by full name), classes (data, sealed, value, abstract), objects and companion objects (class),
 * interfaces, enum classes, type aliases (type), functions, extension functions (`Cart.total`),
 * methods, secondary constructors (`Type.constructor`), `init` blocks, local functions and lambdas
 * (nested functions: the property's name, `map{}` for a trailing lambda, `run(0)` for an
 * argument), properties (`val`/`var` constructor parameters among them) and enum entries
 * (property), top-level properties (variable), tests (JUnit's and kotlin.test's `@Test`,
 * `@ParameterizedTest`...; in a kotest spec, `"..." { }` and `test("...") { }` lambdas, with
 * `describe`/`context` containers as nested bodies). Docs are KDoc blocks, tags kept.
 *
 * Names resolve as the compiler looks them up: enclosing and nested types, imports and aliases, the
 * package, star imports, full names. Imports give IMPORTS to the files declaring what they name
 * (types, top-level functions by package); names outside the repository are external `java:`
 * package references, as Java's imports are. A call is followed (`import`) to a method of the
 * class, its supertypes and enclosing classes (implicit `this`, `this.`, `super.`), of a typed
 * receiver (parameters, properties, `val x: T`, `val x = T()`, results of resolved methods), a
 * companion's member (`Cart.empty()`), an extension function of the receiver's type, a top-level
 * function in scope, a local function or lambda; `T(...)` to T's secondary constructor of that
 * arity, else T. Other receivers fall back to the method's name.
 */
export class KotlinExtractor extends TreeSitterExtractor<KtFile> {
  constructor() {
    super(KOTLIN);
  }
}
