// What the index measures of one TypeScript or JavaScript function body: complexity (cyclomatic and cognitive) and clone fingerprints.
import ts from 'typescript';
import type { BodyMetrics, FieldAccess } from '@lore/domain';
import {
  declarationFingerprints,
  fingerprintsOf,
  IDENTIFIER,
  LITERAL,
  type BodyToken,
  type StatementSpan,
} from '../../function-bodies/fingerprints';

/** A function-like node with a body: what gets a symbol and is measured. */
export type FunctionBody = ts.SignatureDeclaration & { body: ts.ConciseBody };

export function hasBody(node: ts.Node): node is FunctionBody {
  return ts.isFunctionLike(node) && 'body' in node && node.body !== undefined;
}

/** A body's metrics, its cyclomatic complexity (SymbolRow.complexity) and the fields of `this` it reads and writes. */
export type MeasuredBody = BodyMetrics & FieldAccess & { complexity: number };

const LOOPS = new Set([
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
]);
const LOGICAL = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);

/**
 * Measures one body, nested functions and classes left out (each is a body of its own).
 *
 * Cyclomatic: 1 + each `if`, `?:`, `for`/`for-in`/`for-of`, `while`, `do`, `case` (not `default`),
 * `catch`, and each `&&`, `||`, `??`. Optional chaining, `&&=`/`||=`/`??=` and `default` do not count.
 *
 * Cognitive: +1 plus the nesting level for each `if`, `?:`, `switch`, loop and `catch`; +1 flat for
 * each `else if`, `else` and labelled `break`/`continue`; +1 for each run of one logical operator
 * (`a && b && c` is 1, `a && b || c` is 2). The branches of those constructs are one level deeper.
 *
 * Field access: each `this.x` not called (`this.x()` is a call): written as the target of an
 * assignment (`=`, a compound one also reads), of `++`/`--` or `delete`; read otherwise.
 */
export function measureBody(fn: FunctionBody, sourceFile: ts.SourceFile): MeasuredBody {
  let complexity = 1;
  let cognitiveComplexity = 0;
  const fields = new FieldUses();
  const blocks: StatementSpan[][] = [];
  const span = (statement: ts.Statement): StatementSpan => ({
    start: statement.getStart(sourceFile),
    end: statement.end,
    startLine: sourceFile.getLineAndCharacterOfPosition(statement.getStart(sourceFile)).line + 1,
    endLine: sourceFile.getLineAndCharacterOfPosition(statement.end).line + 1,
  });
  // An explicit stack: generated code nests deeper than the call stack goes.
  const stack: { node: ts.Node; nesting: number; elseIf: boolean }[] = [{ node: fn.body, nesting: 0, elseIf: false }];
  while (stack.length > 0) {
    const { node, nesting, elseIf } = stack.pop()!;
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) continue;
    const children: { node: ts.Node; nesting: number; elseIf: boolean }[] = [];
    const push = (child: ts.Node | undefined, level: number, isElseIf = false): void => {
      if (child) children.push({ node: child, nesting: level, elseIf: isElseIf });
    };
    if (ts.isBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      if (node.statements.length > 0) blocks.push(node.statements.map(span));
    }
    if (ts.isIfStatement(node)) {
      complexity++;
      cognitiveComplexity += elseIf ? 1 : 1 + nesting;
      push(node.expression, nesting);
      push(node.thenStatement, nesting + 1);
      if (node.elseStatement && ts.isIfStatement(node.elseStatement)) push(node.elseStatement, nesting, true);
      else if (node.elseStatement) {
        cognitiveComplexity++;
        push(node.elseStatement, nesting + 1);
      }
    } else if (ts.isConditionalExpression(node)) {
      complexity++;
      cognitiveComplexity += 1 + nesting;
      push(node.condition, nesting);
      push(node.whenTrue, nesting + 1);
      push(node.whenFalse, nesting + 1);
    } else if (LOOPS.has(node.kind) || ts.isSwitchStatement(node) || ts.isCatchClause(node)) {
      if (!ts.isSwitchStatement(node)) complexity++;
      cognitiveComplexity += 1 + nesting;
      ts.forEachChild(node, (child) => push(child, nesting + 1));
    } else {
      if (ts.isCaseClause(node)) complexity++;
      if (ts.isBinaryExpression(node) && LOGICAL.has(node.operatorToken.kind)) {
        complexity++;
        const left = skipParentheses(node.left);
        if (!(ts.isBinaryExpression(left) && left.operatorToken.kind === node.operatorToken.kind)) cognitiveComplexity++;
      }
      if ((ts.isBreakStatement(node) || ts.isContinueStatement(node)) && node.label) cognitiveComplexity++;
      fields.see(node);
      ts.forEachChild(node, (child) => push(child, nesting));
    }
    // Source order off the stack.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return { complexity, cognitiveComplexity, ...fingerprintsOf(bodyTokens(fn, sourceFile), blocks), ...fields.access() };
}

const WRITES = new Set([ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken]);

/** The `this.x` of one body, seen parents first: a parent says how its child is used before the child is seen. */
class FieldUses {
  private readonly reads = new Set<string>();
  private readonly writes = new Set<string>();
  private readonly called = new Set<ts.Node>();
  private readonly written = new Map<ts.Node, 'write' | 'update'>();

  see(node: ts.Node): void {
    if (ts.isCallExpression(node)) this.called.add(skipParentheses(node.expression));
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      this.written.set(skipParentheses(node.left), node.operatorToken.kind === ts.SyntaxKind.EqualsToken ? 'write' : 'update');
    else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && WRITES.has(node.operator))
      this.written.set(skipParentheses(node.operand), 'update');
    else if (ts.isDeleteExpression(node)) this.written.set(skipParentheses(node.expression), 'write');
    else if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && !this.called.has(node)) {
      const name = node.name.text;
      const use = this.written.get(node);
      if (use !== undefined) this.writes.add(name);
      if (use !== 'write') this.reads.add(name);
    }
  }

  access(): FieldAccess {
    const sorted = (names: Set<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      ...(this.reads.size > 0 && { fieldReads: sorted(this.reads) }),
      ...(this.writes.size > 0 && { fieldWrites: sorted(this.writes) }),
    };
  }
}

function skipParentheses(node: ts.Expression): ts.Expression {
  let inner = node;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** After these a `/` divides; elsewhere it starts a regular expression. */
const ENDS_AN_OPERAND = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);

const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);

/**
 * The tokens of a body from its parameter list to its end (the name, modifiers and decorators
 * left out, so that a renamed copy is an exact one), comments and white space out. The scanner
 * is told where a template continues and where a `/` starts a regular expression.
 */
function bodyTokens(fn: FunctionBody, sourceFile: ts.SourceFile): BodyToken[] {
  return tokensOf(sourceFile, fn.parameters.pos, fn.end);
}

/**
 * The token windows of a declaration that is no body (an interface, type alias, enum or exported
 * variable), from its start to its end, comments and white space out; empty when it has none.
 */
export function measureDeclaration(
  node: ts.Node,
  sourceFile: ts.SourceFile,
): Pick<BodyMetrics, 'blockFingerprints'> | Record<string, never> {
  const blockFingerprints = declarationFingerprints(tokensOf(sourceFile, node.getStart(sourceFile), node.end));
  return blockFingerprints ? { blockFingerprints } : {};
}

function tokensOf(sourceFile: ts.SourceFile, start: number, end: number): BodyToken[] {
  scanner.setLanguageVariant(sourceFile.languageVariant);
  scanner.setText(sourceFile.text, start, end - start);
  const tokens: BodyToken[] = [];
  // Open braces inside each template substitution we are in.
  const templates: number[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken && templates.length > 0) templates[templates.length - 1]!++;
    else if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      if (templates[templates.length - 1] === 0) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
      } else templates[templates.length - 1]!--;
    } else if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_AN_OPERAND.has(previous)) {
      kind = scanner.reScanSlashToken();
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(0);
    const text = scanner.getTokenText();
    const normalised =
      kind === ts.SyntaxKind.Identifier || kind === ts.SyntaxKind.PrivateIdentifier ? IDENTIFIER : LITERALS.has(kind) ? LITERAL : text;
    const offset = scanner.getTokenStart();
    tokens.push({ text, normalised, offset, line: sourceFile.getLineAndCharacterOfPosition(offset).line + 1 });
    previous = kind;
  }
  return tokens;
}
