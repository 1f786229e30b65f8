import { z } from 'zod';
import { BaselineAdoptionSchema, BaselineApiSymbolSchema } from './api-adoption';
import { HealthSchema, RunIdSchema, SEVERITIES } from './code-health';
import { RevisionRangeSchema } from './impact';
import { RepositoryIdSchema, RepositoryPathSchema, schemaNames } from './shared';

/**
 * Code health analysis in review and CI, as CodeClone's MCP interface names it: compare_runs,
 * baselines and evaluate_gates, get_report_section, generate_pr_summary and the session review
 * markers. Every answer is a projection of stored runs (and a stored baseline): nothing is analysed
 * again. Field names are the seed's (snake_case) so that its clients work unchanged.
 */

const SeveritySchema = z.enum(SEVERITIES).register(schemaNames, { name: 'GateSeverity' });

/** A finding as a comparison, a gate or a PR summary lists it: what it is and where, by its stable id. */
export const FindingDeltaSchema = z
  .object({
    id: z.string().describe('The compact id in the run it is listed from.'),
    canonical_id: z
      .string()
      .describe('The stable id (family and the hash of the symbols it is about, never lines): what runs and baselines match on.'),
    family: z.string(),
    kind: z.string(),
    severity: z.string(),
    source_kind: z.string(),
    title: z.string(),
    locations: z.array(z.string()).describe('"path:line" of each location.'),
  })
  .register(schemaNames, { name: 'FindingDelta' });
export type FindingDelta = z.infer<typeof FindingDeltaSchema>;

// ---------------------------------------------------------------------------------------------------
// compare_runs

export const COMPARE_FOCUSES = ['all', 'production'] as const;
export const RUN_VERDICTS = ['improved', 'regressed', 'stable', 'mixed', 'incomparable'] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];

export const CompareRunsInputSchema = z
  .object({
    run_id_before: RunIdSchema.describe('The earlier run (short or full id).'),
    run_id_after: RunIdSchema.describe('The later run (short or full id).'),
    focus: z
      .enum(COMPARE_FOCUSES)
      .default('all')
      .describe('all: every finding; production: findings in production code only (tests and mixed left out).'),
  })
  .strict()
  .register(schemaNames, { name: 'CompareRunsInput' });
export type CompareRunsInput = z.input<typeof CompareRunsInputSchema>;

export const CompareRunsResultSchema = z
  .object({
    run_id_before: z.string(),
    run_id_after: z.string(),
    focus: z.enum(COMPARE_FOCUSES).register(schemaNames, { name: 'CompareFocus' }),
    comparable: z.boolean().describe('Both runs are of one repository with the same analysis mode and thresholds.'),
    reason: z.string().nullable().describe('Why the runs are not comparable; null when they are.'),
    regressions: z.array(FindingDeltaSchema).describe('Findings of the later run the earlier one did not have (by canonical id).'),
    improvements: z.array(FindingDeltaSchema).describe('Findings of the earlier run the later one no longer has.'),
    unchanged: z.number().int().nullable().describe('Findings in both runs; null when not comparable.'),
    health_before: z.number().int().nullable(),
    health_after: z.number().int().nullable(),
    health_delta: z
      .number()
      .int()
      .nullable()
      .describe('after.health - before.health, independent of any baseline; null when not comparable or health is unavailable.'),
    verdict: z
      .enum(RUN_VERDICTS)
      .register(schemaNames, { name: 'RunVerdict' })
      .describe(
        'improved / regressed: the finding delta and the health delta agree (or one of them is zero); mixed: they disagree; stable: neither moved; incomparable: different repository or settings.',
      ),
  })
  .register(schemaNames, { name: 'CompareRunsResult' });
export type CompareRunsResult = z.infer<typeof CompareRunsResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Baselines: a digested snapshot of accepted findings, per tenant and repository.

export const BASELINE_FORMAT = 'lore-analysis-baseline';
export const BASELINE_VERSION = 1;

export const BaselineFindingSchema = z
  .object({
    canonical_id: z.string(),
    family: z.string(),
    kind: z.string(),
    severity: z.string(),
    title: z.string(),
    paths: z.array(z.string()),
  })
  .strict()
  .register(schemaNames, { name: 'BaselineFinding' });
export type BaselineFinding = z.infer<typeof BaselineFindingSchema>;

/** The baseline document, as stored and as written to a file: `digest` is the SHA-256 of the canonical JSON of the rest. */
export const BaselineDocumentSchema = z
  .object({
    format: z.literal(BASELINE_FORMAT),
    version: z
      .number()
      .int()
      .refine((version) => version === BASELINE_VERSION, { message: `version ${BASELINE_VERSION}` }),
    repository: z.string(),
    commit: z.string(),
    created_from_run: z.string().describe('The full id of the run the baseline was taken from.'),
    mode: z.string(),
    health: z.number().int().nullable(),
    findings: z.array(BaselineFindingSchema),
    // Optional: a baseline written before they were measured stays trusted, and its run's deltas stay null.
    adoption: BaselineAdoptionSchema.optional().describe('The run’s typing and docstring permilles (absent from older baselines).'),
    api_surface: z
      .array(BaselineApiSymbolSchema)
      .optional()
      .describe('The run’s public API inventory, when the run was analysed with api_surface.'),
    digest: z.string(),
  })
  .strict()
  .register(schemaNames, { name: 'BaselineDocument' });
export type BaselineDocument = z.infer<typeof BaselineDocumentSchema>;

export const UpdateBaselineInputSchema = z
  .object({
    run_id: RunIdSchema.optional().describe('The run whose findings are accepted; omitted: the latest run (of repository, when given).'),
    repository: RepositoryIdSchema.optional().describe('The repository whose latest run is accepted (when run_id is omitted).'),
  })
  .strict()
  .register(schemaNames, { name: 'UpdateBaselineInput' });
export type UpdateBaselineInput = z.input<typeof UpdateBaselineInputSchema>;

export const GetBaselineInputSchema = z
  .object({ repository: RepositoryIdSchema.describe('The repository whose stored baseline to read.') })
  .strict()
  .register(schemaNames, { name: 'GetBaselineInput' });
export type GetBaselineInput = z.input<typeof GetBaselineInputSchema>;

export const BaselineStateSchema = z
  .object({
    status: z
      .enum(['trusted', 'missing', 'ignored'])
      .register(schemaNames, { name: 'BaselineStatus' })
      .describe('trusted: a baseline whose digest checks; missing: none is stored; ignored: the caller asked for none.'),
    digest: z.string().nullable(),
    created_from_run: z.string().nullable(),
    commit: z.string().nullable(),
    findings: z.number().int().nullable().describe('How many findings the baseline accepts.'),
  })
  .register(schemaNames, { name: 'BaselineReference' });
export type BaselineState = z.infer<typeof BaselineStateSchema>;

// ---------------------------------------------------------------------------------------------------
// evaluate_gates

export const EvaluateGatesInputSchema = z
  .object({
    run_id: RunIdSchema.optional(),
    fail_on_new: z
      .array(SeveritySchema)
      .max(3)
      .default(['critical', 'warning'])
      .describe('New findings (not in the baseline) of these severities fail the gate; [] turns the gate off.'),
    health_min: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('The least health score; with a baseline, fails only when health is also below the baseline’s (legacy debt never fails).'),
    fail_on_untested_hotspots: z
      .boolean()
      .default(false)
      .describe(
        'Fail on new complex production functions (a complexity finding the baseline does not hold) measured below the hotspot coverage threshold or absent from the coverage report: needs a run with a valid coverage join (a contract error otherwise).',
      ),
    coverage_min: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'The least line coverage in percent of the repository’s lines in the coverage report: needs a run with a valid coverage join (a contract error otherwise).',
      ),
    baseline: z
      .enum(['stored', 'none'])
      .default('stored')
      .describe('stored: the repository’s stored baseline decides what is new; none: every finding is new.'),
  })
  .strict()
  .register(schemaNames, { name: 'EvaluateGatesInput' });
export type EvaluateGatesInput = z.input<typeof EvaluateGatesInputSchema>;
export type EvaluateGatesQuery = z.output<typeof EvaluateGatesInputSchema>;

export const GateResultSchema = z
  .object({
    gate: z.string().describe('new_findings, health_min, untested_hotspots, coverage_min.'),
    passed: z.boolean(),
    threshold: z.string(),
    measured: z.string(),
  })
  .register(schemaNames, { name: 'GateResult' });

export const GateEvaluationSchema = z
  .object({
    run_id: z.string(),
    repository: z.string(),
    commit: z.string(),
    verdict: z.enum(['pass', 'fail']).register(schemaNames, { name: 'GateVerdict' }),
    baseline: BaselineStateSchema,
    gates: z.array(GateResultSchema),
    health: z.number().int().nullable(),
    new_findings: z.array(FindingDeltaSchema).describe('Findings the baseline does not hold (all of them without one).'),
    known_findings: z.number().int().describe('Findings the baseline holds: legacy debt, never failing a gate.'),
  })
  .register(schemaNames, { name: 'GateEvaluation' });
export type GateEvaluation = z.infer<typeof GateEvaluationSchema>;

// ---------------------------------------------------------------------------------------------------
// get_report_section

export const REPORT_SECTIONS = [
  'all',
  'meta',
  'inventory',
  'findings',
  'metrics',
  'metrics_detail',
  'derived',
  'integrity',
  'changed',
] as const;
export const METRICS_FAMILIES = ['functions', 'classes', 'modules', 'health', 'coverage_join', 'coverage_adoption', 'api_surface'] as const;

export const GetReportSectionInputSchema = z
  .object({
    run_id: RunIdSchema.optional(),
    section: z
      .enum(REPORT_SECTIONS, { error: `section is one of ${REPORT_SECTIONS.join(', ')}` })
      .describe('all: the whole canonical report; metrics: metrics.summary only; metrics_detail: paged; changed: diff-aware runs only.'),
    family: z
      .enum(METRICS_FAMILIES, {
        error: `family is one of ${METRICS_FAMILIES.join(', ')}; CodeClone's overloaded_modules is not measured (Lore has no module-hotspot layer)`,
      })
      .optional()
      .describe(
        'metrics_detail: functions, classes, modules, health (its dimensions), coverage_join (per function, with the join’s summary), coverage_adoption (typing and docstring adoption per module, full mode) or api_surface (the public symbols of a run analysed with api_surface).',
      ),
    path: z.string().max(1000).optional().describe('metrics_detail: only items under this path.'),
    offset: z.number().int().min(0).default(0).describe('metrics_detail: items to skip.'),
    limit: z.number().int().min(1).max(200).default(50).describe('metrics_detail: items in this page.'),
  })
  .strict()
  .register(schemaNames, { name: 'GetReportSectionInput' });
export type GetReportSectionInput = z.input<typeof GetReportSectionInputSchema>;

export const ReportSectionSchema = z
  .object({
    run_id: z.string(),
    section: z.string(),
    content: z.record(z.string(), z.unknown()).describe('The section as the canonical report holds it (metrics_detail: a page of items).'),
  })
  .register(schemaNames, { name: 'ReportSection' });
export type ReportSection = z.infer<typeof ReportSectionSchema>;

// ---------------------------------------------------------------------------------------------------
// generate_pr_summary

export const GeneratePrSummaryInputSchema = z
  .object({
    run_id: RunIdSchema.optional(),
    changed_paths: z.array(RepositoryPathSchema).min(1).max(500).optional().describe('Changed files, relative to the repository root.'),
    git_diff_ref: RevisionRangeSchema.optional().describe('A git revision or range whose changed files the summary is about.'),
    format: z
      .enum(['markdown', 'json'])
      .default('markdown')
      .describe('markdown: the summary with its Markdown text; json: the summary alone (markdown null).'),
  })
  .strict()
  .refine((input) => !(input.changed_paths !== undefined && input.git_diff_ref !== undefined), {
    message: 'Give changed_paths or git_diff_ref, not both.',
  })
  .register(schemaNames, { name: 'GeneratePrSummaryInput' });
export type GeneratePrSummaryInput = z.input<typeof GeneratePrSummaryInputSchema>;

export const PrImpactSchema = z
  .object({
    affected_symbols: z.array(z.string()).describe('Qualified names of the symbols depending on the changed files, nearest first.'),
    tests_to_run: z.array(z.string()).describe('The tests reaching the changed code, nearest first.'),
    documents: z.array(z.string()).describe('Document sections naming the changed or affected code ("path#heading").'),
  })
  .register(schemaNames, { name: 'PrImpact' });

export const PrSummarySchema = z
  .object({
    run_id: z.string(),
    repository: z.string(),
    commit: z.string(),
    format: z.enum(['markdown', 'json']).register(schemaNames, { name: 'PrSummaryFormat' }),
    changed_files: z.array(z.string()),
    baseline: BaselineStateSchema,
    health: z.number().int().nullable(),
    health_delta: z.number().int().nullable().describe('Against the baseline’s health; null without a baseline.'),
    gate_verdict: z.enum(['pass', 'fail']),
    new_findings: z.array(FindingDeltaSchema).describe('New findings (not in the baseline) touching the changed files.'),
    resolved_findings: z.array(BaselineFindingSchema).describe('Baseline findings in the changed files that the run no longer has.'),
    impact: PrImpactSchema,
    markdown: z.string().nullable().describe('format markdown: the summary to post on the pull request.'),
  })
  .register(schemaNames, { name: 'PrSummary' });
export type PrSummary = z.infer<typeof PrSummarySchema>;

// ---------------------------------------------------------------------------------------------------
// Session review markers: in the server's memory, per principal, never in a baseline or a report.

export const MarkFindingReviewedInputSchema = z
  .object({
    finding_id: z.string().min(1).max(200).describe('The compact id, or the canonical id.'),
    run_id: RunIdSchema.optional(),
    note: z.string().max(2000).optional().describe('Why it was reviewed, or what was decided.'),
  })
  .strict()
  .register(schemaNames, { name: 'MarkFindingReviewedInput' });
export type MarkFindingReviewedInput = z.input<typeof MarkFindingReviewedInputSchema>;

export const ReviewedFindingSchema = z
  .object({
    run_id: z.string(),
    finding_id: z.string(),
    canonical_id: z.string(),
    title: z.string(),
    note: z.string().nullable(),
    reviewed_at: z.string().describe('ISO 8601.'),
  })
  .register(schemaNames, { name: 'ReviewedFinding' });
export type ReviewedFinding = z.infer<typeof ReviewedFindingSchema>;

export const ListReviewedFindingsInputSchema = z
  .object({ run_id: RunIdSchema.optional() })
  .strict()
  .register(schemaNames, { name: 'ListReviewedFindingsInput' });
export type ListReviewedFindingsInput = z.input<typeof ListReviewedFindingsInputSchema>;

export const ReviewedFindingsSchema = z
  .object({ run_id: z.string(), items: z.array(ReviewedFindingSchema) })
  .register(schemaNames, { name: 'ReviewedFindings' });
export type ReviewedFindings = z.infer<typeof ReviewedFindingsSchema>;

export const ClearSessionRunsInputSchema = z.object({}).strict().register(schemaNames, { name: 'ClearSessionRunsInput' });
export type ClearSessionRunsInput = z.input<typeof ClearSessionRunsInputSchema>;

export const ClearedSessionSchema = z
  .object({
    cleared_reviews: z.number().int(),
    cleared_gate_evaluation: z.boolean(),
    runs_kept: z
      .boolean()
      .describe('true: runs are stored in the graph per tenant (they survive restarts), so clearing a session does not delete them.'),
  })
  .register(schemaNames, { name: 'ClearedSession' });
export type ClearedSession = z.infer<typeof ClearedSessionSchema>;

// ---------------------------------------------------------------------------------------------------
// The stored runs' history (the analysis page's chart).

export const ListAnalysisRunsInputSchema = z
  .object({ repository: RepositoryIdSchema.optional().describe('Only this repository’s runs.') })
  .strict()
  .register(schemaNames, { name: 'ListAnalysisRunsInput' });
export type ListAnalysisRunsInput = z.input<typeof ListAnalysisRunsInputSchema>;

export const AnalysisRunsSchema = z
  .object({
    items: z.array(
      z
        .object({
          run_id: z.string(),
          repository: z.string(),
          commit: z.string(),
          mode: z.string(),
          health: HealthSchema,
          findings: z.number().int(),
        })
        .register(schemaNames, { name: 'AnalysisRunEntry' }),
    ),
  })
  .describe('The stored runs, oldest first.')
  .register(schemaNames, { name: 'AnalysisRuns' });
export type AnalysisRuns = z.infer<typeof AnalysisRunsSchema>;
