import { formatCodeUri } from '@lore/domain';
import type { BaselineDocument } from '@lore/domain/schemas/analysis-review';
import type {
  ChangedRun,
  CheckResult,
  DetailLevel,
  Finding,
  FindingFamily,
  Health,
  FindingList,
  FindingView,
  ListFindingsInput,
  Report,
  RunBaseline,
  RunSummary,
} from '@lore/domain/schemas/code-health';
import { gradeOf, sourceKindCounts } from './analysis-report';
import { apiChanges } from './api-adoption';

/**
 * The reading tools' answers: projections of one stored canonical report, never a second analysis.
 * New and known are judged against the repository's stored baseline when it is trusted; without one
 * (or with one that fails its check) every finding is new.
 */

export const HEALTH_SCOPE =
  'Every indexed source file of the repository at the analysed commit: clones, complexity, coupling, cohesion, dead code and import cycles, each dimension the share of measured units without a finding.';

/** The repository's stored baseline as a summary judges with it: the document when trusted, else why it is not (null: none is stored). */
export interface StoredBaseline {
  document: BaselineDocument | null;
  untrustedReason: string | null;
}
export const NO_STORED_BASELINE: StoredBaseline = { document: null, untrustedReason: null };

function baselineStateOf({ document, untrustedReason }: StoredBaseline): RunBaseline {
  return {
    status: document ? 'trusted' : untrustedReason ? 'untrusted' : 'missing',
    digest: document?.digest ?? null,
    created_from_run: document ? shortRunId(document.created_from_run) : null,
    commit: document?.commit ?? null,
    findings: document ? document.findings.length : null,
    untrusted_reason: document ? null : untrustedReason,
    compared_without_valid_baseline: document === null,
    baseline_python_tag: null,
    runtime_python_tag: null,
  };
}

/** The findings the baseline does not hold (every finding without a trusted baseline). */
function newFindings(findings: readonly Finding[], baseline: StoredBaseline): Finding[] {
  const accepted = new Set(baseline.document?.findings.map((finding) => finding.canonical_id) ?? []);
  return findings.filter((finding) => !accepted.has(finding.canonical_id));
}

export function shortRunId(digest: string): string {
  return digest.slice(0, 8);
}

export function runSummary(report: Report, version: string, baseline: StoredBaseline): RunSummary {
  const { findings } = report;
  const fresh = newFindings(findings.items, baseline);
  const state = baselineStateOf(baseline);
  const { health } = report.metrics.summary;
  const baselineHealth = baseline.document?.health ?? null;
  const join = report.metrics.coverage_join;
  return {
    run_id: shortRunId(report.integrity.digest),
    version,
    schema: report.report_schema_version,
    mode: report.meta.mode,
    repository: report.meta.repository,
    commit: report.meta.commit,
    analysis_profile: report.meta.analysis_thresholds.design_findings,
    health_scope: HEALTH_SCOPE,
    focus: 'repository: every finding of the run, production and tests',
    baseline: state,
    // The baseline document carries the accepted health too: one document is both baselines.
    metrics_baseline: state,
    // Analysis reads the indexed graph of the commit: there is no cache of its own to be stale.
    cache: { freshness: 'fresh' },
    inventory: {
      files: report.inventory.files,
      lines: report.inventory.lines,
      functions: report.inventory.functions,
      classes: report.inventory.classes,
    },
    findings: {
      total: findings.summary.total,
      new: fresh.length,
      known: findings.summary.total - fresh.length,
      by_family: findings.summary.by_family,
      production: findings.summary.by_source_kind.production,
      new_by_source_kind: sourceKindCounts(fresh),
    },
    diff: {
      new_clones: fresh.filter((finding) => finding.family === 'clones').length,
      health_delta: health.score !== null && baselineHealth !== null ? health.score - baselineHealth : null,
      ...adoptionDiff(report, baseline.document),
    },
    ...(join
      ? {
          coverage_join: {
            status: join.status,
            invalid_reason: join.invalid_reason,
            overall_permille: join.overall_permille,
            coverage_hotspots: join.coverage_hotspots,
            scope_gap_hotspots: join.scope_gap_hotspots,
            hotspot_threshold_percent: join.hotspot_threshold_percent,
          },
        }
      : {}),
    health,
    warnings: coverageWarnings(report),
    failures: [],
  };
}

/**
 * The typing and docstring deltas (this run's permille minus the baseline's) and the API changes
 * against the baseline's inventory: null where either side did not measure it (no baseline, a
 * baseline written before adoption was measured, a run or baseline run without api_surface).
 */
function adoptionDiff(report: Report, baseline: BaselineDocument | null): Omit<RunSummary['diff'], 'new_clones' | 'health_delta'> {
  const now = report.metrics.summary.adoption ?? null;
  const then = baseline?.adoption ?? null;
  const delta = (key: 'typing_param_permille' | 'typing_return_permille' | 'docstring_permille') =>
    now?.[key] != null && then?.[key] != null ? now[key] - then[key] : null;
  const api = report.metrics.api_surface;
  const changes = api && baseline?.api_surface ? apiChanges(baseline.api_surface, api) : null;
  return {
    typing_param_permille_delta: delta('typing_param_permille'),
    typing_return_permille_delta: delta('typing_return_permille'),
    docstring_permille_delta: delta('docstring_permille'),
    api_breaking_changes: changes?.breaking ?? null,
    new_api_symbols: changes?.added ?? null,
  };
}

/** The changed-files overlay of a run: the findings touching those files. */
export function changedRun(report: Report, changedFiles: readonly string[], baseline: StoredBaseline): ChangedRun {
  const touching = newFindings(report.findings.items, baseline).filter((finding) => touches(finding, changedFiles));
  const baselineHealth = baseline.document?.health ?? null;
  const { health } = report.metrics.summary;
  return {
    run_id: shortRunId(report.integrity.digest),
    changed_files: [...changedFiles],
    baseline: baselineStateOf(baseline),
    focus: `changed files: the ${changedFiles.length} file(s) given`,
    health_scope: HEALTH_SCOPE,
    health,
    health_delta: health.score !== null && baselineHealth !== null ? health.score - baselineHealth : null,
    verdict: touching.length === 0 ? 'clean' : 'findings_in_changed_files',
    new_findings: touching.length,
    new_by_source_kind: sourceKindCounts(touching),
    resolved_findings: resolvedIn(report, baseline, changedFiles),
    changed_findings: [],
  };
}

/** How many findings of the trusted baseline in these files the run no longer has. */
function resolvedIn(report: Report, baseline: StoredBaseline, paths: readonly string[]): number {
  const present = new Set(report.findings.items.map((finding) => finding.canonical_id));
  return (baseline.document?.findings ?? []).filter(
    (finding) => !present.has(finding.canonical_id) && finding.paths.some((path) => paths.includes(path)),
  ).length;
}

export function touches(finding: Finding, paths: readonly string[]): boolean {
  return finding.locations.some((location) => paths.includes(location.path));
}

/** What the index left unmeasured, said rather than counted as zero. */
function coverageWarnings(report: Report): string[] {
  const { coverage, functions } = report.inventory;
  const warnings: string[] = [];
  const say = (name: string, measured: number) => {
    if (measured < functions)
      warnings.push(`${name} is not measured for ${functions - measured} of ${functions} function bodies (null in the index, not zero).`);
  };
  say('cyclomatic complexity', coverage.complexity.measured);
  say('cognitive complexity', coverage.cognitive_complexity.measured);
  say('clone fingerprints', coverage.clone_fingerprints.measured);
  return warnings;
}

/** One finding in the shape detail_level asks for: summary ("path:line"), normal (structured locations, remediation), full (everything, with uris). */
export function findingView(finding: Finding, detail: DetailLevel, report: Report): FindingView {
  const base = {
    id: finding.id,
    family: finding.family,
    kind: finding.kind,
    severity: finding.severity,
    confidence: finding.confidence,
    source_kind: finding.source_kind,
    title: finding.title,
  };
  if (detail === 'summary') return { ...base, locations: finding.locations.map((location) => `${location.path}:${location.line}`) };
  const normal = {
    ...base,
    message: finding.message,
    metric: finding.metric,
    clone_type: finding.clone_type,
    status: finding.status,
    remediation: finding.remediation,
  };
  if (detail === 'normal') return { ...normal, locations: finding.locations };
  const uri = (location: Finding['locations'][number]) =>
    formatCodeUri({
      repositoryId: report.meta.repository,
      commitSha: report.meta.commit,
      path: location.path,
      startLine: location.line,
      endLine: location.end_line,
    });
  return {
    ...normal,
    locations: finding.locations.map((location) => ({ ...location, uri: uri(location) })),
    canonical_id: finding.canonical_id,
    priority: finding.priority,
    priority_factors: finding.priority_factors,
    items: finding.locations,
  };
}

export type FindingFilters = Omit<ListFindingsInput, 'run_id' | 'detail_level' | 'offset' | 'limit' | 'novelty' | 'sort_by'> & {
  novelty: 'all' | 'new' | 'known';
  sort_by: 'priority' | 'severity' | 'path';
};

const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 };

/** The findings (or `among`: the report's information items) matching the filters, in the order asked (the report's priority order by default). */
export function filteredFindings(report: Report, filters: FindingFilters, among: readonly Finding[] = report.findings.items): Finding[] {
  const matching = among.filter(
    (finding) =>
      (filters.family === undefined || finding.family === filters.family) &&
      (filters.severity === undefined || finding.severity === filters.severity) &&
      (filters.source_kind === undefined || finding.source_kind === filters.source_kind) &&
      filters.novelty !== 'known' &&
      (filters.changed_paths === undefined || touches(finding, filters.changed_paths)) &&
      (filters.path === undefined || finding.locations.some((location) => underPath(location.path, filters.path!))),
  );
  if (filters.sort_by === 'severity')
    return [...matching].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.priority - a.priority);
  if (filters.sort_by === 'path') {
    const key = (finding: Finding) =>
      `${finding.locations[0]?.path ?? ''}\u0000${String(finding.locations[0]?.line ?? 0).padStart(9, '0')}`;
    return [...matching].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
  return matching;
}

export function pageOf(report: Report, findings: readonly Finding[], detail: DetailLevel, offset: number, limit: number): FindingList {
  const page = findings.slice(offset, offset + limit);
  return {
    run_id: shortRunId(report.integrity.digest),
    total: findings.length,
    offset,
    items: page.map((finding) => findingView(finding, detail, report)),
    next_offset: offset + limit < findings.length ? offset + limit : null,
  };
}

/** A finding of the report by compact or canonical id, or an information item (check_dead_code lists their ids too). */
export function findingById(report: Report, id: string): Finding | undefined {
  return findingsWithInformation(report).find((finding) => finding.id === id || finding.canonical_id === id);
}

/** The findings, then the items told but never counted (a library's unused public names): for views of one symbol or id, never for counts. */
export function findingsWithInformation(report: Report): Finding[] {
  return [...report.findings.items, ...(report.findings.information ?? [])];
}

/** A repository path at or under `prefix` (a file, or a folder with or without its trailing slash). */
export function underPath(path: string, prefix: string): boolean {
  const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path === prefix || path.startsWith(folder) || prefix === '' || prefix === '.';
}

/** The metric a design family's findings measure, and where its units' values are in the report. */
const DESIGN_METRICS = {
  complexity: { metric: 'cyclomatic', threshold: (report: Report) => report.meta.analysis_thresholds.design_findings.complexity },
  coupling: { metric: 'cbo', threshold: (report: Report) => report.meta.analysis_thresholds.design_findings.coupling },
  cohesion: { metric: 'lcom4', threshold: (report: Report) => report.meta.analysis_thresholds.design_findings.cohesion },
} as const;

/**
 * For an empty design check: the threshold in force, how many units were measured, and the highest
 * value below it, so a caller can tell a quiet run from one just under the threshold.
 */
export function thresholdContext(
  report: Report,
  family: keyof typeof DESIGN_METRICS,
  threshold: number | undefined,
): CheckResult['threshold_context'] {
  const { metric } = DESIGN_METRICS[family];
  const limit = threshold ?? DESIGN_METRICS[family].threshold(report);
  const values =
    family === 'complexity'
      ? report.metrics.functions.map((unit) => unit.cyclomatic)
      : report.metrics.classes.map((unit) => (family === 'coupling' ? unit.cbo : unit.lcom4));
  const measured = values.filter((value): value is number => value !== null);
  const below = measured.filter((value) => value < limit);
  return {
    metric,
    threshold: limit,
    measured_units: measured.length,
    highest_below_threshold: below.length === 0 ? null : Math.max(...below),
  };
}

/** Health with only one family's dimension (the score is that dimension's). */
export function familyHealth(report: Report, family: FindingFamily): Health {
  const { health } = report.metrics.summary;
  const dimensions = health.dimensions.filter((dimension) => dimension.name === family);
  if (!health.available || dimensions.length === 0) return { available: false, score: null, grade: null, dimensions: [] };
  return { available: true, score: dimensions[0]!.score, grade: gradeOf(dimensions[0]!.score), dimensions };
}
