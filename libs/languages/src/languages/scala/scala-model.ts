import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Scala walk reads off each file and the resolver follows across files: packages, imports, types, objects, functions, call sites. */

/** Short-circuit operators: Scala writes them as method names (`a && b` is an infix call of `&&`). */
const LOGICAL = new Set(['&&', '||']);

/**
 * What counts in a Scala body (docs/analysis.md): cyclomatic 1 + `if`, `while`, `do`/`while`,
 * `for`, each `case` of a `match` or a `catch` (not `case _`), each `&&` and `||`; cognitive +1 +
 * nesting for `if`, loops, `match` and `catch`, +1 per run of `&&` or `||` (the grammar's `if` has
 * no `else` clause of its own: an `else if` counts as an `if` nested in it). Lambdas, nested
 * `def`s and test bodies are bodies of their own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_definition', 'lambda_expression']),
  decisions: new Set(['if_expression', 'while_expression', 'do_while_expression', 'for_expression', 'case_clause', 'operator_identifier']),
  // `case _ =>` is the path taken when no case matches; an operator decides only when it is `&&` or `||`.
  decides: (node) => {
    if (node.type === 'operator_identifier') return LOGICAL.has(node.text) && node.parent?.type === 'infix_expression';
    if (node.type === 'case_clause') return node.childForFieldName('pattern')?.type !== 'wildcard';
    return true;
  },
  nesting: new Set(['if_expression', 'while_expression', 'do_while_expression', 'for_expression', 'match_expression', 'catch_clause']),
  flat: new Set(),
  logicalOperator: (node) => {
    if (node.type !== 'infix_expression') return null;
    const operator = node.childForFieldName('operator')?.text;
    return operator !== undefined && LOGICAL.has(operator) ? operator : null;
  },
  blocks: new Set(['block', 'template_body', 'indented_block', 'indented_cases']),
  identifiers: new Set(['identifier', 'type_identifier']),
  literals: new Set([
    'string',
    'interpolated_string_expression',
    'integer_literal',
    'floating_point_literal',
    'boolean_literal',
    'character_literal',
    'symbol_literal',
    'null_literal',
  ]),
  comments: new Set(['comment', 'block_comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'package_clause',
  'package_object',
  'import_declaration',
  'class_definition',
  'object_definition',
  'trait_definition',
  'enum_definition',
  'given_definition',
  'type_definition',
  'function_definition',
  'function_declaration',
  'class_parameter',
  'val_definition',
  'var_definition',
  'val_declaration',
  'var_declaration',
  'simple_enum_case',
  'full_enum_case',
  'lambda_expression',
  'call_expression',
  'infix_expression',
  'instance_expression',
  'field_expression',
];

/** JUnit's test annotations (4 and 5), as ScalaTest's JUnit runners and plain JUnit suites write them. */
export const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory']);
/** A test suite: a type extending ScalaTest's, MUnit's, utest's or specs2's base (`AnyFunSuite`, `munit.FunSuite`, `TestSuite`, `Specification`...). */
export const SUITE_SUPERTYPE = /(?:Spec|Suite|Specification|Tests?|Properties)(?:Like)?$/;
/** The calls whose block is a test case: `test("...") { }` (ScalaTest, MUnit, utest), `it("...") { }` (FunSpec), `property("...")`. */
export const TEST_CALLS = new Set(['test', 'it', 'they', 'property', 'scenario', 'ignore']);
/** The calls whose block holds test cases: `describe("...") { }`, `context`, `feature`. */
export const GROUP_CALLS = new Set(['describe', 'context', 'feature']);
/** `"adds" in { }`, `"adds" >> { }` (specs2), `"x" should "y" in { }`: the infix words whose block is a test case. */
export const TEST_WORDS = new Set(['in', '>>', 'taggedAs', 'ignore']);
/** `"A cart" should { }`, `"x" when { }`, `"x" - { }` (FreeSpec), `"x" can { }`: the infix words whose block holds test cases. */
export const GROUP_WORDS = new Set(['should', 'must', 'can', 'when', 'which', '-']);

/** Where a name in a file is looked up: its packages, its imports, the type it is written in. */
export interface ScContext {
  file: ScFile;
  type: ScType | null;
}

export type ScType = TypedType<ScContext> & {
  /** `acme.shop.Cart`, `acme.shop.Cart.Line`. */
  fullName: string;
  /** An `object` (or a package object): a value, whose members are called on its name (`Cart.empty`). */
  isObject: boolean;
  outer: ScType | null;
  /** Nested types by name (a class before its companion object). */
  nested: Map<string, ScType>;
  /** A class's companion object, an object's companion class: same name, same scope, same file. */
  companion: ScType | null;
  /** A `case class` (its companion's `apply` is the compiler's). */
  caseClass: boolean;
};

export type ScFunction = TypedCallable<ScContext>;

/** A call site, or a member read that may call a method without parentheses (`cart.total`, `Cart.empty`). */
export type ScSite = TypedSite<ScContext> & {
  /** `x.name` with no argument list, `x op y`: a call only when the name is a method of x's type (never by name alone). */
  access?: boolean;
  /** `Cart(...)`: a capitalised name applied, the companion's `apply` or a case class's constructor. */
  apply?: boolean;
};

export interface ScFile {
  path: string;
  /** The packages the file's clauses open, outermost first (`package acme.shop` then `package model`: `acme.shop`, `acme.shop.model`). */
  packages: string[];
  /** `import a.b.C`, `import a.b.{C => D}`, `import a.b.C as D`: the name in the file, with the full name. */
  imports: Map<string, string>;
  /** `import a.b._`, `import a.b.*`: the package or object whose members the file sees. */
  wildcardImports: string[];
  types: ScType[];
  methods: ScFunction[];
  /** Top-level functions (Scala 3) and a package object's, by package. */
  functions: { package: string; fn: ScFunction; receiver?: string | null }[];
  sites: ScSite[];
}
