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

/** How many places an option's default may be read from before the claim is left to a person. */
const MAX_OPTION_DEFAULTS = 5;

/**
 * An option no declaration holds (`strict` of an options object): its default where the code applies
 * one, in the code that is not tests: `strict ?? true`, `options.strict || 5`, a destructuring
 * default `{ strict = true }`. Settled when every such place gives the same literal.
 */
async function optionDefault(context: ClaimContext, claim: ParsedClaim): Promise<Finding | null> {
  context.checked.push(`the defaults applied to ${claim.subject} in every code file`);
  const { texts, complete } = await context.code.codeTexts();
  const name = escapeRegExp(claim.subject);
  const pattern = new RegExp(
    `(?<![\\w$])${name}\\s*(?:\\?\\?|\\|\\|)\\s*([^\\s(){},;:?]+)|[{,]\\s*${name}\\s*=\\s*([^\\s(){},;:?]+)\\s*[,}]`,
    'g',
  );
  const defaults = [...texts]
    .filter(([path]) => !context.code.isTestPath(path))
    .flatMap(([path, text]) =>
      [...text.matchAll(pattern)].map((match) => ({
        path,
        line: text.slice(0, match.index).split('\n').length,
        value: literalValue(match[1] ?? match[2]!),
      })),
    );
  if (!complete || defaults.length === 0 || defaults.length > MAX_OPTION_DEFAULTS) return null;
  const evidence = defaults.map((found) => context.code.evidence(found.path, found.line));
  const values = new Set(defaults.map((found) => found.value));
  const [value] = [...values];
  if (values.size !== 1 || value === null || value === undefined)
    return unknown([`The code applies ${defaults.length} defaults to ${claim.subject} that are not one literal.`], evidence);
  const where = defaults.map((found) => `${found.path}:${found.line}`).join(', ');
  return settled(value === claimedValue(claim.value!), [`The code defaults ${claim.subject} to ${value} (${where}).`], evidence);
}

export async function settleConstant(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const symbol = await context.one(claim.subject, ['variable', 'property', 'enum']);
  if (!isSymbol(symbol)) return (await undeclaredConstant(context, claim)) ?? (await optionDefault(context, claim)) ?? symbol;
  context.checked.push(`the initializer of ${symbol.qualifiedName}`);
  const text = (await context.code.symbolText(symbol)) ?? '';
  const initializer = initializerOf(text, symbol.name);
  const evidence = [context.code.symbolEvidence(symbol)];
  // An option's declaration (`strict?: boolean` in an options type) has no value: the default is where the code applies it.
  if (initializer === null)
    return (await optionDefault(context, claim)) ?? unknown([`${symbol.qualifiedName} has no initializer in its declaration.`], evidence);
  const declared = literalValue(initializer.value);
  const wanted = claimedValue(claim.value!);
  if (declared === null) {
    return compactType(initializer.value) === compactType(claim.value!)
      ? settled(true, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence)
      : unknown([`${symbol.qualifiedName} is the expression ${initializer.value}.`], evidence);
  }
  return settled(declared === wanted, [`${symbol.qualifiedName} is ${initializer.value}.`], evidence);
}
