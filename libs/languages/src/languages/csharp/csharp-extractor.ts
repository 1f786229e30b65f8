import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { CSharpFileWalk } from './csharp-file-walk';
import { VISITED, type CsFile } from './csharp-model';
import { CSharpResolver } from './csharp-resolver';

const CSHARP: TreeSitterLanguage<CsFile> = {
  grammar: 'csharp',
  visitedNodeTypes: VISITED,
  start: (input) => ({
    walkFile: (source, symbols) => new CSharpFileWalk(source, symbols),
    resolver: (files, _symbols, external) => new CSharpResolver(files, external, (path) => fileUidOf(input, path)),
  }),
};

/**
 * C# with tree-sitter. Symbols: namespaces (module, by full name), classes, structs and records
 * (class), interfaces, enums, delegates (type), nested types (`Outer.Inner`), methods,
 * constructors (`Type.constructor`), finalizers (`Type.~Type`), operators (`Type.operator +`),
 * properties, indexers (`Type.this`), fields, events, enum members and record parameters
 * (property), local functions, lambdas and anonymous methods (nested functions: the local's name,
 * or `Callee(n)` for an argument), tests (methods with xUnit's [Fact]/[Theory], NUnit's
 * [Test]/[TestCase]/[TestCaseSource], MSTest's [TestMethod]/[DataTestMethod]). Docs are `///`
 * XML comments, tags removed. Qualified names are not namespace-prefixed.
 *
 * Names resolve as the compiler looks them up: nested and enclosing types, the namespace and its
 * parents, `using` namespaces, aliases and `using static`, full names; partial types are one type.
 * Projects share one namespace space, as assemblies referencing each other do. A call is followed
 * (`import`) to a method of the class, its bases and enclosing classes, a method of the receiver's
 * type (`this`, `base`, typed locals and parameters, `var` from its initialiser, fields and
 * properties, results of resolved methods, `await` through Task<T>), a static method of a type, a
 * local function or lambda; `new T()` to T's constructor of that arity, else T. Receivers typed
 * outside the repository give no edge; unknown ones fall back to the method's name.
 */
export class CSharpExtractor extends TreeSitterExtractor<CsFile> {
  constructor() {
    super(CSHARP);
  }
}
