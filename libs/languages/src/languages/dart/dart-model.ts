import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Dart walk reads off each file and the resolver follows across files: package, imports, types, functions, call sites. */

/**
 * What counts in a Dart body (docs/analysis.md): cyclomatic 1 + `if` (an `else if` is an `if`),
 * `for`, `while`, `do`, each `case` of a `switch` (not `default`), `catch`/`on` clauses, `?:`,
 * `&&`, `||` and `??`; cognitive +1 + nesting for `if`, loops, `switch` and `catch`, +1 per run of
 * `&&` or `||`. Closures and local functions are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_expression', 'local_function_declaration']),
  decisions: new Set([
    'if_statement',
    'for_statement',
    'while_statement',
    'do_statement',
    'switch_statement_case',
    'switch_expression_case',
    'catch_clause',
    'conditional_expression',
    'logical_and_operator',
    'logical_or_operator',
    'if_null_expression',
  ]),
  nesting: new Set(['if_statement', 'for_statement', 'while_statement', 'do_statement', 'switch_statement', 'catch_clause']),
  flat: new Set(),
  logicalOperator: (node) => (node.type === 'logical_and_expression' ? '&&' : node.type === 'logical_or_expression' ? '||' : null),
  blocks: new Set(['block', 'class_body']),
  identifiers: new Set(['identifier', 'type_identifier']),
  literals: new Set([
    'string_literal',
    'decimal_integer_literal',
    'hex_integer_literal',
    'decimal_floating_point_literal',
    'true',
    'false',
    'null_literal',
    'symbol_literal',
  ]),
  comments: new Set(['comment', 'documentation_comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'library_import',
  'library_export',
  'part_directive',
  'part_of_directive',
  'class_definition',
  'mixin_declaration',
  'extension_declaration',
  'extension_type_declaration',
  'enum_declaration',
  'type_alias',
  'enum_constant',
  'declaration',
  'static_final_declaration_list',
  'initialized_identifier_list',
  'function_body',
  'function_expression',
  'selector',
  'cascade_section',
  'new_expression',
  'const_object_expression',
  'initialized_variable_definition',
];

/** package:test's and flutter_test's test cases and groups: `test('adds', () {})`, `group('Cart', () {})`. */
export const TEST_FUNCTIONS = new Set(['test', 'testWidgets']);
export const TEST_GROUPS = new Set(['group']);

/** Where a name in a file is looked up: its library (the file and its parts), its imports, the type it is written in. */
export interface DtContext {
  file: DtFile;
  type: DtType | null;
}

export type DtType = TypedType<DtContext> & {
  /** `extension CartTotals on Cart`: the type extended, as written; its members are joined to the type by the resolver. */
  extends: string | null;
};

export type DtFunction = TypedCallable<DtContext>;

/** A directive: `import`/`export` (with the URI as written) or `part`/`part of`. */
export interface DtDirective {
  kind: 'import' | 'export' | 'part' | 'part of';
  uri: string;
}

export interface DtFile {
  path: string;
  directives: DtDirective[];
  types: DtType[];
  methods: DtFunction[];
  /** Top-level functions. */
  functions: DtFunction[];
  sites: TypedSite<DtContext>[];
}
