import type { SymbolKind } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the C# walk reads off each file and the resolver follows across files: namespaces, usings, types, members, call sites. */

/**
 * What counts in a C# body (docs/analysis.md): cyclomatic 1 + `if`, `for`, `foreach`, `while`,
 * `do`, `catch`, `?:`, each `case` label and switch expression arm (not `default` or `_`), each
 * `&&`, `||` and `??`; cognitive +1 + nesting for `if`, loops, `catch`, `?:`, `switch` statements
 * and expressions, +1 for `else if` and `else`, +1 per run of `&&` or `||`.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set([
    'method_declaration',
    'constructor_declaration',
    'destructor_declaration',
    'operator_declaration',
    'conversion_operator_declaration',
    'local_function_statement',
    'lambda_expression',
    'anonymous_method_expression',
  ]),
  decisions: new Set([
    'if_statement',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'case',
    'switch_expression_arm',
    '&&',
    '||',
    '??',
  ]),
  decides: (node) => node.type !== 'switch_expression_arm' || node.firstNamedChild?.type !== 'discard',
  nesting: new Set([
    'if_statement',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'switch_statement',
    'switch_expression',
  ]),
  flat: new Set(),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['block', 'switch_section']),
  identifiers: new Set(['identifier']),
  literals: new Set([
    'integer_literal',
    'real_literal',
    'string_literal',
    'verbatim_string_literal',
    'raw_string_literal',
    'character_literal',
    'boolean_literal',
    'null_literal',
    'interpolated_string_expression',
  ]),
  comments: new Set(['comment']),
};

export const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  struct_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
};

export const MEMBER_DECLARATIONS = [
  'method_declaration',
  'constructor_declaration',
  'destructor_declaration',
  'operator_declaration',
  'conversion_operator_declaration',
] as const;

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'namespace_declaration',
  'file_scoped_namespace_declaration',
  'using_directive',
  ...Object.keys(TYPE_DECLARATIONS),
  'delegate_declaration',
  ...MEMBER_DECLARATIONS,
  'property_declaration',
  'indexer_declaration',
  'field_declaration',
  'event_field_declaration',
  'event_declaration',
  'enum_member_declaration',
  'local_function_statement',
  'lambda_expression',
  'anonymous_method_expression',
  'invocation_expression',
  'object_creation_expression',
  'local_declaration_statement',
  'foreach_statement',
  'catch_declaration',
  'declaration_pattern',
  // `this.x`: field access (FieldAccess).
  'member_access_expression',
];

/** Test attributes of xUnit (Fact, Theory), NUnit (Test, TestCase, TestCaseSource) and MSTest (TestMethod, DataTestMethod). */
export const TEST_ATTRIBUTES = new Set(['Fact', 'Theory', 'Test', 'TestCase', 'TestCaseSource', 'TestMethod', 'DataTestMethod']);

/** C#'s predefined types (`int`, `string`...) are `predefined_type` nodes; these aliases name .NET types outside the repository. */
export const PREDEFINED = new Set(
  'bool byte sbyte char decimal double float int uint nint nuint long ulong short ushort object string dynamic void var'.split(' '),
);

/** Where a name in a file is looked up: its file's usings, its namespace, the type it is written in. */
export interface CsContext {
  file: CsFile;
  namespace: string;
  type: CsType | null;
}

export type CsType = TypedType<CsContext> & {
  /** `Namespace.Outer.Name`. */
  fullName: string;
  outer: CsType | null;
  nested: Map<string, CsType>;
  typeParams: Set<string>;
};

export type CsMethod = TypedCallable<CsContext>;

export interface CsFile {
  path: string;
  /** `using A.B;` namespaces, `global using` ones included. */
  usings: string[];
  /** `using static A.B.C;`: types whose static members are in scope. */
  staticUsings: string[];
  /** `using X = A.B.C;`. */
  aliases: Map<string, string>;
  types: CsType[];
  methods: CsMethod[];
  sites: CsCallSite[];
}

export type CsCallSite = TypedSite<CsContext>;
