import type { BodyRules } from '../../tree-sitter/body-metrics';
import type { TypedCallable, TypedSite, TypedType } from '../../tree-sitter/typed-values';

/** What the Ruby walk reads off each file and the resolver follows across files: classes, modules, methods, requires, call sites. */

/**
 * What counts in a Ruby body (docs/analysis.md): cyclomatic 1 + `if`, `unless`, `elsif`, `while`,
 * `until`, `for`, each `when`, `rescue`, `?:`, the modifier forms (`x if y`), each `&&`, `||`,
 * `and`, `or`; cognitive +1 + nesting for `if`, `unless`, loops, `case`, `rescue` and `?:`, +1
 * for `elsif` and `else`, +1 per run of a logical operator. Blocks and lambdas are bodies of their own.
 */
const LOGICAL_OPERATORS = new Set(['&&', '||', 'and', 'or']);

export const BODY_RULES: BodyRules = {
  bodies: new Set(['method', 'singleton_method', 'block', 'do_block', 'lambda']),
  decisions: new Set([
    'if',
    'unless',
    'elsif',
    'while',
    'until',
    'for',
    'when',
    'rescue',
    'conditional',
    'if_modifier',
    'unless_modifier',
    'while_modifier',
    'until_modifier',
    'rescue_modifier',
    '&&',
    '||',
    'and',
    'or',
  ]),
  // The keywords `if`, `while`... are tokens of the same names as their statements: only the statements decide.
  decides: (node) => node.isNamed || LOGICAL_OPERATORS.has(node.type),
  nesting: new Set(['if', 'unless', 'while', 'until', 'for', 'case', 'rescue', 'conditional']),
  flat: new Set(['elsif', 'else']),
  logicalOperator: (node) => {
    if (node.type !== 'binary') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator !== undefined && LOGICAL_OPERATORS.has(operator) ? operator : null;
  },
  blocks: new Set(['body_statement', 'block_body', 'then', 'else']),
  identifiers: new Set(['identifier', 'constant', 'instance_variable', 'class_variable', 'global_variable']),
  literals: new Set(['string', 'integer', 'float', 'simple_symbol', 'delimited_symbol', 'regex', 'true', 'false', 'nil', 'heredoc_body']),
  comments: new Set(['comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = [
  'class',
  'module',
  'singleton_class',
  'method',
  'singleton_method',
  'call',
  'assignment',
  'block',
  'do_block',
  'lambda',
  'identifier',
];

/** RSpec's example methods: each block is a test named by its description. */
export const RSPEC_EXAMPLES = new Set(['it', 'specify', 'example', 'scenario', 'its']);
/** RSpec's groups: each block is a nested body named by its description. */
export const RSPEC_GROUPS = new Set(['describe', 'context', 'feature', 'shared_examples', 'shared_context', 'describe_class']);
/** Methods whose symbol arguments declare attributes. */
export const ATTRIBUTE_METHODS = new Set(['attr_reader', 'attr_writer', 'attr_accessor', 'attr']);

/** Where a name is looked up: the file and the lexical nesting of classes and modules (`Shop`, `Shop::Cart`). */
export interface RbContext {
  file: RbFile;
  nesting: string[];
  type: RbType | null;
}

export type RbType = TypedType<RbContext> & { fullName: string; isModule: boolean };
export type RbMethod = TypedCallable<RbContext>;

export interface RbFile {
  path: string;
  /** `require 'a/b'` and `require_relative 'c'` as written, with which of the two. */
  requires: { path: string; relative: boolean }[];
  types: RbType[];
  methods: RbMethod[];
  /** Top-level `def`s: functions of the file, private methods of Object. */
  functions: Map<string, RbMethod>;
  sites: TypedSite<RbContext>[];
}
