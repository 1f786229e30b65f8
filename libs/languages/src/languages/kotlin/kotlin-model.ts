import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Kotlin walk reads off each file and the resolver follows across files: package, imports, types, functions, call sites. */

/**
 * What counts in a Kotlin body (docs/analysis.md): cyclomatic 1 + `if`, `for`, `while`, `do`,
 * `catch`, each `when` entry (not `else`), each `&&`, `||` and `?:`; cognitive +1 + nesting for
 * `if`, loops, `catch` and `when`, +1 for `else if` and `else`, +1 per run of `&&` or `||`.
 * Lambdas, anonymous functions and local functions are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set([
    'function_declaration',
    'secondary_constructor',
    'anonymous_initializer',
    'lambda_literal',
    'anonymous_function',
    'getter',
    'setter',
  ]),
  decisions: new Set([
    'if_expression',
    'for_statement',
    'while_statement',
    'do_while_statement',
    'catch_block',
    'when_entry',
    '&&',
    '||',
    '?:',
  ]),
  // A `when`'s `else ->` entry has no condition: it is the path taken when none decides.
  decides: (node) => node.type !== 'when_entry' || node.childForFieldName('condition') !== null,
  nesting: new Set(['if_expression', 'for_statement', 'while_statement', 'do_while_statement', 'catch_block', 'when_expression']),
  flat: new Set(),
  logicalOperator: (node) => {
    if (node.type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator === '&&' || operator === '||' ? operator : null;
  },
  blocks: new Set(['block', 'class_body', 'lambda_literal']),
  identifiers: new Set(['identifier']),
  literals: new Set([
    'string_literal',
    'number_literal',
    'character_literal',
    'boolean_literal',
    'null_literal',
    'multiline_string_literal',
  ]),
  comments: new Set(['line_comment', 'block_comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'package_header',
  'import',
  'class_declaration',
  'object_declaration',
  'companion_object',
  'type_alias',
  'function_declaration',
  'secondary_constructor',
  'anonymous_initializer',
  'class_parameter',
  'property_declaration',
  'enum_entry',
  'lambda_literal',
  'anonymous_function',
  'call_expression',
];

/** JUnit's (4, 5) and kotlin.test's test annotations. */
export const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
/** kotest: the calls whose trailing lambda is a test case (`test("...") { }`, `"..." { }` in a StringSpec), in a spec class. */
export const KOTEST_CASES = new Set(['test', 'should', 'it', 'expect', 'scenario', 'then', 'Then']);
/** kotest's containers: each lambda is a nested body named by its description. */
export const KOTEST_GROUPS = new Set(['context', 'describe', 'feature', 'given', 'Given', 'When', 'and', 'xcontext', 'xdescribe']);

/** Where a name in a file is looked up: its package, its imports, the type it is written in. */
export interface KtContext {
  file: KtFile;
  type: KtType | null;
}

export type KtType = TypedType<KtContext> & {
  /** `acme.shop.Cart.Line`. */
  fullName: string;
  outer: KtType | null;
  nested: Map<string, KtType>;
  /** A `companion object`: its members are also the class's (`Cart.empty()`). */
  companion: KtType | null;
};

export type KtFunction = TypedCallable<KtContext> & {
  /** An extension function's receiver type as written (`fun Cart.total()`), null for others. */
  receiver?: string | null;
};

export interface KtFile {
  path: string;
  package: string;
  /** `import a.b.C` and `import a.b.C as D`: the name in the file, with the full name. */
  imports: Map<string, string>;
  /** `import a.b.*`. */
  starImports: string[];
  types: KtType[];
  methods: KtFunction[];
  /** Top-level functions, by name (extension functions among them). */
  functions: KtFunction[];
  sites: TypedSite<KtContext>[];
}
