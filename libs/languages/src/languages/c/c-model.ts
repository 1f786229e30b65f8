import type { SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { CallSite } from '../../tree-sitter/tree-sitter-extraction';

/** What the C and C++ walk reads off each file and the resolver follows across files: includes, scopes, functions, call sites. */

/**
 * What counts in a C or C++ body (docs/analysis.md): cyclomatic 1 + `if`, `for`, range `for`,
 * `while`, `do`, `catch`, `?:`, each `case` label (not `default`), each `&&` and `||`; cognitive
 * +1 + nesting for `if`, loops, `catch`, `?:` and `switch`, +1 for `else if` and `else`, +1 per
 * run of `&&` or `||`. A lambda is a body of its own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_definition', 'lambda_expression']),
  decisions: new Set([
    'if_statement',
    'for_statement',
    'for_range_loop',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'case_statement',
    '&&',
    '||',
  ]),
  // `default:` is a case_statement without a value: it does not decide.
  decides: (node) => node.type !== 'case_statement' || node.childForFieldName('value') !== null,
  nesting: new Set([
    'if_statement',
    'for_statement',
    'for_range_loop',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'switch_statement',
  ]),
  flat: new Set(),
  elseClause: 'else_clause',
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['compound_statement', 'case_statement']),
  identifiers: new Set(['identifier', 'field_identifier', 'type_identifier', 'namespace_identifier']),
  literals: new Set(['number_literal', 'string_literal', 'char_literal', 'raw_string_literal', 'concatenated_string', 'system_lib_string']),
  comments: new Set(['comment']),
};

/** Type specifiers that declare a type when they have a body. */
export const TYPE_SPECIFIERS = ['class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier'] as const;

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'preproc_include',
  'namespace_definition',
  ...TYPE_SPECIFIERS,
  'type_definition',
  'alias_declaration',
  'function_definition',
  'field_declaration',
  'declaration',
  'parameter_declaration',
  'optional_parameter_declaration',
  'for_range_loop',
  'lambda_expression',
  'compound_statement',
  'call_expression',
  'new_expression',
];

/** GoogleTest's test macros, `TEST(Suite, Name) { ... }` (they parse as a function definition). */
export const GTEST_MACROS = new Set(['TEST', 'TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P']);
/** Catch2's test macros, `TEST_CASE("name", "[tags]") { ... }` (a call statement, then a block). */
export const CATCH2_MACROS = new Set(['TEST_CASE', 'SCENARIO', 'TEST_CASE_METHOD', 'TEMPLATE_TEST_CASE']);
/** Unity's fixture tests, `TEST(Group, Name) { ... }` and `IGNORE_TEST(Group, Name)`, read by the C grammar as a call, then a block. */
export const UNITY_TEST_MACROS = new Set(['TEST', 'IGNORE_TEST']);

/** A callee as written: `f`, `obj.f` / `obj->f`, `A::f` / `ns::f`, `new T`. */
export type CCallee =
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: string | null; name: string }
  | { kind: 'qualified'; path: string[] }
  | { kind: 'new'; type: string[] };

export interface CInclude {
  /** As written between the quotes or the angle brackets. */
  path: string;
  quoted: boolean;
  line: number;
}

export interface CFile {
  path: string;
  /** The directory of the file, '' at the root. */
  dir: string;
  includes: CInclude[];
  /** Names of the functions declared (prototypes) or defined at file or namespace level. */
  declaredFunctions: Set<string>;
  functions: CFunction[];
  /** Free functions declared without a body (`double total(const Shape&);`): no symbol, but a place and a doc for the definition. */
  prototypes: CPrototype[];
  types: CType[];
  sites: CCallSite[];
}

export interface CType {
  symbol: SymbolRow;
  /** Scope path with the type's own name: ['geo', 'Shape']. */
  path: string[];
  bases: string[][];
  /** Field name to its type's name path. */
  fields: Map<string, string[]>;
}

export interface CFunction {
  symbol: SymbolRow;
  file: CFile;
  /** Scope path with the function's own name (an out-of-line `A::f` in `ns` is ['ns', 'A', 'f']). */
  path: string[];
  /** The class path a method belongs to (from its scope or its qualifier), null for a free function. */
  owner: string[] | null;
  /** Whether the owner was only named by the definition's qualifier (`A::f`): the resolver settles whether A is a class. */
  ownerFromQualifier: boolean;
  /** Local variable and parameter name to its type's name path; lambdas bound to a name. */
  locals: Map<string, string[]>;
  lambdas: Map<string, CFunction>;
  /** The function a lambda is written in. */
  enclosing: CFunction | null;
  hasBody: boolean;
  /** What tells its overloads apart (parameterTypesOf): a declaration and its definition have the same. */
  parameterTypes: string;
}

export interface CPrototype {
  file: CFile;
  /** Scope path with the function's name, as CFunction.path. */
  path: string[];
  parameterTypes: string;
  line: number;
  doc: string | null;
}

export interface CCallSite extends CallSite {
  caller: CFunction;
  line: number;
  callee: CCallee;
}
