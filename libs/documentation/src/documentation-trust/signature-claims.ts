import { knownLanguage } from '@lore/indexer';
import type { SymbolRef } from '@lore/domain';
import type { EvidenceSpan } from '@lore/domain/schemas/documentation-trust';
import { type ClaimContext, type Finding, isSymbol, settled, unknown } from './claim-findings';
import type { ParsedClaim } from './claim-parser';
import {
  awaitedType,
  claimedValue,
  compactType,
  declarationHeader,
  escapeRegExp,
  initializerOf,
  literalValue,
  sameType,
} from './code-facts';

// Claims about a symbol's declaration: parameters, their defaults, async, return type, static, visibility.

/** Claims about parameters, which a class answers through its constructor. */
const PARAMETER_KINDS: readonly ParsedClaim['kind'][] = ['parameter_count', 'has_parameter', 'parameter_optional', 'parameter_default'];
/** The names languages give a constructor: TypeScript's and JavaScript's, Python's. */
const CONSTRUCTOR_NAMES = ['constructor', '__init__'];

/** A class's constructor, declared in the class's file; null when it declares none. */
async function constructorOf(context: ClaimContext, type: SymbolRef): Promise<SymbolRef | null> {
  for (const name of CONSTRUCTOR_NAMES) {
    const found = (await context.code.symbolsNamed(`${type.qualifiedName}.${name}`)).filter(
      (candidate) => candidate.path === type.path && candidate.startLine >= type.startLine && candidate.endLine <= type.endLine,
    );
    if (found.length === 1) return found[0]!;
  }
  return null;
}

export async function settleSignature(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
  const named = await context.one(claim.subject, ['function', 'method', 'property', 'variable']);
  if (!isSymbol(named)) return named;
  // "the default of status in HTTPException": a class's parameters are its constructor's.
  const symbol = named.kind === 'class' && PARAMETER_KINDS.includes(claim.kind) ? ((await constructorOf(context, named)) ?? named) : named;
  const evidence = [context.code.symbolEvidence(symbol)];
  context.checked.push(`the declaration of ${symbol.qualifiedName} in ${symbol.path}`);
  const text = await context.code.symbolText(symbol);
  const file = await context.code.file(symbol.path);
  const language = file?.language ?? '';
  const header = text === null ? null : declarationHeader(text, symbol.name, language);
  if (header === null) return unknown([`The declaration of ${symbol.qualifiedName} could not be read as a function header.`], evidence);
  const names = header.parameters.map((parameter) => parameter.name);
  const allNamed = names.every((name) => name !== null);
  const parameter = header.parameters.find((candidate) => candidate.name === claim.object);
  const definition = knownLanguage(language)?.definition;
  switch (claim.kind) {
    case 'parameter_count': {
      if (header.parameters.some((candidate) => candidate.rest))
        return unknown([`${symbol.qualifiedName} takes a rest parameter.`], evidence);
      const count = header.parameters.length;
      return settled(
        count === Number(claim.value),
        [`${symbol.qualifiedName} takes ${count} parameter${count === 1 ? '' : 's'}${allNamed ? `: ${names.join(', ')}` : ''}.`],
        evidence,
      );
    }
    case 'has_parameter':
      if (parameter) return settled(true, [`${symbol.qualifiedName} has a parameter ${claim.object}.`], evidence);
      if (!allNamed) return unknown([`Not every parameter of ${symbol.qualifiedName} has a name to compare.`], evidence);
      return settled(false, [`The parameters of ${symbol.qualifiedName} are ${names.join(', ') || 'none'}.`], evidence);
    case 'parameter_optional':
      if (parameter)
        return settled(
          parameter.optional,
          [`${claim.object} of ${symbol.qualifiedName} is ${parameter.optional ? '' : 'not '}optional.`],
          evidence,
        );
      if (!allNamed) return unknown([`Not every parameter of ${symbol.qualifiedName} has a name to compare.`], evidence);
      return settled(
        false,
        [`${symbol.qualifiedName} has no parameter ${claim.object}: its parameters are ${names.join(', ') || 'none'}.`],
        evidence,
      );
    case 'parameter_default':
      return parameterDefault(context, claim, symbol, text!, parameter ?? null, allNamed, names, evidence);
    case 'is_async': {
      if (header.modifiers.includes('async')) return settled(true, [`${symbol.qualifiedName} is declared async.`], evidence);
      if (!definition?.asyncFunctions) return unknown([`${language} has no async declarations to check.`], evidence);
      if (header.returnType !== null && awaitedType(header.returnType) !== null) {
        return unknown([`${symbol.qualifiedName} is not declared async but returns ${header.returnType}.`], evidence);
      }
      if (header.returnType === null && definition.headerSyntax === 'script')
        return unknown([`${symbol.qualifiedName} is not declared async and declares no return type.`], evidence);
      return settled(
        false,
        [`${symbol.qualifiedName} is not declared async${header.returnType ? ` and returns ${header.returnType}` : ''}.`],
        evidence,
      );
    }
    case 'returns':
      return returns(context, claim, symbol, header.returnType, evidence);
    case 'is_static':
      if (header.modifiers.includes('static')) return settled(true, [`${symbol.qualifiedName} is declared static.`], evidence);
      if (symbol.kind !== 'method' || !definition?.memberModifiers)
        return unknown([`${symbol.qualifiedName} is not a method of a class.`], evidence);
      return settled(false, [`${symbol.qualifiedName} is an instance method (not declared static).`], evidence);
    case 'visibility': {
      if (!definition?.memberModifiers || (symbol.kind !== 'method' && symbol.kind !== 'property')) {
        return unknown([`Visibility of ${symbol.qualifiedName} is not declared in its ${language} code.`], evidence);
      }
      const declared = ['private', 'protected', 'public'].find((modifier) => header.modifiers.includes(modifier));
      const visibility = declared ?? (definition.headerSyntax === 'script' ? 'public' : 'package-private');
      return settled(
        visibility === claim.value,
        [`${symbol.qualifiedName} is ${visibility}${declared ? '' : ' (no modifier)'}.`],
        evidence,
      );
    }
    default:
      return unknown(['Not a signature claim.'], evidence);
  }
}

function parameterDefault(
  context: ClaimContext,
  claim: ParsedClaim,
  symbol: SymbolRef,
  text: string,
  parameter: { name: string | null; defaultValue: string | null } | null,
  allNamed: boolean,
  names: (string | null)[],
  evidence: EvidenceSpan[],
): Finding {
  const wanted = claimedValue(claim.value!);
  if (parameter && parameter.defaultValue !== null) {
    const declared = literalValue(parameter.defaultValue);
    if (declared === null) {
      return compactType(parameter.defaultValue) === compactType(claim.value!)
        ? settled(true, [`${claim.object} defaults to ${parameter.defaultValue}.`], evidence)
        : unknown([`${claim.object} defaults to the expression ${parameter.defaultValue}.`], evidence);
    }
    return settled(declared === wanted, [`${claim.object} of ${symbol.qualifiedName} defaults to ${parameter.defaultValue}.`], evidence);
  }
  // A default applied in the body (`code ?? 'x'`, `options.timeout = 5000`), or a destructured option.
  const applied = [
    ...text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(claim.object!)}\\s*(?:\\?\\?|\\|\\||=(?!=))\\s*([^;,)\\n]+)`, 'g')),
  ].map((match) => ({
    value: match[1]!.trim(),
    line: text.slice(0, match.index).split('\n').length - 1,
  }));
  const initializer = initializerOf(text, claim.object!);
  const matching = [...applied, ...(initializer ? [initializer] : [])].find((candidate) => literalValue(candidate.value) === wanted);
  if (matching) {
    const line = symbol.startLine + matching.line;
    return settled(
      true,
      [`${claim.object} is given ${matching.value} when not passed.`],
      [context.code.evidence(symbol.path, line), ...evidence],
    );
  }
  if (!parameter && allNamed && !initializer && applied.length === 0) {
    return settled(
      false,
      [`${symbol.qualifiedName} has no parameter or option ${claim.object}: its parameters are ${names.join(', ') || 'none'}.`],
      evidence,
    );
  }
  return unknown([`No default of ${claim.object} equal to ${claim.value} is visible in ${symbol.qualifiedName}.`], evidence);
}

async function returns(
  context: ClaimContext,
  claim: ParsedClaim,
  symbol: SymbolRef,
  returnType: string | null,
  evidence: EvidenceSpan[],
): Promise<Finding> {
  const claimed = claim.value!;
  if (returnType === null) return unknown([`${symbol.qualifiedName} declares no return type.`], evidence);
  // A type predicate (`value is T`, `asserts value`) returns a boolean, or nothing: only those are compared.
  if (/^(?:asserts\s+)?[\w$]+\s+is\s+/.test(returnType) || /^asserts\s/.test(returnType)) {
    const answers = /^asserts\s/.test(returnType) ? 'void' : 'boolean';
    if (compactType(claimed) === answers) return settled(true, [`${symbol.qualifiedName} returns ${returnType}, a ${answers}.`], evidence);
    return unknown([`${symbol.qualifiedName} returns the type predicate ${returnType}.`], evidence);
  }
  if (sameType(returnType, claimed)) return settled(true, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
  const awaited = awaitedType(returnType);
  const base = compactType(returnType).replace(/[<[].*$/, '');
  if (compactType(claimed) === base) return settled(true, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
  if (awaited !== null && sameType(awaited, claimed)) {
    return unknown([`${symbol.qualifiedName} returns ${returnType}: a promise of ${awaited}, not ${awaited} itself.`], evidence);
  }
  if (!/^[A-Za-z_$][\w$.]*(?:<[^\s]*>|\[\])*$/.test(compactType(claimed)) || /\s/.test(claimed.replace(/^(?:an?|the)\s+/i, ''))) {
    return unknown([`"${claimed}" is not a type to compare with ${returnType}.`], evidence);
  }
  // A type alias may name the claimed type under another name.
  const aliases = (await context.code.symbolsNamed(base)).filter((candidate) => candidate.kind === 'type');
  if (aliases.length > 0)
    return unknown(
      [`${symbol.qualifiedName} returns ${returnType}, a type alias.`],
      [...evidence, ...aliases.map((alias) => context.code.symbolEvidence(alias))],
    );
  return settled(false, [`${symbol.qualifiedName} returns ${returnType}.`], evidence);
}
