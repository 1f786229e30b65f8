import { type ClaimContext, type Finding, isSymbol, settled, unknown } from './claim-findings';
import type { ParsedClaim } from './claim-parser';
import { lineOfWord } from './code-facts';
import { isExtractedLanguage } from './repository-code';

// Claims about where a symbol is: that it exists, is exported, is declared in a file or under a directory.

export async function settleExists(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const named = await context.symbols(claim.subject);
  if (named.length > 0) {
    return settled(
      true,
      [`${claim.subject} is declared in ${named[0]!.path}.`],
      named.map((symbol) => context.code.symbolEvidence(symbol)),
    );
  }
  const word = claim.subject.split('.').pop()!;
  context.checked.push(`the text of every code file for ${word}`);
  const { texts, complete } = await context.code.codeTexts();
  const occurrences = [...texts].flatMap(([path, text]) => {
    const line = lineOfWord(text, word);
    return line < 0 ? [] : [context.code.evidence(path, line + 1)];
  });
  if (occurrences.length > 0) {
    return unknown([`No declaration of ${claim.subject} is indexed, but ${word} appears in the code.`], occurrences);
  }
  if (!complete) return unknown([`No symbol named ${claim.subject}; not every file could be read to be sure.`]);
  return settled(false, [`No symbol named ${claim.subject} is declared, and no code file names ${word}.`], []);
}

export async function settleExported(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const symbol = await context.one(claim.subject);
  if (!isSymbol(symbol)) return symbol;
  context.checked.push(`the declaration of ${symbol.qualifiedName}`);
  const detail = await context.graph.getSymbolDetail(context.code.principal, symbol.uid, 1);
  const evidence = [context.code.symbolEvidence(symbol)];
  if (!detail) return unknown([`${symbol.qualifiedName} could not be read.`], evidence);
  if (detail.parent !== null)
    return unknown([`${symbol.qualifiedName} is a member: whether it is exported follows ${detail.parent.qualifiedName}.`], evidence);
  return settled(
    detail.symbol.exported,
    [`${symbol.qualifiedName} is ${detail.symbol.exported ? '' : 'not '}exported from ${symbol.path}.`],
    evidence,
  );
}

export async function settleLocation(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const named = await context.symbols(claim.subject);
  const where = claim.object!.replace(/\/$/, '');
  if (named.length === 0) return unknown([`No symbol named ${claim.subject} in ${context.code.repositoryId}.`]);
  const evidence = named.map((symbol) => context.code.symbolEvidence(symbol));
  context.checked.push(`the files and directories of ${context.code.repositoryId}`);
  const asDirectory =
    claim.kind === 'under_directory' || ((await context.code.file(where)) === null && (await context.code.isDirectory(where)));
  const inside = named.filter((symbol) =>
    asDirectory ? symbol.path.startsWith(`${where}/`) : symbol.path === where || symbol.path.endsWith(`/${where}`),
  );
  const paths = [...new Set(named.map((symbol) => symbol.path))].join(', ');
  if (inside.length > 0) {
    return settled(
      true,
      [`${claim.subject} is declared in ${inside[0]!.path}.`],
      inside.map((symbol) => context.code.symbolEvidence(symbol)),
    );
  }
  if (!asDirectory) {
    const file = await context.code.file(where);
    const matching = (await context.code.files()).filter((candidate) => candidate.path.endsWith(`/${where}`));
    const files = file ? [file] : matching;
    if (files.some((candidate) => !isExtractedLanguage(candidate.language))) {
      return unknown([`${where} is a file whose declarations Lore does not read.`], evidence);
    }
  }
  return settled(false, [`${claim.subject} is declared in ${paths}, not ${asDirectory ? 'under ' : 'in '}${where}.`], evidence);
}
