import type { CompareRunsResult, FindingDelta, RunVerdict } from '@lore/domain/schemas/analysis-review';
import type { Finding, Report } from '@lore/domain/schemas/code-health';
import { shortRunId } from '../code-health/report-views';

/** A finding as comparisons, gates and PR summaries list it: its ids, what it is and "path:line" locations. */
export function findingDelta(finding: Finding): FindingDelta {
  return {
    id: finding.id,
    canonical_id: finding.canonical_id,
    family: finding.family,
    kind: finding.kind,
    severity: finding.severity,
    source_kind: finding.source_kind,
    title: finding.title,
    locations: finding.locations.map((location) => `${location.path}:${location.line}`),
  };
}

/** Why two runs cannot be compared (another repository, mode or thresholds), or null when they can. */
export function incomparability(before: Report, after: Report): string | null {
  if (before.meta.repository !== after.meta.repository)
    return `The runs are of different repositories (${before.meta.repository}, ${after.meta.repository}).`;
  if (before.meta.mode !== after.meta.mode) return `The runs used different analysis modes (${before.meta.mode}, ${after.meta.mode}).`;
  const [a, b] = [before, after].map((report) => JSON.stringify(report.meta.analysis_thresholds.design_findings));
  if (a !== b) return `The runs used different thresholds (${a}, ${b}).`;
  return null;
}

/** The health score a run measured, or null where health is unavailable (clones_only). */
export function healthScore(report: Report): number | null {
  const { health } = report.metrics.summary;
  return health.available ? health.score : null;
}

/**
 * compare_runs: findings matched by canonical id (the symbols a finding is about, never its lines,
 * so code moving above it changes nothing). The verdict weighs two signals, the finding delta
 * (improvements minus regressions) and the health delta: mixed when they point opposite ways.
 */
export function compareReports(before: Report, after: Report, focus: 'all' | 'production'): CompareRunsResult {
  const ids = { run_id_before: shortRunId(before.integrity.digest), run_id_after: shortRunId(after.integrity.digest), focus };
  const [healthBefore, healthAfter] = [healthScore(before), healthScore(after)];
  const reason = incomparability(before, after);
  if (reason !== null) {
    return {
      ...ids,
      comparable: false,
      reason,
      regressions: [],
      improvements: [],
      unchanged: null,
      health_before: healthBefore,
      health_after: healthAfter,
      health_delta: null,
      verdict: 'incomparable',
    };
  }
  const inFocus = (finding: Finding) => focus === 'all' || finding.source_kind === 'production';
  const [earlier, later] = [before, after].map((report) => report.findings.items.filter(inFocus));
  const earlierIds = new Set(earlier.map((finding) => finding.canonical_id));
  const laterIds = new Set(later.map((finding) => finding.canonical_id));
  const regressions = later.filter((finding) => !earlierIds.has(finding.canonical_id));
  const improvements = earlier.filter((finding) => !laterIds.has(finding.canonical_id));
  const healthDelta = healthBefore === null || healthAfter === null ? null : healthAfter - healthBefore;
  return {
    ...ids,
    comparable: true,
    reason: null,
    regressions: regressions.map(findingDelta),
    improvements: improvements.map(findingDelta),
    unchanged: later.length - regressions.length,
    health_before: healthBefore,
    health_after: healthAfter,
    health_delta: healthDelta,
    verdict: verdictOf(Math.sign(improvements.length - regressions.length), Math.sign(healthDelta ?? 0)),
  };
}

function verdictOf(findings: number, health: number): RunVerdict {
  if (findings !== 0 && health !== 0 && findings !== health) return 'mixed';
  const direction = findings !== 0 ? findings : health;
  return direction > 0 ? 'improved' : direction < 0 ? 'regressed' : 'stable';
}
