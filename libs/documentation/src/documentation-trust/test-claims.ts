import type { EvidenceSpan } from '@lore/domain/schemas/documentation-trust';
import { type ClaimContext, type Finding, isSymbol, settled, unknown } from './claim-findings';
import type { ParsedClaim } from './claim-parser';
import { findWord, lineOfWord } from './code-facts';

// Claims about which tests exercise a symbol.

export async function settleTests(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const symbol = await context.one(claim.subject);
  if (!isSymbol(symbol)) return symbol;
  context.checked.push(`the tests of ${symbol.qualifiedName}`);
  const tests = await context.graph.findTestsFor(context.code.principal, [symbol.uid]);
  const evidence = [context.code.symbolEvidence(symbol)];
  if (claim.kind === 'has_tests') {
    if (tests.length > 0) {
      return settled(
        true,
        [
          `${tests.length} test${tests.length === 1 ? '' : 's'} exercise ${symbol.qualifiedName}: ${tests.map((test) => test.test.qualifiedName).join('; ')}.`,
        ],
        tests.map((test) => context.code.symbolEvidence(test.test)),
      );
    }
    context.checked.push(`the test files for ${symbol.name}`);
    const mentions = await mentionsInTests(context, symbol.name);
    if (mentions.length > 0)
      return unknown(
        [`No test reaches ${symbol.qualifiedName} in the graph, but test files name ${symbol.name}.`],
        [...evidence, ...mentions],
      );
    return settled(false, [`No test reaches ${symbol.qualifiedName}, and no test file names ${symbol.name}.`], evidence);
  }
  const wanted = claim.object!;
  const matches = tests.filter(
    ({ test }) =>
      test.qualifiedName === wanted ||
      test.name === wanted ||
      test.qualifiedName.startsWith(`${wanted} > `) ||
      test.path === wanted ||
      test.path.endsWith(`/${wanted}`),
  );
  if (matches.length > 0) {
    return settled(
      true,
      [`${matches[0]!.test.qualifiedName} tests ${symbol.qualifiedName} (${matches[0]!.via}).`],
      [...matches.map((test) => context.code.symbolEvidence(test.test)), ...evidence],
    );
  }
  const files = (await context.code.files()).filter((file) => file.path === wanted || file.path.endsWith(`/${wanted}`));
  const testSymbols = files.length > 0 ? [] : (await context.code.symbolsNamed(wanted)).filter((candidate) => candidate.kind === 'test');
  const spans = [
    ...files.map((file) => ({ path: file.path, text: context.code.text(file.path), start: 1 })),
    ...testSymbols.map((test) => ({ path: test.path, text: context.code.symbolText(test), start: test.startLine })),
  ];
  if (spans.length === 0) return unknown([`No test or test file named ${wanted} in ${context.code.repositoryId}.`], evidence);
  for (const span of spans) {
    const text = await span.text;
    if (text === null || findWord(text, symbol.name) >= 0) {
      return unknown(
        [`${span.path} names ${symbol.name}, but no TESTS edge joins them.`],
        [...evidence, context.code.evidence(span.path, span.start)],
      );
    }
  }
  return settled(
    false,
    [`${wanted} does not exercise ${symbol.qualifiedName}: no TESTS edge, and its code does not name ${symbol.name}.`],
    [...evidence, ...testSymbols.map((test) => context.code.symbolEvidence(test))],
  );
}

async function mentionsInTests(context: ClaimContext, word: string): Promise<EvidenceSpan[]> {
  const found: EvidenceSpan[] = [];
  for (const path of await context.code.testFilePaths()) {
    const text = await context.code.text(path);
    if (text === null) {
      found.push(context.code.evidence(path, 1));
      continue;
    }
    const line = lineOfWord(text, word);
    if (line >= 0) found.push(context.code.evidence(path, line + 1));
  }
  return found;
}

/**
 * A constant the graph does not list (a module's unexported `const`): settled when the code
 * declares it exactly once (`const NAME = ...`, `NAME = ...` at the start of a line).
 */
