import type { DeferredImportKind, SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { CallSite } from '../../tree-sitter/tree-sitter-extraction';
import type { Node } from 'web-tree-sitter';

/** What the Python walk reads off each file and the resolver follows across files: modules, classes, functions, call sites. */

/**
 * What counts in a Python body (docs/analysis.md), cyclomatic as radon counts it: 1 + `if`, `elif`,
 * `for`, `while`, a loop's or `try`'s `else`, `except`, `assert`, `case` (not an irrefutable one:
 * `case _`, `case name`), a conditional expression, each `and`/`or` expression, and a
 * comprehension's `for` and `if` clauses (a `case` guard is not one); cognitive +1 + nesting for
 * `if`, loops, `except`, `match` and conditional expressions, +1 for `elif`, `else` and a
 * comprehension's clauses, +1 per run of `and` or `or`.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_definition', 'lambda', 'class_definition']),
  decisions: new Set([
    'if_statement',
    'elif_clause',
    'else_clause',
    'for_statement',
    'while_statement',
    'except_clause',
    'assert_statement',
    'conditional_expression',
    'for_in_clause',
    'if_clause',
    'boolean_operator',
    'case_clause',
  ]),
  decides: (node) => {
    const parent = node.parent?.type;
    if (node.type === 'else_clause') return parent === 'for_statement' || parent === 'while_statement' || parent === 'try_statement';
    if (node.type === 'if_clause') return parent !== 'case_clause';
    if (node.type === 'case_clause') return !isIrrefutable(node);
    return true;
  },
  nesting: new Set(['if_statement', 'for_statement', 'while_statement', 'except_clause', 'conditional_expression', 'match_statement']),
  flat: new Set(['elif_clause', 'else_clause', 'for_in_clause', 'if_clause']),
  logicalOperator: (node) => (node.type === 'boolean_operator' ? (node.childForFieldName('operator')?.type ?? null) : null),
  blocks: new Set(['block']),
  identifiers: new Set(['identifier']),
  literals: new Set(['string', 'concatenated_string', 'integer', 'float']),
  comments: new Set(['comment']),
};

/** `case _:` or `case name:`: the match's default, which is no decision (as `default` is not in a switch). */
function isIrrefutable(clause: Node): boolean {
  const patterns = clause.namedChildren.filter((child) => child?.type === 'case_pattern');
  if (patterns.length !== 1) return false;
  const inner = patterns[0]!.namedChildren;
  if (inner.length === 0) return true;
  const only = inner.length === 1 ? inner[0] : null;
  return only?.type === 'dotted_name' && only.namedChildCount === 1;
}

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'for_statement',
  'class_definition',
  'function_definition',
  'lambda',
  'call',
  'import_statement',
  'import_from_statement',
  'assignment',
  'for_in_clause',
  // `self.x`: field access (FieldAccess).
  'attribute',
];

/** Names a bare call may mean without any import: never matched to repository functions by name. */
export const BUILTINS = new Set(
  (
    'abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex ' +
    'delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id ' +
    'input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print ' +
    'property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip ' +
    '__import__ NotImplemented Ellipsis None True False ' +
    'BaseException BaseExceptionGroup Exception ExceptionGroup ArithmeticError AssertionError AttributeError ' +
    'BlockingIOError BrokenPipeError BufferError ChildProcessError ConnectionError ConnectionAbortedError ' +
    'ConnectionRefusedError ConnectionResetError EOFError EnvironmentError FileExistsError FileNotFoundError ' +
    'FloatingPointError GeneratorExit IOError ImportError IndentationError IndexError InterruptedError ' +
    'IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError ' +
    'NotADirectoryError NotImplementedError OSError OverflowError PermissionError ProcessLookupError RecursionError ' +
    'ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError SystemExit TabError ' +
    'TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError ValueError ' +
    'ZeroDivisionError Warning DeprecationWarning UserWarning RuntimeWarning'
  ).split(' '),
);

/** Annotations naming a collection, whose element type a `for` loop variable takes. */
export const COLLECTION_ELEMENT =
  /^(?:typing\.|collections\.abc\.)?(?:list|List|set|Set|frozenset|FrozenSet|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|MutableSet|deque|Deque|Generator|tuple|Tuple)\[\s*([A-Za-z_][\w.]*)/;

export type PyExpr = { kind: 'path'; parts: string[] } | { kind: 'call'; callee: PyExpr } | { kind: 'super' } | { kind: 'other' };

/** Where a variable's type comes from: its annotation, the value assigned, or the collection looped over. */
export type TypeSource = { kind: 'annotation'; text: string } | { kind: 'value'; expr: PyExpr } | { kind: 'element'; of: PyExpr };

/**
 * What an imported name stands for: a module (`import a.b`, a submodule in `from a import b`) or a
 * name in a module. `module` is the dotted name an absolute import gives (null for a relative one).
 */
export type Binding =
  | { kind: 'module'; path: string | null; internal: boolean; module: string | null }
  | { kind: 'symbol'; path: string | null; name: string; internal: boolean; module: string | null };

export interface PyModule {
  path: string;
  topLevel: Map<string, SymbolRow>;
  byQualifiedName: Map<string, SymbolRow>;
  bindings: Map<string, Binding>;
  globals: Map<string, TypeSource>;
  starImports: string[];
  sites: PyCallSite[];
  /** The module's classes and functions (methods, nested functions and tests too), in document order. */
  classes: PyClass[];
  functions: PyFunction[];
  /** The files it imports, the names imported from each (`*` for a whole module) and how the import is deferred (null: runtime). */
  imports: { toPath: string; names: string[]; kind: DeferredImportKind | null }[];
  /** Modules outside the repository it imports (dotted names) and the names imported from each. */
  externalImports: { module: string; names: string[] }[];
}

export interface PyClass {
  symbol: SymbolRow;
  module: PyModule;
  members: Map<string, SymbolRow>;
  bases: PyExpr[];
  attributes: Map<string, { source: TypeSource; fn: PyFunction | null }>;
  resolvedBases?: PyClass[];
}

export interface PyFunction {
  symbol: SymbolRow;
  module: PyModule;
  /** The class of a method (for `self`), also seen by functions nested in the method. */
  cls: PyClass | null;
  selfName: string | null;
  locals: Map<string, TypeSource>;
  returns: string | null;
  enclosing: PyFunction | null;
  /** Where its name is (0-based line, UTF-16 column), for pyright's call hierarchy; null for a lambda. */
  name: { line: number; character: number } | null;
}

export interface PyCallSite extends CallSite {
  /** null: the module's own code, which runs when it is imported (its top level, class bodies, decorators). */
  caller: PyFunction | null;
  module: PyModule;
  line: number;
  /** Where the callee's name is (`f` in `f()`, `total` in `a.b.total()`): 0-based line and UTF-16 column, as pyright places it. */
  at: { line: number; character: number };
  name: string;
  receiver: PyExpr | null;
}

/** `self` as seen from a method or from a function nested in it. */
export function selfNameOf(fn: PyFunction): string | null {
  for (let f: PyFunction | null = fn; f; f = f.enclosing) if (f.selfName) return f.selfName;
  return null;
}
