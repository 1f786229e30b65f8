import type { ExtractionInput } from '../../extractor';
import { languageServerHooks } from '../../language-servers/exact-pass-hooks';
import { findGopls } from '../../language-servers/gopls';
import { PINNED_SERVERS } from '../../language-servers/installed-servers';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type ExtractionRun, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { GoFileWalk } from './go-file-walk';
import { VISITED, type GoFile, type GoPackage } from './go-model';
import { GoResolver } from './go-resolver';

const GO: TreeSitterLanguage<GoFile> = {
  grammar: 'go',
  visitedNodeTypes: VISITED,
  start(input: ExtractionInput): ExtractionRun<GoFile> {
    // A package is a directory's files with the same package clause: each walk adds its file to one.
    const packages = new Map<string, GoPackage>();
    return {
      ...languageServerHooks<GoFile>(input, { name: 'gopls', version: PINNED_SERVERS.gopls.version, languages: ['go'] }, (settings) =>
        findGopls(input.rootPath, settings),
      ),
      walkFile: (source, symbols) => new GoFileWalk(source, symbols, packages),
      resolver: (files, _symbols, external) =>
        new GoResolver(input.rootPath, [...packages.values()], files, external, (path) => fileUidOf(input, path)),
    };
  },
};

/**
 * Go with tree-sitter. Symbols: functions, methods (`Receiver.Method`, receiver without `*`),
 * named types (struct → class, interface → interface, others → type), struct fields (property),
 * interface methods (method), tests (`func TestXxx(t *testing.T)` in *_test.go).
 *
 * Packages are directories (`foo` and its external test package `foo_test` apart); their import
 * paths come from the nearest go.mod (`module` path + directory), or from a `vendor/` directory.
 * Calls are followed (`import`) for functions of the same package, `pkg.F()` of this module's
 * packages, and methods on values whose type the code spells out: receivers, parameters, `var x T`,
 * `x := T{}` / `&T{}` / `new(T)`, results of resolved functions (`x, err := NewT()`), struct fields,
 * range variables over slices and maps, methods promoted through embedded types, interface methods.
 * Values typed outside the module give no edge; values of unknown type (fields of anonymous structs,
 * package variables) fall back to method names (`name`/`ambiguous`). A bare name that is not a
 * function of the package is a local or a builtin: no edge.
 *
 * IMPLEMENTS is by method names: a named type implements a repository interface when its methods
 * (declared on T or *T, not promoted) include every method name of the interface; an interface
 * embedding another one EXTENDS it.
 */
export class GoExtractor extends TreeSitterExtractor<GoFile> {
  constructor() {
    super(GO);
  }
}
