import type { ExtractionInput } from '../../extractor';
import { fileUidOf } from '../../tree-sitter/edges';
import { TreeSitterExtractor, type ExtractionRun, type TreeSitterLanguage } from '../../tree-sitter/tree-sitter-extraction';
import { PythonFileWalk } from './python-file-walk';
import { VISITED, type PyModule } from './python-model';
import { ModuleIndex } from './python-modules';
import { PythonResolver } from './python-resolver';
import { resolveWithPyright } from './pyright-pass';

const PYTHON: TreeSitterLanguage<PyModule> = {
  grammar: 'python',
  visitedNodeTypes: VISITED,
  start(input: ExtractionInput): ExtractionRun<PyModule> {
    // Imports are resolved while walking: every file's module name is known before the first walk.
    const index = new ModuleIndex(input.files.filter((file) => file.text !== null).map((file) => file.path));
    return {
      walkFile: (source, symbols) => new PythonFileWalk(source, symbols, index),
      resolver: (modules, symbols, external) => new PythonResolver(modules, symbols, external, (path) => fileUidOf(input, path)),
      exactPass: ({ files, symbols, firstPass, inheritance }) =>
        resolveWithPyright({ input, modules: files, symbols, firstPass, inheritance }),
    };
  },
};

/**
 * Python with tree-sitter. Symbols: classes, functions, methods, nested functions (`outer.inner`),
 * module-level UPPER_CASE constants (variable) and pytest tests (`test*` functions in test_*.py /
 * *_test.py, `test*` methods of `Test*` classes).
 *
 * Calls are followed through what the file knows: nested and module-level definitions, `import` /
 * `from … import` bindings (relative ones too, re-exports through `__init__.py` followed), and the
 * type of a receiver when it can be read off the code: `self` / `cls`, parameter and variable
 * annotations, `x = Class(...)`, `x = f(...)` with `def f(...) -> Class`, `self.attr` assigned in
 * any method, `for x in xs` over an annotated `list[Class]`, base classes for inherited methods.
 * Those edges are `import`. A receiver whose type is known to be outside the repository (a builtin,
 * an imported library) gives no edge; anything else falls back to the name (`name`/`ambiguous`):
 * bare calls against module-level functions and classes, member calls against methods. Builtins are
 * never matched by name. Calling a class (`Invoice(...)`) is an edge to the class.
 *
 * A second pass (pyright-pass.ts), after the repository is queryable, resolves every call site again
 * with pyright: `exact` edges where pyright finds the callee in the repository, none where it finds
 * it outside, the first pass's guesses (as `ambiguous` at best) where it finds no declaration.
 */
export class PythonExtractor extends TreeSitterExtractor<PyModule> {
  constructor() {
    super(PYTHON);
  }
}
