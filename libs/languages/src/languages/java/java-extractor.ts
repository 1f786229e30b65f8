import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { JavaFileWalk } from './java-file-walk';
import { VISITED, type JavaFile } from './java-model';
import { JavaResolver } from './java-resolver';

const JAVA: TreeSitterLanguage<JavaFile> = {
  grammar: 'java',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new JavaFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new JavaResolver(files, external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * Java with tree-sitter. Symbols: classes, records (class), interfaces, annotation types
 * (interface), enums, methods, constructors (`Type.constructor`), fields, enum constants and record
 * components (property), nested types (`Outer.Inner`), JUnit tests (methods annotated @Test,
 * @ParameterizedTest, @RepeatedTest, @TestFactory, @TestTemplate). Qualified names are not
 * package-prefixed.
 *
 * Types are resolved like javac does for names: nested and enclosing types, single-type imports,
 * the same package, on-demand imports. A call is followed (`import`) when its receiver's declared
 * type is a repository type: `this`/`super`/bare calls in the class, its supertypes and enclosing
 * classes, locals, parameters and fields with a declared type (`var` takes its initialiser's type),
 * `Type.staticMethod()`, static imports, chained calls through declared return types. Overloads are
 * told apart by argument count. `new X()` is an edge to the class X; `this(...)`/`super(...)` to
 * the class or superclass. A receiver typed outside the repository (JDK, libraries) gives no edge;
 * an unknown one (untyped lambda parameters, generic type variables) falls back to the method name.
 */
export class JavaExtractor extends TreeSitterExtractor<JavaFile> {
  constructor() {
    super(JAVA);
  }
}
