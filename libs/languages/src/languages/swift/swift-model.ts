import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Swift walk reads off each file and the resolver follows across files: module, imports, types, extensions, functions, call sites. */

/**
 * What counts in a Swift body (docs/analysis.md): cyclomatic 1 + `if`, `guard`, `for`, `while`,
 * `repeat`, `catch`, each `case` of a `switch` (not `default`), `?:`, `&&`, `||` and `??`; cognitive
 * +1 + nesting for `if`, `guard`, loops, `catch` and `switch`, +1 per `&&` or `||` (the grammar has
 * no field for an `if`'s alternative: an `else if` counts as an `if` nested in it). Closures, local
 * functions and property accessors are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set([
    'function_declaration',
    'init_declaration',
    'deinit_declaration',
    'subscript_declaration',
    'lambda_literal',
    'computed_property',
    'computed_getter',
    'computed_setter',
    'computed_modify',
    'willset_clause',
    'didset_clause',
  ]),
  decisions: new Set([
    'if_statement',
    'guard_statement',
    'for_statement',
    'while_statement',
    'repeat_while_statement',
    'catch_block',
    'switch_entry',
    'ternary_expression',
    '&&',
    '||',
    '??',
  ]),
  // A `default:` entry has no pattern: it is the path taken when no case matches.
  decides: (node) => node.type !== 'switch_entry' || !node.namedChildren.some((child) => child.type === 'default_keyword'),
  nesting: new Set([
    'if_statement',
    'guard_statement',
    'for_statement',
    'while_statement',
    'repeat_while_statement',
    'catch_block',
    'switch_statement',
  ]),
  flat: new Set(),
  logicalOperator: (node) => (node.type === 'conjunction_expression' ? '&&' : node.type === 'disjunction_expression' ? '||' : null),
  blocks: new Set(['statements', 'class_body']),
  identifiers: new Set(['simple_identifier']),
  literals: new Set([
    'line_string_literal',
    'multi_line_string_literal',
    'raw_string_literal',
    'regex_literal',
    'integer_literal',
    'real_literal',
    'hex_literal',
    'oct_literal',
    'bin_literal',
    'boolean_literal',
  ]),
  comments: new Set(['comment', 'multiline_comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'import_declaration',
  'class_declaration',
  'protocol_declaration',
  'typealias_declaration',
  'function_declaration',
  'protocol_function_declaration',
  'init_declaration',
  'deinit_declaration',
  'subscript_declaration',
  'property_declaration',
  'protocol_property_declaration',
  'enum_entry',
  'computed_property',
  'computed_getter',
  'computed_setter',
  'computed_modify',
  'willset_clause',
  'didset_clause',
  'lambda_literal',
  'call_expression',
];

/** Swift Testing's test attribute (`@Test`, `@Test("title")`). */
export const TEST_ATTRIBUTE = 'Test';
/** An XCTest case class: its supertype (`XCTestCase`, or a project's own base `...TestCase` / `...Tests`). */
export const XCTEST_CLASS = /(?:TestCase|Tests?)$/;
/** An XCTest test method: `func test...()`, no parameters. */
export const XCTEST_METHOD = /^test/;

/** Where a name in a file is looked up: its module, its imports, the type (or extension) it is written in. */
export interface SwContext {
  file: SwFile;
  type: SwType | null;
}

export type SwType = TypedType<SwContext> & {
  outer: SwType | null;
  nested: Map<string, SwType>;
  /** `extension Cart { }`: the type extended, as written; its members are the type's, joined by the resolver. */
  extends: string | null;
};

export type SwFunction = TypedCallable<SwContext>;

export interface SwFile {
  path: string;
  /** The SwiftPM target the file belongs to (`Sources/<Target>/`, `Tests/<Target>/`), '' outside one. */
  module: string;
  /** `import Shop`, `@testable import Shop`, `import struct Shop.Item`: the modules named. */
  imports: string[];
  types: SwType[];
  methods: SwFunction[];
  /** Top-level functions. */
  functions: SwFunction[];
  sites: TypedSite<SwContext>[];
}
