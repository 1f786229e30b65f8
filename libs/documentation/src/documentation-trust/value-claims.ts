import { type ClaimContext, type Finding, isSymbol, settled, unknown } from './claim-findings';
import type { ParsedClaim } from './claim-parser';
import { claimedValue, compactType, escapeRegExp, initializerOf, linesContaining, literalValue } from './code-facts';

// Claims about values in the code: literals a symbol contains, constants and their values.

/**
 * A constant the graph does not list (a module's unexported `const`): settled when the code
 * declares it exactly once (`const NAME = ...`, `NAME = ...` at the start of a line).
 */
async function undeclaredConstant(context: ClaimContext, claim: ParsedClaim): Promise<Finding | null> {
  context.checked.push(`the declarations of ${claim.subject} in every code file`);
  const { texts, complete } = await context.code.codeTexts();
  const pattern = new RegExp(
    `^[ \\t]*(?:(?:export|const|let|var|final|static|public|private|protected|readonly)\\s+)*(?:[\\w<>\\[\\]]+\\s+)?${escapeRegExp(claim.subject)}\\s*(?::[^=\\n]+)?=(?!=)`,
    'gm',
  );
  const declarations = [...texts].flatMap(([path, text]) =>
    [...text.matchAll(pattern)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length - 1;
      const lineText = text.split('\n')[line]!;
      return { path, line: line + 1, initializer: initializerOf(lineText, claim.subject) };
    }),
  );
  if (declarations.length !== 1 || !complete) return null;
  const [declaration] = declarations as [(typeof declarations)[number]];
  const evidence = [context.code.evidence(declaration.path, declaration.line)];
  if (declaration.initializer === null) return unknown([`${claim.subject} is declared without a value on its line.`], evidence);
  const declared = literalValue(declaration.initializer.value);
  if (declared === null) return unknown([`${claim.subject} is the expression ${declaration.initializer.value}.`], evidence);
  return settled(
    declared === claimedValue(claim.value!),
    [`${claim.subject} is ${declaration.initializer.value} (${declaration.path}:${declaration.line}).`],
    evidence,
  );
}

export async function settleLiteral(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const symbol = await context.one(claim.subject);
  if (!isSymbol(symbol)) return symbol;
  context.checked.push(`the code of ${symbol.qualifiedName} for ${claim.value}`);
  const text = (await context.code.symbolText(symbol)) ?? '';
  const literal = claim.value!.replace(/^["'`]|["'`]$/g, '');
  const lines = /^-?\d+(?:\.\d+)?$/.test(literal)
    ? text.split('\n').flatMap((line, index) => (new RegExp(`(?<![\\w.])${escapeRegExp(literal)}(?![\\w.])`).test(line) ? [index] : []))
    : linesContaining(text, literal);
  if (lines.length > 0) {
    return settled(
      true,
      [`${symbol.qualifiedName} contains ${literal} at line ${symbol.startLine + lines[0]!}.`],
      lines.map((line) => context.code.evidence(symbol.path, symbol.startLine + line)),
    );
  }
  return unknown(
    [`${symbol.qualifiedName} does not contain ${literal} as written; it may come from a constant declared elsewhere.`],
    [context.code.symbolEvidence(symbol)],
  );
}

export async function settleConstant(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const symbol = await context.one(claim.subject, ['variable', 'property', 'enum']);
  if (!isSymbol(symbol)) return (await undeclaredConstant(context, claim)) ?? symbol;
  context.checked.push(`the initializer of ${symbol.qualifiedName}`);
  const text = (await context.code.symbolText(symbol)) ?? '';
  const initializer = initializerOf(text, symbol.name);
  const evidence = [context.code.symbolEvidence(symbol)];
  if (initializer === null) return unknown([`${symbol.qualifiedName} has no initializer in its declaration.`], evidence);
  const declared = literalValue(initializer.value);
  const wanted = claimedValue(claim.value!);
  if (declared === null) {
    return compactType(initializer.value) === compactType(claim.value!)
      ? settled(true, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence)
      : unknown([`${symbol.qualifiedName} is the expression ${initializer.value}.`], evidence);
  }
  return settled(declared === wanted, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence);
}
