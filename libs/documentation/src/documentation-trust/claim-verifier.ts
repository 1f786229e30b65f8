import type { CodeGraphRepository } from '@lore/graph';
import type { ClaimVerdict, EvidenceSpan, Verdict } from '@lore/domain/schemas/documentation-trust';
import { ClaimContext, type Finding } from './claim-findings';
import { type ParsedClaim, parseClaim } from './claim-parser';
import { settleCall, settleHeritage, settleImports, settleOverrides } from './relation-claims';
import type { RepositoryCode } from './repository-code';
import { settleSignature } from './signature-claims';
import { settleExists, settleExported, settleLocation } from './structure-claims';
import { settleTests } from './test-claims';
import { settleConstant, settleLiteral } from './value-claims';

const MAX_EVIDENCE = 5;

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
    const finding = await this.settle(parsed);
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

  private settle(claim: ParsedClaim): Promise<Finding> {
    switch (claim.kind) {
      case 'exists':
        return settleExists(this.context, claim);
      case 'exported':
        return settleExported(this.context, claim);
      case 'defined_in_file':
      case 'under_directory':
        return settleLocation(this.context, claim);
      case 'parameter_count':
      case 'has_parameter':
      case 'parameter_optional':
      case 'parameter_default':
      case 'is_async':
      case 'returns':
      case 'is_static':
      case 'visibility':
        return settleSignature(this.context, claim);
      case 'calls':
      case 'called_by':
        return settleCall(this.context, claim);
      case 'extends':
      case 'implements':
        return settleHeritage(this.context, claim);
      case 'overrides':
        return settleOverrides(this.context, claim);
      case 'imports':
        return settleImports(this.context, claim);
      case 'tested_by':
      case 'has_tests':
        return settleTests(this.context, claim);
      case 'contains_literal':
        return settleLiteral(this.context, claim);
      case 'constant_value':
        return settleConstant(this.context, claim);
    }
  }
}

function dedupe(evidence: EvidenceSpan[]): EvidenceSpan[] {
  const seen = new Set<string>();
  return evidence.filter((span) => !seen.has(span.uri) && seen.add(span.uri) !== undefined);
}
