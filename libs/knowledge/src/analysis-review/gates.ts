import { InvalidInputError } from '@lore/domain';
import type { BaselineDocument, EvaluateGatesQuery, GateEvaluation } from '@lore/domain/schemas/analysis-review';
import type { Report } from '@lore/domain/schemas/code-health';
import { shortRunId } from '../code-health/report-views';
import { acceptedIds, baselineState } from './baselines';
import { findingDelta, healthScore } from './run-comparison';

/**
 * evaluate_gates: what CI would decide on a stored run. New findings are those the baseline does not
 * hold (by canonical id), so with a baseline no gate fails on untouched legacy code: the findings
 * gate counts new ones only, and the health gate fails only when health is also below the baseline's.
 */
export function evaluateGates(report: Report, baseline: BaselineDocument | null, query: EvaluateGatesQuery): GateEvaluation {
  if (query.fail_on_untested_hotspots || query.coverage_min !== undefined) {
    // Lore's runs carry no coverage join yet (no coverage_xml input): the seed's contract error for a run without a valid one.
    throw new InvalidInputError('Coverage gates need a run with a valid coverage join, and this run has none.', {
      hint: 'Leave out fail_on_untested_hotspots and coverage_min: Lore does not join Cobertura coverage into runs yet.',
      details: { contract: 'coverage_join', reason: 'missing', run_id: shortRunId(report.integrity.digest) },
    });
  }
  const health = healthScore(report);
  if (query.health_min !== undefined && health === null) {
    throw new InvalidInputError('health_min needs a run with health (analysis_mode full); this run has none.', {
      hint: 'Analyse with analysis_mode full, or leave out health_min.',
      details: { contract: 'health', run_id: shortRunId(report.integrity.digest) },
    });
  }
  const accepted = acceptedIds(baseline);
  const fresh = report.findings.items.filter((finding) => !accepted.has(finding.canonical_id));
  const failing = fresh.filter((finding) => query.fail_on_new.includes(finding.severity));
  const gates: GateEvaluation['gates'] = [];
  if (query.fail_on_new.length > 0) {
    const bySeverity = (['critical', 'warning', 'info'] as const)
      .map((severity) => `${fresh.filter((finding) => finding.severity === severity).length} ${severity}`)
      .join(', ');
    gates.push({
      gate: 'new_findings',
      passed: failing.length === 0,
      threshold: `no new ${query.fail_on_new.join(' or ')} finding`,
      measured: `${fresh.length} new (${bySeverity})`,
    });
  }
  if (query.health_min !== undefined) {
    const legacy = baseline !== null && baseline.health !== null && health! >= baseline.health;
    gates.push({
      gate: 'health_min',
      passed: health! >= query.health_min || legacy,
      threshold: `health >= ${query.health_min}${baseline?.health != null ? ` or >= the baseline's ${baseline.health}` : ''}`,
      measured: `health ${health}`,
    });
  }
  return {
    run_id: shortRunId(report.integrity.digest),
    repository: report.meta.repository,
    commit: report.meta.commit,
    verdict: gates.every((gate) => gate.passed) ? 'pass' : 'fail',
    baseline: baselineState(baseline, query.baseline === 'none'),
    gates,
    health,
    new_findings: fresh.map(findingDelta),
    known_findings: report.findings.items.length - fresh.length,
  };
}
