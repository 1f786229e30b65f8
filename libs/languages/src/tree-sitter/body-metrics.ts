// What the index measures of one function body in a tree-sitter language: complexity (cyclomatic and cognitive) and clone fingerprints.
import type { Node } from 'web-tree-sitter';
import type { BodyMetrics } from '@lore/domain';
import { fingerprintsOf, IDENTIFIER, LITERAL, type BodyToken, type StatementSpan } from '../function-bodies/fingerprints';
import { endLineOf, startLineOf } from './tree-sitter';

/** A body's metrics and its cyclomatic complexity (SymbolRow.complexity). */
export type MeasuredBody = BodyMetrics & { complexity: number };

/** One language's rules: which node types count for which metric, and which are tokens of which class. */
export interface BodyRules {
  /** Bodies of their own (functions, lambdas, methods of anonymous classes): their decisions are not the enclosing body's. */
  readonly bodies: ReadonlySet<string>;
  /** Cyclomatic: each node of these types (named or a token such as `&&`) adds one... */
  readonly decisions: ReadonlySet<string>;
  /** ...unless this says that one does not decide (a loop's `else` does, an `if`'s does not). */
  decides?(node: Node): boolean;
  /** Cognitive: each adds 1 + the nesting level, and what is inside it is one level deeper. */
  readonly nesting: ReadonlySet<string>;
  /** Cognitive: each adds 1, without a nesting increment (`elif`, `else`, a comprehension's clauses). */
  readonly flat: ReadonlySet<string>;
  /** The node an `if_statement`'s alternative is wrapped in, where the grammar has one (C's `else_clause`): its `if` is an `else if`. */
  readonly elseClause?: string;
  /** The logical operator of a node, when it is a binary logical expression: each run of one operator adds 1. */
  logicalOperator(node: Node): string | null;
  /** Statement lists: their named children (comments aside) are the statements block windows are made of. */
  readonly blocks: ReadonlySet<string>;
  readonly identifiers: ReadonlySet<string>;
  /** Literals, each one token whatever is inside it (a string's parts, an interpolation). */
  readonly literals: ReadonlySet<string>;
  readonly comments: ReadonlySet<string>;
}

/**
 * Measures the body of `fn` (a function, method or lambda node): its tokens run from `start` (its
 * parameter list, so that the name and modifiers are left out) to its end; its decisions are those
 * outside the bodies nested in it. An `if_statement` that is the `alternative` of another is an
 * `else if`: +1 for cognitive complexity, at its parent's nesting; any other `alternative` of an
 * `if_statement` is an `else`: +1. A labelled `break` or `continue` adds 1.
 */
export function measureBody(fn: Node, start: number, rules: BodyRules): MeasuredBody {
  let complexity = 1;
  let cognitiveComplexity = 0;
  const tokens: BodyToken[] = [];
  const blocks: StatementSpan[][] = [];
  // An explicit stack: generated code nests deeper than the call stack goes. `own`: outside nested
  // bodies; `inLiteral`: inside a literal, which is one token, but whose interpolations decide
  // (`f"{a if b else c}"`, as radon counts).
  const stack: { node: Node; nesting: number; own: boolean; inLiteral: boolean }[] = [
    { node: fn, nesting: 0, own: true, inLiteral: false },
  ];
  while (stack.length > 0) {
    const { node, nesting, own, inLiteral } = stack.pop()!;
    const type = node.type;
    if (rules.comments.has(type)) continue;
    if (node.childCount === 0 || rules.literals.has(type)) {
      if (!inLiteral && node.startIndex >= start && node.endIndex > node.startIndex) {
        const text = node.text;
        tokens.push({
          text,
          normalised: rules.identifiers.has(type) ? IDENTIFIER : rules.literals.has(type) ? LITERAL : text,
          offset: node.startIndex,
          line: node.startPosition.row + 1,
        });
      }
      if (own && decides(node, rules)) complexity++;
      for (let child = node.lastChild; child; child = child.previousSibling) stack.push({ node: child, nesting, own, inLiteral: true });
      continue;
    }
    const inside = own && (node === fn || !rules.bodies.has(type));
    let childNesting = nesting;
    if (inside) {
      if (decides(node, rules)) complexity++;
      const parent = node.parent;
      const ofIf = isAlternativeOfIf(node);
      const inElseClause =
        rules.elseClause !== undefined && parent !== null && parent.type === rules.elseClause && isAlternativeOfIf(parent);
      const isAlternative = (ofIf || inElseClause) && type === 'if_statement';
      if (rules.nesting.has(type) && !isAlternative) {
        cognitiveComplexity += 1 + nesting;
        childNesting = nesting + 1;
      } else if (rules.flat.has(type) || isAlternative) {
        cognitiveComplexity++;
      } else if (ofIf && !(type === rules.elseClause && node.firstNamedChild?.type === 'if_statement')) {
        // `else { ... }`: the block that is an if's alternative (an else clause holding an `if` counts as that `if`).
        cognitiveComplexity++;
      }
      const operator = rules.logicalOperator(node);
      if (operator !== null) {
        const left = node.childForFieldName('left');
        if (!(left && rules.logicalOperator(left) === operator)) cognitiveComplexity++;
      }
      if ((type === 'break_statement' || type === 'continue_statement') && node.namedChildCount > 0) cognitiveComplexity++;
      if (rules.blocks.has(type) && !inLiteral) {
        const statements: StatementSpan[] = [];
        for (let child = node.firstNamedChild; child; child = child.nextNamedSibling) {
          if (rules.comments.has(child.type)) continue;
          statements.push({ start: child.startIndex, end: child.endIndex, startLine: startLineOf(child), endLine: endLineOf(child) });
        }
        if (statements.length > 0) blocks.push(statements);
      }
    }
    // Source order off the stack.
    for (let child = node.lastChild; child; child = child.previousSibling)
      stack.push({ node: child, nesting: childNesting, own: inside, inLiteral });
  }
  return { complexity, cognitiveComplexity, ...fingerprintsOf(tokens, blocks) };
}

function isAlternativeOfIf(node: Node): boolean {
  const parent = node.parent;
  return parent !== null && parent.type === 'if_statement' && parent.childForFieldName('alternative')?.id === node.id;
}

function decides(node: Node, rules: BodyRules): boolean {
  return rules.decisions.has(node.type) && (rules.decides?.(node) ?? true);
}
