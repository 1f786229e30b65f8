import type { LanguageServerRun } from '@lore/domain';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { ScalaFileWalk } from './scala-file-walk';
import { VISITED, type ScFile } from './scala-model';
import { ScalaResolver } from './scala-resolver';

/** Metals, Scala's language server, is fetched by Coursier from Maven Central at run time: no package registry here provides it pinned. */
const METALS: LanguageServerRun = {
  language: 'scala',
  server: 'metals',
  version: null,
  status: 'unavailable',
  detail:
    'metals is installed by Coursier from Maven Central and needs the build (sbt, mill) to compile: calls stay at first-pass confidence',
};

const SCALA: TreeSitterLanguage<ScFile> = {
  grammar: 'scala',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new ScalaFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new ScalaResolver(files, external, (path) => fileUidOf(input, path)),
    languageServers: () => [METALS],
  }),
};

/**
 * Scala 2 and 3 with tree-sitter (tree-sitter-scala 0.24.0). Symbols: packages (module: each
 * clause named as written, its qualified name the full package; `package a { }` bodies too),
 * package objects (module), classes and case classes, objects (class; a class and its companion
 * object are joined by name and scope), traits (interface), enums (their cases are properties),
 * givens (a given with a body is a class, `given x: T = ...` a property), type aliases and
 * abstract types (type), defs (methods; top-level and package-object defs are functions;
 * `extension (c: Cart) def size` is `Cart.size`; auxiliary constructors are `Type.this`),
 * nested defs, lambdas and the defs of an anonymous class (`new Runnable { def run() }`) in a
 * member's value (nested bodies: the `val`'s name, `map(0)` for an argument, `foreach{}` for a
 * block argument), `val`/`var` members and primary-constructor parameters (property), top-level
 * vals (variable). Tests: JUnit's `@Test` defs; in a test file or a suite (a type extending
 * `...Spec`, `...Suite`, `...Test(s)`, `Specification`), `test("...") { }` (ScalaTest, MUnit,
 * utest), `it("...") { }`, `"..." in { }`, `"x" should "y" in { }`, `it should "y" in { }`,
 * specs2's `>>`, with `describe`, `"x" should { }`, `"x" - { }` groups as nested bodies. Docs
 * are Scaladoc blocks, tags kept.
 *
 * Names resolve as the compiler looks them up: enclosing types, imports and renames, the
 * packages the file's clauses open, wildcard imports of packages and objects, full names. Imports
 * give IMPORTS to the files declaring what they name (a package's types, objects and functions by
 * package declaration, wherever the file sits); names outside the repository are external `java:`
 * package references. A call is followed (`import`) to a method of the class, its supertypes and
 * enclosing types (implicit `this`, `this.`, `super.`), of a typed receiver (parameters, members,
 * `val x: T`, `val x = new T`, `val x = T(...)`, results of resolved methods, parameterless defs
 * read as members), an object's member (`Cart.empty`, with or without parentheses), a package's
 * member (`os.pwd`, `os.proc(...)`), an extension method, an infix method (`path / "a"`) of a
 * typed left side, a top-level function in scope, a local def or lambda;
 * `new T(...)` to T (an auxiliary constructor of that arity first), `T(...)` to the companion's
 * `apply`, else to the case class. Other receivers fall back to the method's name; a member read
 * on an unknown receiver is never a call. Not read: a parameterless def named bare (`total`
 * inside its class is no call site), implicit conversions and given arguments; an import inside a
 * block counts for the whole file. No language server can be had for Scala here: the index result
 * says so.
 */
export class ScalaExtractor extends TreeSitterExtractor<ScFile> {
  constructor() {
    super(SCALA);
  }
}
