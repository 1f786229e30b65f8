import { InvalidInputError } from '@lore/domain';
import type { BaselineDocument, EvaluateGatesQuery, GateEvaluation } from '@lore/domain/schemas/analysis-review';
import type { Report } from '@lore/domain/schemas/code-health';
import type { CoverageFunction, CoverageJoin } from '@lore/domain/schemas/coverage-join';
import { shortRunId } from '../code-health/report-views';
import { acceptedIds, baselineState } from './baselines';
import { findingDelta, healthScore } from './run-comparison';

/**
 * evaluate_gates: what CI would decide on a stored run. New findings are those the baseline does not
 * hold (by canonical id), so with a baseline no gate fails on untouched legacy code: the findings
 * gate counts new ones only, and the health gate fails only when health is also below the baseline's.
 */
export function evaluateGates(report: Report, baseline: BaselineDocument | null, query: EvaluateGatesQuery): GateEvaluation {
  const coverage = query.fail_on_untested_hotspots || query.coverage_min !== undefined ? validCoverageJoin(report) : null;
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
  if (coverage !== null && query.fail_on_untested_hotspots) {
    const hotspots = coverage.functions.filter((item) => item.hotspot !== null);
    const untested = hotspots.filter((item) => !accepted.has(complexityFindingOf(report, item) ?? ''));
    gates.push({
      gate: 'untested_hotspots',
      passed: untested.length === 0,
      threshold: `no new complex production function below ${coverage.hotspot_threshold_percent}% line coverage or outside the coverage report`,
      measured: `${untested.length} new untested hotspot(s)${untested.length === 0 ? '' : `: ${untested.map(hotspotText).join(', ')}`}; ${hotspots.length - untested.length} known`,
    });
  }
  if (coverage !== null && query.coverage_min !== undefined) {
    const measured = coverage.overall_permille;
    gates.push({
      gate: 'coverage_min',
      passed: measured !== null && measured >= query.coverage_min * 10,
      threshold: `line coverage >= ${query.coverage_min}%`,
      measured:
        measured === null
          ? `no executable line of the repository in ${coverage.source}`
          : `line coverage ${measured / 10}% (${coverage.lines_covered} of ${coverage.lines_valid} lines)`,
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

/** The run's coverage join when it is valid; the seed's contract error for a coverage gate on a run without one. */
function validCoverageJoin(report: Report): CoverageJoin {
  const join = report.metrics.coverage_join;
  if (join?.status === 'ok') return join;
  const runId = shortRunId(report.integrity.digest);
  throw new InvalidInputError(
    join
      ? `Coverage gates need a valid coverage join; run ${runId}'s (${join.source}) is invalid: ${join.invalid_reason}`
      : `Coverage gates need a run with a coverage join; run ${runId} was analysed without coverage_xml.`,
    {
      hint: 'Analyse again with coverage_xml: the Cobertura XML your test run writes, inside the repository.',
      details: {
        contract: 'coverage_join',
        reason: join ? 'invalid' : 'missing',
        run_id: runId,
        ...(join ? { invalid_reason: join.invalid_reason } : {}),
      },
    },
  );
}

/**
 * The canonical id of the complexity finding that makes a function a hotspot: a hotspot is new or
 * known as that finding is, so a legacy complex function without tests never fails the gate.
 */
function complexityFindingOf(report: Report, item: CoverageFunction): string | null {
  const finding = report.findings.items.find(
    (candidate) =>
      candidate.family === 'complexity' && candidate.locations.some((place) => place.path === item.path && place.symbol === item.symbol),
  );
  return finding?.canonical_id ?? null;
}

function hotspotText(item: CoverageFunction): string {
  const where = `${item.path}:${item.line}`;
  return item.hotspot === 'scope_gap'
    ? `${item.symbol} (${where}, not in the coverage report)`
    : `${item.symbol} (${where}, ${item.coverage_permille! / 10}% of ${item.lines_valid} lines)`;
}
