import type { Node } from 'web-tree-sitter';
import type { SymbolRow } from '@lore/domain';
import type { BodyRules } from '../../tree-sitter/body-metrics';

/** What the Bash walk reads off each file and the resolver follows across files: functions, sourced files, commands. */

const LOGICAL_OPERATORS = new Set(['&&', '||']);

/** `a && b`, `[[ x && y ]]`: the operator of a list or of a test's binary expression, else null. */
function operatorOf(node: Node): string | null {
  if (node.type !== 'list' && node.type !== 'binary_expression') return null;
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (!child.isNamed && LOGICAL_OPERATORS.has(child.type)) return child.type;
  return null;
}

/**
 * What counts in a Bash body (docs/analysis.md): cyclomatic 1 + `if`, each `elif`, `while` and
 * `until` (one node type in the grammar), `for`, `select` and `for ((...))`, each `case` item but
 * the catch-all `*)`, and each `&&` and `||`, of a command list or inside `[[ ]]`; cognitive +1 +
 * nesting for `if`, `case`, loops, +1 for `elif` and `else`, +1 per run of one logical operator.
 * A function defined inside another is a body of its own.
 */
export const BODY_RULES: BodyRules = {
  bodies: new Set(['function_definition']),
  decisions: new Set(['if_statement', 'elif_clause', 'while_statement', 'for_statement', 'c_style_for_statement', 'case_item', '&&', '||']),
  // `*)`: the path taken when no pattern matches.
  decides: (node) => node.type !== 'case_item' || node.childForFieldName('value')?.text !== '*',
  nesting: new Set(['if_statement', 'case_statement', 'while_statement', 'for_statement', 'c_style_for_statement']),
  flat: new Set(['elif_clause', 'else_clause']),
  // The grammar nests `a && b && c` as `(a && b) && c` with no `left` field: the inner list of the same operator continues the run.
  logicalOperator: (node) => {
    const operator = operatorOf(node);
    if (operator === null) return null;
    const first = node.firstNamedChild;
    return first && operatorOf(first) === operator ? null : operator;
  },
  blocks: new Set(['program', 'compound_statement', 'do_group', 'subshell']),
  identifiers: new Set(['word', 'variable_name']),
  literals: new Set(['string', 'raw_string', 'ansi_c_string', 'translated_string', 'number', 'heredoc_body']),
  comments: new Set(['comment']),
};

/** The node types the single pass over a file looks at. */
export const VISITED = ['function_definition', 'command', 'variable_assignment'];

/** A function defined in a file: callable by its name from anywhere once defined (nested ones too, once their encloser ran). */
export interface ShFunction {
  readonly symbol: SymbolRow;
  /** The name a command calls it by. */
  readonly name: string;
}

/** A command run in a function's body whose name may be a function of the repository. */
export interface ShSite {
  readonly caller: ShFunction;
  readonly line: number;
  readonly name: string;
}

/**
 * A `source x`, `. x` or bats `load x`: where it leads, as far as the text says. `path`: a
 * repository path (from the file's directory, or the root for a literal that is not found beside
 * it); `suffix`: only the end is known (`$ROOT/lib/x.sh`), matched against the repository's paths.
 */
export interface ShSourced {
  readonly written: string;
  readonly candidates: readonly string[];
  readonly suffix: string | null;
}

export interface ShFile {
  path: string;
  /** The functions the file defines, nested ones included (tests left out: bats renames them). */
  functions: ShFunction[];
  sourced: ShSourced[];
  sites: ShSite[];
}
