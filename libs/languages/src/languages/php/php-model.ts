import type { SymbolKind } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the PHP walk reads off each file and the resolver follows across files: namespaces, uses, types, functions, call sites. */

/**
 * What counts in a PHP body (docs/analysis.md): cyclomatic 1 + `if`, `elseif`, `for`, `foreach`,
 * `while`, `do`, `catch`, `?:`, each `case` and `match` arm (not `default`), each `&&`, `||`,
 * `and`, `or`, `xor` and `??`; cognitive +1 + nesting for `if`, loops, `catch`, `?:`, `switch` and
 * `match`, +1 for `elseif` and `else`, +1 per run of a logical operator. Closures and arrow
 * functions are bodies of their own.
 */
const LOGICAL_OPERATORS = new Set(['&&', '||', 'and', 'or', 'xor']);

export const BODY_RULES: BodyRules = {
  bodies: new Set(['method_declaration', 'function_definition', 'anonymous_function', 'arrow_function']),
  decisions: new Set([
    'if_statement',
    'else_if_clause',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'case_statement',
    'match_conditional_expression',
    '&&',
    '||',
    'and',
    'or',
    'xor',
    '??',
  ]),
  // The keywords `and`, `or`, `xor` are tokens; a named node of those names does not exist.
  decides: (node) => node.isNamed || LOGICAL_OPERATORS.has(node.type) || node.type === '??',
  nesting: new Set([
    'if_statement',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'conditional_expression',
    'switch_statement',
    'match_expression',
  ]),
  flat: new Set(['else_if_clause', 'else_clause']),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator !== undefined && LOGICAL_OPERATORS.has(operator) ? operator : null;
  },
  blocks: new Set(['compound_statement', 'switch_block', 'case_statement', 'default_statement']),
  identifiers: new Set(['name', 'variable_name']),
  literals: new Set(['string', 'encapsed_string', 'heredoc', 'nowdoc', 'integer', 'float', 'boolean', 'null']),
  comments: new Set(['comment']),
};

export const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  // A trait is mixed into classes (`use T;`): stored as an interface, as Rust's traits are, and joined by IMPLEMENTS.
  trait_declaration: 'interface',
  enum_declaration: 'enum',
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'namespace_definition',
  'namespace_use_declaration',
  ...Object.keys(TYPE_DECLARATIONS),
  'use_declaration',
  'method_declaration',
  'function_definition',
  'anonymous_function',
  'arrow_function',
  'property_declaration',
  'const_declaration',
  'enum_case',
  'function_call_expression',
  'member_call_expression',
  'nullsafe_member_call_expression',
  'scoped_call_expression',
  'object_creation_expression',
  'assignment_expression',
  // `$this->x`: field access (FieldUses).
  'member_access_expression',
  'require_expression',
  'require_once_expression',
  'include_expression',
  'include_once_expression',
];

/** PHP's own types: never a class of the repository. */
export const BUILTIN_TYPES = new Set(
  'array bool boolean callable false float double int integer iterable mixed never null object resource string true void'.split(' '),
);

/** The names `use` brought into a namespace: classes (and namespaces), functions and constants, by alias, lower case. */
export interface PhpUses {
  classes: Map<string, string>;
  functions: Map<string, string>;
}

/** Where a name is looked up: the file, its namespace and the uses in force, the class it is written in. */
export interface PhpContext {
  file: PhpFile;
  namespace: string;
  uses: PhpUses;
  type: PhpType | null;
}

export type PhpType = TypedType<PhpContext> & {
  /** `Acme\Shop\Cart`, without a leading backslash. */
  fullName: string;
};

export type PhpMethod = TypedCallable<PhpContext>;

export interface PhpFile {
  path: string;
  /** Every `use` of a class or namespace, by full name, for the file's imports. */
  usedNames: string[];
  /** `require`/`include` targets resolved against the file (`__DIR__ . '/x.php'`, `'x.php'`), repository-relative. */
  included: string[];
  types: PhpType[];
  methods: PhpMethod[];
  /** Functions declared at the namespace level, by full name. */
  functions: Map<string, PhpMethod>;
  sites: TypedSite<PhpContext>[];
}
