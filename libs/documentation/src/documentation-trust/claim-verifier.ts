import type { CodeGraphRepository } from '@lore/graph';
import type { ClaimVerdict, EvidenceSpan, Verdict } from '@lore/domain/schemas/documentation-trust';
import type { SymbolRef } from '@lore/domain';
import { ClaimContext, type Finding } from './claim-findings';
import { type ParsedClaim, parseClaim } from './claim-parser';
import { settleCall, settleHeritage, settleImports, settleOverrides } from './relation-claims';
import type { RepositoryCode } from './repository-code';
import { settleSignature } from './signature-claims';
import { type SentenceClaim, type SentenceReading, readSentence } from './sentence-reading';
import { renamedTo } from './stale-changes';
import { settleExists, settleExported, settleLocation } from './structure-claims';
import { memberAbsence, proseReturn, textDeclaration } from './prose-claims';
import { settleTests } from './test-claims';
import { settleConstant, settleLiteral } from './value-claims';

const MAX_EVIDENCE = 5;
/** Past this many candidates for an ambiguous name, they are not each tried: the name stays ambiguous. */
const MAX_CANDIDATES_TRIED = 8;

/**
 * Settles one claim about one repository from its graph and its code spans, deterministically. A
 * verdict is given only when the evidence settles it; a weak edge (matched by name, or ambiguous), a
 * name several symbols share, or code the graph does not model leaves it unknown, with the spans to
 * read. The claim's text is only ever matched against fixed shapes: it is data, never instructions.
 */
export class ClaimVerifier {
  private readonly context: ClaimContext;

  constructor(graph: CodeGraphRepository, code: RepositoryCode) {
    this.context = new ClaimContext(graph, code);
  }

  async verify(claim: string): Promise<ClaimVerdict> {
    const parsed = parseClaim(claim);
    const reading = parsed === null ? readSentence(claim) : null;
    if (reading !== null) return this.verifyReading(claim, reading);
    if (parsed === null) {
      return {
        claim,
        kind: null,
        verdict: 'unknown',
        judgedBy: 'graph',
        model: null,
        evidence: [],
        reasons: ['The claim has none of the shapes Lore settles (see docs/documentation-trust.md): nothing was checked.'],
        checked: [],
      };
    }
    const finding = await this.proseFallback(
      this.context,
      parsed,
      await this.settleAmbiguous(this.context, parsed, await this.settle(this.context, parsed)),
    );
    const verdict: Verdict = finding.holds === null ? 'unknown' : finding.holds !== parsed.negated ? 'supported' : 'contradicted';
    return {
      claim,
      kind: parsed.kind,
      verdict,
      judgedBy: 'graph',
      model: null,
      evidence: dedupe(finding.evidence).slice(0, MAX_EVIDENCE),
      reasons: finding.reasons,
      checked: this.context.checked,
    };
  }

  /**
   * A claim left unknown because one name is shared by a few symbols is settled for each of them: when
   * every candidate gives the same verdict, that is the claim's; when they differ, it stays unknown.
   */
  private async settleAmbiguous(context: ClaimContext, claim: ParsedClaim, finding: Finding): Promise<Finding> {
    if (finding.holds !== null || context.ambiguous.size !== 1) return finding;
    const [[name, candidates]] = [...context.ambiguous] as [[string, SymbolRef[]]];
    if (candidates.length > MAX_CANDIDATES_TRIED) return finding;
    const findings: Finding[] = [];
    for (const candidate of candidates) {
      const tried = await this.settle(context.pinning(name, candidate), claim);
      if (tried.holds === null || (findings.length > 0 && tried.holds !== findings[0]!.holds)) return finding;
      findings.push(tried);
    }
    context.checked.push(`each of the ${candidates.length} symbols named ${name}`);
    return {
      holds: findings[0]!.holds,
      evidence: findings.flatMap((each) => each.evidence),
      reasons: [
        `${candidates.length} symbols are named ${name}, and the claim settles the same way for every one:`,
        ...findings[0]!.reasons,
      ],
    };
  }

  /**
   * A documentation sentence's claims (sentence-reading.ts), each settled alone and then together:
   * contradicted when one is, supported when every one is, unknown otherwise. A reading that may only
   * support turns its contradiction into unknown; a recommended name the code lacks contradicts only
   * when the code declares it in another spelling (SetHelpCommandGroupId → SetHelpCommandGroupID).
   */
  private async verifyReading(claim: string, reading: SentenceReading): Promise<ClaimVerdict> {
    const outcomes: { verdict: Verdict; finding: Finding }[] = [];
    const checked: string[] = [];
    for (const each of reading.claims) {
      const context = new ClaimContext(this.context.graph, this.context.code);
      outcomes.push(await this.settleSentenceClaim(context, each));
      checked.push(...context.checked);
    }
    const verdicts = outcomes.map((outcome) => outcome.verdict);
    const kinds = new Set(reading.claims.map((each) => each.claim.kind));
    return {
      claim,
      kind: kinds.size === 1 ? [...kinds][0]! : null,
      verdict: verdicts.includes('contradicted')
        ? 'contradicted'
        : verdicts.every((verdict) => verdict === 'supported')
          ? 'supported'
          : 'unknown',
      judgedBy: 'graph',
      model: null,
      evidence: dedupe(outcomes.flatMap((outcome) => outcome.finding.evidence)).slice(0, MAX_EVIDENCE),
      reasons: [
        `Read as ${reading.shape} code: ${reading.claims.map((each) => describe(each.claim)).join('; ')}.`,
        ...outcomes.flatMap((outcome) => outcome.finding.reasons),
      ],
      checked: [...new Set(checked)],
    };
  }

  private async settleSentenceClaim(context: ClaimContext, each: SentenceClaim): Promise<{ verdict: Verdict; finding: Finding }> {
    const { claim } = each;
    if (each.anyOwner && claim.kind === 'exists') {
      // `c.json()` with no label for `c`: a member named json, whatever declares it, is the thing named.
      const members = (await context.symbols(claim.subject)).filter((symbol) => symbol.qualifiedName.endsWith(`.${claim.subject}`));
      if (members.length > 0 && !claim.negated)
        return {
          verdict: 'supported',
          finding: {
            holds: true,
            evidence: members.map((symbol) => context.code.symbolEvidence(symbol)),
            reasons: [
              `${members.length === 1 ? 'A member' : `${members.length} members`} named ${claim.subject}: ${members[0]!.qualifiedName} (${members[0]!.path}).`,
            ],
          },
        };
    }
    const finding = await this.proseFallback(context, claim, await this.settleAmbiguous(context, claim, await this.settle(context, claim)));
    const verdict: Verdict = finding.holds === null ? 'unknown' : finding.holds !== claim.negated ? 'supported' : 'contradicted';
    if (verdict !== 'contradicted' || each.reading === 'settles') return { verdict, finding };
    if (each.reading === 'supports')
      return { verdict: 'unknown', finding: { ...finding, reasons: [...finding.reasons, 'That alone does not contradict the sentence.'] } };
    const names = await context.graph.listSymbolNames(context.code.principal, context.code.repositoryId);
    const missing = claim.subject.split('.').pop()!;
    const near = renamedTo(missing, names.names);
    // Absent and spelled like nothing declared: perhaps another program's name, so not a contradiction.
    if (near === null)
      return {
        verdict: 'unknown',
        finding: { holds: null, evidence: [], reasons: [...finding.reasons, `No declared name is spelled like ${missing}.`] },
      };
    const declared = await context.symbols(near);
    return {
      verdict: 'contradicted',
      finding: {
        holds: false,
        evidence: declared.map((symbol) => context.code.symbolEvidence(symbol)),
        reasons: [...finding.reasons, `The code declares ${near} instead.`],
      },
    };
  }

  /**
   * What a claim left unknown may still settle, towards "supported" only: a return named by a noun
   * ("returns a sorted slice of child commands"), a member a class and its bases do not have, a name
   * declared where the graph does not look (a package variable, a Python attribute).
   */
  private async proseFallback(context: ClaimContext, claim: ParsedClaim, finding: Finding): Promise<Finding> {
    if (finding.holds !== null) return finding;
    if (claim.kind === 'exists' && !claim.negated) return (await textDeclaration(context, claim.subject)) ?? finding;
    if (claim.kind === 'returns' && !claim.negated && claim.value !== null && /\s/.test(claim.value))
      return (await proseReturn(context, claim.subject, claim.value)) ?? finding;
    if (claim.kind === 'exists' && claim.negated && claim.subject.includes('.')) {
      const owner = claim.subject.slice(0, claim.subject.lastIndexOf('.'));
      return (await memberAbsence(context, owner, claim.subject.split('.').pop()!)) ?? finding;
    }
    return finding;
  }

  private settle(context: ClaimContext, claim: ParsedClaim): Promise<Finding> {
    switch (claim.kind) {
      case 'exists':
        return settleExists(context, claim);
      case 'exported':
        return settleExported(context, claim);
      case 'defined_in_file':
      case 'under_directory':
        return settleLocation(context, claim);
      case 'parameter_count':
      case 'has_parameter':
      case 'parameter_optional':
      case 'parameter_default':
      case 'is_async':
      case 'returns':
      case 'is_static':
      case 'visibility':
        return settleSignature(context, claim);
      case 'calls':
      case 'called_by':
        return settleCall(context, claim);
      case 'extends':
      case 'implements':
        return settleHeritage(context, claim);
      case 'overrides':
        return settleOverrides(context, claim);
      case 'imports':
        return settleImports(context, claim);
      case 'tested_by':
      case 'has_tests':
        return settleTests(context, claim);
      case 'contains_literal':
        return settleLiteral(context, claim);
      case 'constant_value':
        return settleConstant(context, claim);
    }
  }
}

function describe(claim: ParsedClaim): string {
  const other = claim.object ?? claim.value;
  return `${claim.subject} ${claim.negated ? 'not ' : ''}${claim.kind.replace(/_/g, ' ')}${other === null ? '' : ` ${other}`}`;
}

function dedupe(evidence: EvidenceSpan[]): EvidenceSpan[] {
  const seen = new Set<string>();
  return evidence.filter((span) => !seen.has(span.uri) && seen.add(span.uri) !== undefined);
}
