import type { SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { CallSite } from '../../tree-sitter/tree-sitter-extraction';

/** What the Go walk reads off each file and the resolver follows across files: packages, functions, types, call sites. */

/**
 * What counts in a Go body (docs/analysis.md): cyclomatic 1 + `if`, `for`, each `case` of a
 * switch, type switch or `select` (not `default`), each `&&` and `||`; cognitive +1 + nesting for
 * `if`, `for`, `switch`, type switch and `select`, +1 for `else if` and `else`, +1 per run of `&&`
 * or `||`, +1 for a labelled `break` or `continue`.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_declaration', 'method_declaration', 'func_literal']),
  decisions: new Set(['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case', '&&', '||']),
  nesting: new Set(['if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement']),
  flat: new Set(),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['block', 'statement_list']),
  identifiers: new Set(['identifier', 'field_identifier', 'type_identifier', 'package_identifier', 'label_name']),
  literals: new Set([
    'interpreted_string_literal',
    'raw_string_literal',
    'int_literal',
    'float_literal',
    'imaginary_literal',
    'rune_literal',
  ]),
  comments: new Set(['comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'package_clause',
  'import_declaration',
  'function_declaration',
  'method_declaration',
  'type_spec',
  'type_alias',
  'func_literal',
  'call_expression',
  'short_var_declaration',
  'var_spec',
  'range_clause',
  // `r.x` on a receiver: field access (FieldAccess).
  'selector_expression',
];

/** Go's predeclared functions and types: a name among them that the code does not declare is outside the repository. */
export const BUILTIN_FUNCTIONS = new Set(
  'append cap clear close complex copy delete imag len make max min new panic print println real recover'.split(' '),
);
export const BUILTIN_TYPES = new Set(
  (
    'any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string ' +
    'uint uint8 uint16 uint32 uint64 uintptr'
  ).split(' '),
);

/** An expression as far as call resolution cares. */
export type GoExpr =
  | { kind: 'ident'; name: string }
  | { kind: 'selector'; operand: GoExpr; field: string }
  | { kind: 'call'; fn: GoExpr }
  /** A value whose type is written in the code: T{...}, &T{...}, new(T), x.(T). */
  | { kind: 'typed'; type: string }
  | { kind: 'index'; operand: GoExpr }
  | { kind: 'other' };

/** What a local variable's type comes from: its declared type, a value (the `result`-th of a call), or a collection ranged over. */
/** A local's type as written, or what it is assigned; `callable`: a function literal assigned to it (`deny := func(...) {...}`). */
export type LocalType =
  | { kind: 'type'; text: string }
  | { kind: 'expr'; expr: GoExpr; result: number }
  | { kind: 'element'; of: GoExpr }
  | { kind: 'callable'; callable: GoFunc }
  | { kind: 'unknown' };

export interface GoFile {
  path: string;
  dir: string;
  pkg: GoPackage;
  importSpecs: { alias: string | null; path: string }[];
  /** Local name → import path (filled in phase two, when packages are known). */
  imports: Map<string, string>;
  dotImports: string[];
  sites: GoCallSite[];
}

export interface GoPackage {
  dir: string;
  name: string;
  importPath: string | null;
  files: GoFile[];
  funcs: Map<string, GoFunc>;
  types: Map<string, GoType>;
  /** Methods by receiver type name, then method name (on T or *T alike). */
  methods: Map<string, Map<string, GoFunc>>;
}

export interface GoCallable {
  symbol: SymbolRow;
  file: GoFile;
  /** Result types as written, in the declaring file. */
  results: string[];
}

export interface GoFunc extends GoCallable {
  receiverType: string | null;
  /** The receiver's name in a method and the literals inside it (`r` of `func (r *Repo) Save()`): `r.x` is a field. */
  receiverName: string | null;
  locals: Map<string, LocalType>;
}

export interface GoType {
  symbol: SymbolRow;
  pkg: GoPackage;
  file: GoFile;
  isInterface: boolean;
  /** The type a non-struct, non-interface named type is defined as (`type Quotes []Quote`). */
  underlying: string | null;
  fields: Map<string, string>;
  embedded: string[];
  interfaceMethods: Map<string, GoCallable>;
  embeddedInterfaces: string[];
}

export interface GoCallSite extends CallSite {
  /** null: a package-level declaration's initializer (`var x = f()`), which runs when the package is loaded. */
  caller: GoFunc | null;
  file: GoFile;
  line: number;
  fn: GoExpr;
}
