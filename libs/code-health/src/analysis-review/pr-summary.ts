import type { BaselineDocument, FindingDelta, PrSummary } from '@lore/domain/schemas/analysis-review';
import type { Report } from '@lore/domain/schemas/code-health';
import { shortRunId, touches } from '../code-health/report-views';
import { acceptedIds, baselineState } from './baselines';
import { findingDelta, healthScore } from './run-comparison';

export type PrImpact = PrSummary['impact'];

/**
 * generate_pr_summary: the new findings (not in the baseline) and the resolved ones (in the baseline,
 * gone from the run) in the changed files, the health against the baseline's, the gate verdict, and
 * what the change reaches (Lore's addition: affected symbols, tests to run, documents naming them).
 * `changed` null: the whole repository is the change's scope.
 */
export function prSummary(
  report: Report,
  changed: readonly string[] | null,
  baseline: BaselineDocument | null,
  gateVerdict: 'pass' | 'fail',
  impact: PrImpact,
  format: 'markdown' | 'json',
): PrSummary {
  const accepted = acceptedIds(baseline);
  const inScope = (paths: readonly string[]) => changed === null || paths.some((path) => changed.includes(path));
  const present = new Set(report.findings.items.map((finding) => finding.canonical_id));
  const fresh = report.findings.items
    .filter((finding) => !accepted.has(finding.canonical_id) && (changed === null || touches(finding, changed)))
    .map(findingDelta);
  const resolved = (baseline?.findings ?? []).filter((finding) => !present.has(finding.canonical_id) && inScope(finding.paths));
  const health = healthScore(report);
  const summary: PrSummary = {
    run_id: shortRunId(report.integrity.digest),
    repository: report.meta.repository,
    commit: report.meta.commit,
    format,
    changed_files: changed === null ? [] : [...changed],
    baseline: baselineState(baseline),
    health,
    health_delta: health === null || baseline?.health == null ? null : health - baseline.health,
    gate_verdict: gateVerdict,
    new_findings: fresh,
    resolved_findings: resolved,
    impact,
    markdown: null,
  };
  return format === 'markdown' ? { ...summary, markdown: markdownOf(summary, report) } : summary;
}

/** Repository content (titles, names) goes into table cells: pipes and line breaks would break the table. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function findingRow(finding: FindingDelta): string {
  return `| ${finding.severity} | ${cell(finding.title)} | ${finding.locations.map((location) => `\`${cell(location)}\``).join(', ')} |`;
}

function listed(items: readonly string[], limit = 10): string {
  if (items.length === 0) return 'none';
  const shown = items.slice(0, limit).map((item) => `\`${cell(item)}\``);
  return items.length > limit ? `${shown.join(', ')} and ${items.length - limit} more` : shown.join(', ');
}

function markdownOf(summary: PrSummary, report: Report): string {
  const { health } = report.metrics.summary;
  const delta =
    summary.health_delta === null ? '' : ` (${summary.health_delta >= 0 ? '+' : ''}${summary.health_delta} against the baseline)`;
  const baseline =
    summary.baseline.status === 'trusted'
      ? `baseline ${summary.baseline.digest!.slice(0, 12)} (run ${summary.baseline.created_from_run}, ${summary.baseline.findings} accepted findings)`
      : 'no baseline: every finding counts as new';
  const scope = summary.changed_files.length === 0 ? 'the whole repository' : `${summary.changed_files.length} changed file(s)`;
  const lines = [
    `## Lore code health: ${summary.repository} @ ${summary.commit.slice(0, 12)}`,
    '',
    `**Gate: ${summary.gate_verdict.toUpperCase()}** · health ${health.available ? `${health.score} (${health.grade})` : 'unavailable'}${delta} · ${baseline} · scope: ${scope}`,
    '',
    `### New findings (${summary.new_findings.length})`,
    '',
  ];
  if (summary.new_findings.length === 0) lines.push('None.');
  else lines.push('| severity | finding | where |', '| --- | --- | --- |', ...summary.new_findings.map(findingRow));
  lines.push('', `### Resolved findings (${summary.resolved_findings.length})`, '');
  if (summary.resolved_findings.length === 0) lines.push('None.');
  else
    lines.push(
      ...summary.resolved_findings.map(
        (finding) => `- ${cell(finding.title)} (${finding.paths.map((path) => `\`${cell(path)}\``).join(', ')})`,
      ),
    );
  lines.push(
    '',
    '### Impact of the change',
    '',
    `- Affected symbols (${summary.impact.affected_symbols.length}): ${listed(summary.impact.affected_symbols)}`,
    `- Tests to run (${summary.impact.tests_to_run.length}): ${listed(summary.impact.tests_to_run)}`,
    `- Documents naming it (${summary.impact.documents.length}): ${listed(summary.impact.documents)}`,
    '',
    `<sub>Lore analysis run ${summary.run_id}</sub>`,
    '',
  );
  return lines.join('\n');
}
