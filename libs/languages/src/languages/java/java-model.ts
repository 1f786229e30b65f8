import type { SymbolKind, SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { CallSite } from '../../tree-sitter/tree-sitter-extraction';

/** What the Java walk reads off each file and the resolver follows across files: types, methods, imports, call sites. */

/**
 * What counts in a Java body (docs/analysis.md): cyclomatic 1 + `if`, `for`, enhanced `for`,
 * `while`, `do`, `catch`, `?:`, each `case` label (not `default`), each `&&` and `||`; cognitive
 * +1 + nesting for `if`, loops, `catch`, `?:` and `switch`, +1 for `else if` and `else`, +1 per
 * run of `&&` or `||`, +1 for a labelled `break` or `continue`.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration', 'lambda_expression', 'class_body']),
  decisions: new Set([
    'if_statement',
    'for_statement',
    'enhanced_for_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'ternary_expression',
    'case',
    '&&',
    '||',
  ]),
  nesting: new Set([
    'if_statement',
    'for_statement',
    'enhanced_for_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'ternary_expression',
    'switch_expression',
    'switch_statement',
  ]),
  flat: new Set(),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['block', 'constructor_body', 'switch_block_statement_group']),
  identifiers: new Set(['identifier', 'type_identifier']),
  literals: new Set([
    'decimal_integer_literal',
    'hex_integer_literal',
    'octal_integer_literal',
    'binary_integer_literal',
    'decimal_floating_point_literal',
    'hex_floating_point_literal',
    'string_literal',
    'character_literal',
    'text_block',
  ]),
  comments: new Set(['line_comment', 'block_comment']),
};

export const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'enhanced_for_statement',
  ...Object.keys(TYPE_DECLARATIONS),
  'package_declaration',
  'import_declaration',
  'method_declaration',
  'constructor_declaration',
  'compact_constructor_declaration',
  'annotation_type_element_declaration',
  'field_declaration',
  'constant_declaration',
  'enum_constant',
  'local_variable_declaration',
  'resource',
  'catch_formal_parameter',
  'instanceof_expression',
  'lambda_expression',
  'class_body',
  'method_invocation',
  'object_creation_expression',
  'explicit_constructor_invocation',
  'method_reference',
  // `this.x` and bare names of fields: field access (FieldAccess).
  'field_access',
  'identifier',
];

/** JUnit's annotations of a test method. */
export const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
export const PRIMITIVES = new Set(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double', 'void']);

/** An expression as far as call resolution cares. */
export type JExpr =
  | { kind: 'name'; name: string }
  | { kind: 'field'; object: JExpr; name: string }
  | { kind: 'this' }
  | { kind: 'super' }
  | { kind: 'call'; object: JExpr | null; name: string; args: number }
  | { kind: 'new'; type: string }
  | { kind: 'other' };

/** What a local variable's type comes from: its declared type, its initialiser (`var`), or nothing known. */
export type LocalType = { kind: 'type'; text: string } | { kind: 'expr'; expr: JExpr } | { kind: 'unknown' };

export interface JavaFile {
  path: string;
  pkg: string;
  /** Single-type imports: simple name → qualified name. */
  imports: Map<string, string>;
  /** Static single imports: member name → qualified class name. */
  staticImports: Map<string, string>;
  wildcardImports: string[];
  staticWildcardImports: string[];
  topTypes: Map<string, JavaType>;
  /** Every type declared in the file, nested and local ones included. */
  types: JavaType[];
  /** Every method and constructor declared in the file, in document order. */
  methods: JavaMethod[];
  sites: JavaCallSite[];
}

export interface JavaType {
  symbol: SymbolRow;
  file: JavaFile;
  /** Qualified name (package.Outer.Inner); null for local classes. */
  fqn: string | null;
  outer: JavaType | null;
  isInterface: boolean;
  nested: Map<string, JavaType>;
  methods: Map<string, JavaMethod[]>;
  fields: Map<string, string>;
  superclass: string | null;
  interfaces: string[];
  typeParams: Set<string>;
  recordComponents: number;
  supers?: { type: JavaType; kind: 'EXTENDS' | 'IMPLEMENTS' }[];
}

export interface JavaMethod {
  symbol: SymbolRow;
  type: JavaType;
  params: number;
  varargs: boolean;
  returns: string | null;
  typeParams: Set<string>;
  locals: Map<string, LocalType>;
}

export interface JavaCallSite extends CallSite {
  caller: JavaMethod;
  line: number;
  kind: 'call' | 'new' | 'this' | 'super' | 'reference';
  name: string;
  object: JExpr | null;
  /** Argument count; -1 for a method reference (any arity). */
  args: number;
}
