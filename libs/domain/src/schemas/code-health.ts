import { z } from 'zod';
import { AdoptionSchema, ApiSymbolSchema, ModuleAdoptionSchema } from './api-adoption';
import { CoverageJoinSchema, CoverageStatusSchema } from './coverage-join';
import { RepositoryPathSchema, schemaNames } from './shared';
import {
  FINDING_FAMILIES,
  HOTSPOT_KINDS,
  AnalysisModeSchema,
  FamilySchema,
  SeveritySchema,
  SourceKindSchema,
  CloneTypeSchema,
  DetailLevelSchema,
  type FindingFamily,
  AbsoluteRootSchema,
  RunIdSchema,
  FindingConfidenceSchema,
  DeadCodeStatusSchema,
} from './code-health-vocabulary';

/**
 * Code health analysis runs, as CodeClone's MCP surface () names them: analyze_repository and
 * analyze_changed_paths build a canonical report over an indexed commit; the reading tools are
 * projections of a stored report. Field names are the seed's (snake_case) so that its clients work
 * unchanged.
 */

// The vocabulary and the analysis inputs are code-health-vocabulary.ts's; the doors import them from here.
export {
  REPORT_SCHEMA_VERSION,
  ANALYSIS_MODES,
  FINDING_FAMILIES,
  SEVERITIES,
  SOURCE_KINDS,
  CLONE_TYPES,
  DETAIL_LEVELS,
  HOTSPOT_KINDS,
  DEFAULT_HISTORY_LIMIT,
  MAX_HISTORY_LIMIT,
  DEFAULT_THRESHOLDS,
  NEAR_MISS_SIMILARITY,
  RunIdSchema,
  AnalyzeRepositoryInputSchema,
  AnalyzeChangedPathsInputSchema,
  type AnalysisMode,
  type FindingFamily,
  type Severity,
  type SourceKind,
  type CloneType,
  type DetailLevel,
  type AnalyzeRepositoryInput,
  type AnalyzeRepositoryQuery,
  type AnalyzeChangedPathsInput,
  type AnalyzeChangedPathsQuery,
} from './code-health-vocabulary';

// ---------------------------------------------------------------------------------------------------
// The canonical report: every reading tool is a projection of it; its digest is the run's identity.

export const FindingLocationSchema = z
  .object({
    path: z.string(),
    line: z.number().int(),
    end_line: z.number().int(),
    symbol: z.string().nullable().describe('The qualified name of the symbol at the location, if any.'),
  })
  .register(schemaNames, { name: 'FindingLocation' });
export type FindingLocation = z.infer<typeof FindingLocationSchema>;

export const FindingMetricSchema = z
  .object({
    name: z.string().describe('cyclomatic, cbo, lcom4, similarity, cycle_length, reachability.'),
    value: z.number(),
    threshold: z.number().nullable(),
  })
  .register(schemaNames, { name: 'FindingMetric' });

export const RemediationSchema = z
  .object({
    summary: z.string(),
    steps: z.array(z.string()),
    effort: z.enum(['small', 'medium', 'large']).register(schemaNames, { name: 'RemediationEffort' }),
  })
  .register(schemaNames, { name: 'Remediation' });
export type Remediation = z.infer<typeof RemediationSchema>;

export const PriorityFactorsSchema = z
  .object({
    severity_weight: z.number(),
    size: z.number().int().describe('Lines (or members, for a clone group) the finding spans.'),
    production: z.boolean(),
    confidence_weight: z.number(),
  })
  .register(schemaNames, { name: 'PriorityFactors' });

export const FindingSchema = z
  .object({
    id: z
      .string()
      .describe('The compact id (family prefix and a short hash, lengthened only where two findings of the run would share it).'),
    canonical_id: z
      .string()
      .describe('The full id: the family and the SHA-256 of what the finding is about (symbols, not lines), stable across runs.'),
    family: FamilySchema,
    kind: z.string().describe('function_clone, block_clone, cyclomatic, cbo, lcom4, unreachable, unused_public_api, import_cycle.'),
    severity: SeveritySchema,
    confidence: FindingConfidenceSchema,
    source_kind: SourceKindSchema,
    title: z.string(),
    message: z.string(),
    locations: z.array(FindingLocationSchema),
    metric: FindingMetricSchema.nullable(),
    clone_type: CloneTypeSchema.nullable(),
    status: DeadCodeStatusSchema.nullable().describe('dead_code only.'),
    remediation: RemediationSchema,
    priority: z.number().describe('Higher first: severity, size, production code and confidence combined.'),
    priority_factors: PriorityFactorsSchema,
  })
  .register(schemaNames, { name: 'Finding' });
export type Finding = z.infer<typeof FindingSchema>;

const FamilyCountsSchema = z
  .object(Object.fromEntries(FINDING_FAMILIES.map((family) => [family, z.number().int()])) as Record<FindingFamily, z.ZodNumber>)
  .register(schemaNames, { name: 'FindingFamilyCounts' });
export type FamilyCounts = Record<FindingFamily, number>;

const SourceKindCountsSchema = z
  .object({ production: z.number().int(), tests: z.number().int(), mixed: z.number().int() })
  .register(schemaNames, { name: 'SourceKindCounts' });

const MeasuredSchema = z
  .object({ measured: z.number().int(), total: z.number().int() })
  .describe('How many function bodies carry the fact in the index (null is "not measured", never zero).')
  .register(schemaNames, { name: 'MeasuredCount' });

export const InventorySchema = z
  .object({
    files: z.number().int(),
    lines: z.number().int(),
    functions: z.number().int().describe('Function and method bodies, nested ones included.'),
    classes: z.number().int(),
    test_files: z.number().int(),
    languages: z.array(z.object({ language: z.string(), files: z.number().int() }).register(schemaNames, { name: 'LanguageFiles' })),
    coverage: z
      .object({ complexity: MeasuredSchema, cognitive_complexity: MeasuredSchema, clone_fingerprints: MeasuredSchema })
      .register(schemaNames, { name: 'InventoryCoverage' }),
  })
  .register(schemaNames, { name: 'Inventory' });
export type Inventory = z.infer<typeof InventorySchema>;

export const HealthDimensionSchema = z
  .object({ name: FamilySchema, score: z.number().int().describe('0-100, higher is healthier.'), weight: z.number() })
  .register(schemaNames, { name: 'HealthDimension' });

export const HealthSchema = z
  .object({
    available: z.boolean().describe('false in clones_only mode: health is not fabricated from metrics that were not computed.'),
    score: z.number().int().nullable(),
    grade: z.string().nullable().describe('A (90+), B (75+), C (60+), D (40+), F.'),
    dimensions: z.array(HealthDimensionSchema),
  })
  .register(schemaNames, { name: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

const ThresholdsSchema = z
  .object({ complexity: z.number().int(), coupling: z.number().int(), cohesion: z.number().int(), near_miss_similarity: z.number() })
  .register(schemaNames, { name: 'DesignThresholds' });

const ClassMetricSchema = z
  .object({
    path: z.string(),
    line: z.number().int(),
    symbol: z.string(),
    cbo: z.number().int(),
    lcom4: z.number().int().nullable(),
    methods: z.number().int(),
  })
  .register(schemaNames, { name: 'ClassMetric' });
const FunctionMetricSchema = z
  .object({
    path: z.string(),
    line: z.number().int(),
    symbol: z.string(),
    cyclomatic: z.number().int().nullable(),
    cognitive: z.number().int().nullable(),
    fan_in: z.number().int(),
    fan_out: z.number().int(),
  })
  .register(schemaNames, { name: 'FunctionMetric' });
const ModuleMetricSchema = z
  .object({ path: z.string(), afferent: z.number().int(), efferent: z.number().int(), instability: z.number().nullable() })
  .register(schemaNames, { name: 'ModuleMetric' });

export const ReportSchema = z
  .object({
    report_schema_version: z.string(),
    meta: z
      .object({
        tool: z.literal('lore'),
        repository: z.string(),
        commit: z.string(),
        mode: AnalysisModeSchema,
        analysis_thresholds: z.object({ design_findings: ThresholdsSchema }).register(schemaNames, { name: 'AnalysisThresholds' }),
        gaps: z.array(z.string()).describe('What the index does not record, and so what this report cannot say.'),
      })
      .register(schemaNames, { name: 'ReportMeta' }),
    inventory: InventorySchema,
    findings: z
      .object({
        summary: z
          .object({ total: z.number().int(), by_family: FamilyCountsSchema, by_source_kind: SourceKindCountsSchema })
          .register(schemaNames, { name: 'FindingsSummary' }),
        items: z.array(FindingSchema).describe('Every finding, highest priority first, then by id.'),
        information: z
          .array(FindingSchema)
          .optional()
          .describe(
            "Told, never counted (absent when there is none): a library's public names nothing in the repository uses (dead_code, kind unused_public_api, severity info; its clients may use them). No baseline, gate, comparison, health score or finding count reads them; check_dead_code lists them.",
          ),
      })
      .register(schemaNames, { name: 'ReportFindings' }),
    metrics: z
      .object({
        summary: z
          .object({
            health: HealthSchema,
            max_cyclomatic: z.number().int().nullable(),
            mean_cyclomatic: z.number().nullable(),
            import_cycles: z.number().int(),
            dead_code_items: z.number().int(),
            adoption: AdoptionSchema.nullable().describe('Type-annotation and doc-comment adoption; null in clones_only mode.'),
          })
          .register(schemaNames, { name: 'MetricsSummary' }),
        functions: z.array(FunctionMetricSchema),
        classes: z.array(ClassMetricSchema),
        modules: z.array(ModuleMetricSchema),
        coverage_join: CoverageJoinSchema.optional().describe('Only in a run given coverage_xml.'),
        coverage_adoption: z
          .array(ModuleAdoptionSchema)
          .optional()
          .describe('Full mode only: metrics.summary.adoption per module, by path (metrics_detail family coverage_adoption).'),
        api_surface: z
          .array(ApiSymbolSchema)
          .optional()
          .describe('Only in a run given api_surface: every public symbol with its signature, by path and line.'),
      })
      .register(schemaNames, { name: 'ReportMetrics' }),
    derived: z
      .object({
        suggestions: z.array(
          z
            .object({ finding_id: z.string(), title: z.string(), action: z.string(), effort: z.string() })
            .register(schemaNames, { name: 'Suggestion' }),
        ),
        hotlists: z
          .object(
            Object.fromEntries(HOTSPOT_KINDS.map((kind) => [kind, z.array(z.string())])) as Record<
              (typeof HOTSPOT_KINDS)[number],
              z.ZodArray<z.ZodString>
            >,
          )
          .describe('Finding ids per hotspot view, highest priority first.')
          .register(schemaNames, { name: 'Hotlists' }),
      })
      .register(schemaNames, { name: 'ReportDerived' }),
    integrity: z
      .object({ digest: z.string().describe('SHA-256 of the canonical JSON of the report without integrity: the run identity.') })
      .register(schemaNames, { name: 'ReportIntegrity' }),
  })
  .register(schemaNames, { name: 'AnalysisReport' });
export type Report = z.infer<typeof ReportSchema>;
export type HotspotKind = (typeof HOTSPOT_KINDS)[number];

// ---------------------------------------------------------------------------------------------------
// Projections: what the reading tools answer.

const BaselineSchema = z
  .object({
    status: z
      .enum(['trusted', 'missing', 'untrusted'])
      .register(schemaNames, { name: 'RunBaselineStatus' })
      .describe(
        "trusted: the repository's stored baseline, its digest checked, decides new and known; missing: none is stored (every finding is new); untrusted: the stored one fails its check (untrusted_reason; every finding is new).",
      ),
    digest: z.string().nullable().describe('The trusted baseline’s digest.'),
    created_from_run: z.string().nullable().describe('The short id of the run the trusted baseline was taken from.'),
    commit: z.string().nullable(),
    findings: z.number().int().nullable().describe('How many findings the trusted baseline accepts.'),
    untrusted_reason: z.string().nullable().describe('digest_mismatch, unreadable or malformed; null unless untrusted.'),
    compared_without_valid_baseline: z.boolean(),
    baseline_python_tag: z.string().nullable(),
    runtime_python_tag: z.string().nullable(),
  })
  .register(schemaNames, { name: 'BaselineState' });
export type RunBaseline = z.infer<typeof BaselineSchema>;

export const CoverageJoinSummarySchema = z
  .object({
    status: CoverageStatusSchema,
    invalid_reason: z.string().nullable(),
    overall_permille: z.number().int().nullable(),
    coverage_hotspots: z.number().int(),
    scope_gap_hotspots: z.number().int(),
    hotspot_threshold_percent: z.number().int(),
  })
  .register(schemaNames, { name: 'CoverageJoinSummary' });

export const RunSummarySchema = z
  .object({
    run_id: z.string(),
    version: z.string().describe("Lore's version."),
    schema: z.string().describe('The report schema version.'),
    mode: AnalysisModeSchema,
    repository: z.string(),
    commit: z.string(),
    analysis_profile: ThresholdsSchema,
    health_scope: z.string(),
    focus: z.string(),
    baseline: BaselineSchema,
    metrics_baseline: BaselineSchema,
    cache: z
      .object({ freshness: z.enum(['fresh', 'mixed', 'reused']).register(schemaNames, { name: 'CacheFreshness' }) })
      .register(schemaNames, { name: 'CacheState' }),
    inventory: z
      .object({ files: z.number().int(), lines: z.number().int(), functions: z.number().int(), classes: z.number().int() })
      .register(schemaNames, { name: 'InventorySummary' }),
    findings: z
      .object({
        total: z.number().int(),
        new: z.number().int(),
        known: z.number().int(),
        by_family: FamilyCountsSchema,
        production: z.number().int(),
        new_by_source_kind: SourceKindCountsSchema,
      })
      .register(schemaNames, { name: 'RunFindingCounts' }),
    diff: z
      .object({
        new_clones: z.number().int(),
        health_delta: z.number().int().nullable(),
        typing_param_permille_delta: z.number().int().nullable(),
        typing_return_permille_delta: z.number().int().nullable(),
        docstring_permille_delta: z.number().int().nullable(),
        api_breaking_changes: z.number().int().nullable(),
        new_api_symbols: z.number().int().nullable(),
      })
      .describe(
        'Against the trusted baseline: with none, every finding is new and the deltas are null. The typing and docstring deltas are this run’s permille minus the baseline’s (null when either is unmeasured); api_breaking_changes (public symbols removed or with another signature) and new_api_symbols need api_surface on this run and on the baseline’s.',
      )
      .register(schemaNames, { name: 'RunDiff' }),
    coverage_join: CoverageJoinSummarySchema.optional().describe('Only for a run given coverage_xml.'),
    health: HealthSchema,
    warnings: z.array(z.string()),
    failures: z.array(z.string()),
  })
  .register(schemaNames, { name: 'RunSummary' });
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const ChangedRunSchema = z
  .object({
    run_id: z.string(),
    changed_files: z.array(z.string()),
    baseline: BaselineSchema,
    focus: z.string(),
    health_scope: z.string(),
    health: HealthSchema,
    health_delta: z.number().int().nullable(),
    verdict: z.enum(['clean', 'findings_in_changed_files']).register(schemaNames, { name: 'ChangedVerdict' }),
    new_findings: z
      .number()
      .int()
      .describe('Findings touching the changed files that the trusted baseline does not hold (all of them without one).'),
    new_by_source_kind: SourceKindCountsSchema,
    resolved_findings: z.number().int(),
    changed_findings: z.array(z.string()).describe('Empty: the detail is the changed section of the report.'),
  })
  .register(schemaNames, { name: 'ChangedRun' });
export type ChangedRun = z.infer<typeof ChangedRunSchema>;

export const GetRunSummaryInputSchema = z
  .object({ run_id: RunIdSchema.optional() })
  .strict()
  .register(schemaNames, { name: 'GetRunSummaryInput' });
export type GetRunSummaryInput = z.input<typeof GetRunSummaryInputSchema>;

/** A finding as the reading tools show it: the shape follows detail_level (summary: "path:line" locations). */
export const FindingViewSchema = z.object({
  id: z.string(),
  family: FamilySchema,
  kind: z.string(),
  severity: SeveritySchema,
  confidence: z.string(),
  source_kind: SourceKindSchema,
  title: z.string(),
  locations: z.array(z.union([z.string(), FindingLocationSchema.extend({ uri: z.string().optional() })])),
  metric: FindingMetricSchema.nullable().optional(),
  clone_type: CloneTypeSchema.nullable().optional(),
  status: z.enum(['dead', 'unknown']).nullable().optional(),
  message: z.string().optional(),
  remediation: RemediationSchema.optional(),
  canonical_id: z.string().optional(),
  priority: z.number().optional(),
  priority_factors: PriorityFactorsSchema.optional(),
  items: z.array(FindingLocationSchema).optional().describe('full: every member location of the finding.'),
});
export type FindingView = z.infer<typeof FindingViewSchema>;

/** What detail_level changes in a finding, the same on every tool that shows findings: said whole on list_findings, named on the others. */
const FINDING_DETAIL =
  'summary: "path:line" locations; normal: {path, line, end_line, symbol} and remediation; full: also priority_factors, items and uri.';
const FINDING_DETAIL_NAMED = "As list_findings' detail_level.";
/** source_kind as a filter: where a finding's locations are. */
const SOURCE_KIND_FILTER = 'Only findings all in production code, all in tests, or mixed.';

export const ListFindingsInputSchema = z
  .object({
    run_id: RunIdSchema.optional(),
    family: FamilySchema.optional().describe('Only findings of this family.'),
    severity: SeveritySchema.optional().describe('Only findings of exactly this severity.'),
    novelty: z.enum(['all', 'new', 'known']).default('all').describe('new or known against the baseline (with none, all are new).'),
    source_kind: SourceKindSchema.optional().describe(SOURCE_KIND_FILTER),
    sort_by: z
      .enum(['priority', 'severity', 'path'])
      .default('priority')
      .describe("priority: the report's order; severity: critical first, then by priority; path: by first location."),
    changed_paths: z.array(RepositoryPathSchema).max(500).optional().describe('Only findings touching these files.'),
    path: z.string().max(1000).optional().describe('Only findings with a location under this path prefix.'),
    detail_level: DetailLevelSchema.default('summary').describe(FINDING_DETAIL),
    offset: z.number().int().min(0).default(0).describe('Findings to skip (the last page’s next_offset).'),
    limit: z.number().int().min(1).max(200).default(50).describe('Findings in this page.'),
  })
  .strict();
export type ListFindingsInput = z.input<typeof ListFindingsInputSchema>;

export const FindingListSchema = z.object({
  run_id: z.string(),
  total: z.number().int().describe('Findings matching the filters, before offset and limit.'),
  offset: z.number().int(),
  items: z.array(FindingViewSchema),
  next_offset: z.number().int().nullable(),
});
export type FindingList = z.infer<typeof FindingListSchema>;

export const GetFindingInputSchema = z
  .object({
    finding_id: z.string().min(1).max(200).describe('The compact id, or the canonical id.'),
    run_id: RunIdSchema.optional(),
    detail_level: DetailLevelSchema.default('normal').describe(FINDING_DETAIL_NAMED),
  })
  .strict();
export type GetFindingInput = z.input<typeof GetFindingInputSchema>;

export const FindingAnswerSchema = z.object({ run_id: z.string(), finding: FindingViewSchema });
export type FindingAnswer = z.infer<typeof FindingAnswerSchema>;

/** GraphQL's findings: the canonical findings themselves (a GraphQL client picks its fields, so there is no detail_level). */
export const AnalysisFindingsInputSchema = ListFindingsInputSchema.omit({ detail_level: true }).register(schemaNames, {
  name: 'AnalysisFindingsInput',
});
export type AnalysisFindingsInput = z.input<typeof AnalysisFindingsInputSchema>;

export const AnalysisFindingsSchema = z
  .object({
    run_id: z.string(),
    total: z.number().int(),
    offset: z.number().int(),
    items: z.array(FindingSchema),
    next_offset: z.number().int().nullable(),
  })
  .register(schemaNames, { name: 'AnalysisFindings' });
export type AnalysisFindings = z.infer<typeof AnalysisFindingsSchema>;

// ---------------------------------------------------------------------------------------------------
// The other reading tools: triage, remediation, hotspots and one check per family.

const SuggestionSchema = z.object({ finding_id: z.string(), title: z.string(), action: z.string(), effort: z.string() });

export const GetProductionTriageInputSchema = z
  .object({
    run_id: RunIdSchema.optional(),
    max_hotspots: z.number().int().min(1).max(50).default(5).describe('At most this many production hotspots (1-50).'),
    max_suggestions: z.number().int().min(1).max(50).default(5).describe('At most this many suggestions (1-50).'),
  })
  .strict();
export type GetProductionTriageInput = z.input<typeof GetProductionTriageInputSchema>;

export const ProductionTriageSchema = z.object({
  run_id: z.string(),
  focus: z.string(),
  health_scope: z.string(),
  health: HealthSchema,
  findings: z.object({ total: z.number().int(), production: z.number().int(), by_family: FamilyCountsSchema }),
  hotspots: z.array(FindingViewSchema).describe('Production findings (not info), highest priority first, in summary shape.'),
  suggestions: z.array(SuggestionSchema),
  thresholds: ThresholdsSchema,
});
export type ProductionTriage = z.infer<typeof ProductionTriageSchema>;

export const GetRemediationInputSchema = z
  .object({
    finding_id: z.string().min(1).max(200).describe('The compact id, or the canonical id.'),
    run_id: RunIdSchema.optional(),
    detail_level: DetailLevelSchema.default('normal').describe(
      'summary: title, summary and locations; normal: also steps; full: also priority_factors.',
    ),
  })
  .strict();
export type GetRemediationInput = z.input<typeof GetRemediationInputSchema>;

export const RemediationAnswerSchema = z.object({
  run_id: z.string(),
  finding_id: z.string(),
  title: z.string(),
  summary: z.string(),
  effort: z.string(),
  steps: z.array(z.string()).optional().describe('normal and full.'),
  locations: z.array(z.union([z.string(), FindingLocationSchema])),
  priority_factors: PriorityFactorsSchema.optional().describe('full only.'),
});
export type RemediationAnswer = z.infer<typeof RemediationAnswerSchema>;

export const ListHotspotsInputSchema = z
  .object({
    kind: z
      .enum(HOTSPOT_KINDS)
      .default('production_hotspots')
      .describe(`One of ${HOTSPOT_KINDS.join(', ')}.`),
    run_id: RunIdSchema.optional(),
    detail_level: DetailLevelSchema.default('summary').describe(FINDING_DETAIL_NAMED),
    changed_paths: z.array(RepositoryPathSchema).max(500).optional().describe('Only hotspots touching these files.'),
    limit: z.number().int().min(1).max(10).default(10).describe('Hotspots to list, the first by rank.'),
  })
  .strict();
export type ListHotspotsInput = z.input<typeof ListHotspotsInputSchema>;

export const HotspotListSchema = z.object({ run_id: z.string(), kind: z.string(), items: z.array(FindingViewSchema) });
export type HotspotList = z.infer<typeof HotspotListSchema>;

const checkFields = {
  run_id: RunIdSchema.optional(),
  root: AbsoluteRootSchema.optional().describe('The absolute path of an indexed checkout: its latest run (else the latest run).'),
  path: z.string().max(1000).optional().describe('Only findings with a location under this path.'),
  detail_level: DetailLevelSchema.default('summary').describe(FINDING_DETAIL_NAMED),
};

export const CheckClonesInputSchema = z
  .object({
    ...checkFields,
    clone_type: CloneTypeSchema.optional().describe('Only clone groups of this type: exact copies, renamed identifiers, or near misses.'),
    source_kind: SourceKindSchema.optional().describe(SOURCE_KIND_FILTER),
  })
  .strict();
export const CheckComplexityInputSchema = z
  .object({
    ...checkFields,
    min_complexity: z.number().int().min(1).max(100_000).optional().describe('Only bodies at least this complex.'),
  })
  .strict();
export const CheckCouplingInputSchema = z.object(checkFields).strict();
export const CheckCohesionInputSchema = z.object(checkFields).strict();
export const CheckDeadCodeInputSchema = z
  .object({ ...checkFields, min_severity: SeveritySchema.optional().describe('warning: dead only; info (default): unknown too.') })
  .strict();
export type CheckClonesInput = z.input<typeof CheckClonesInputSchema>;
export type CheckComplexityInput = z.input<typeof CheckComplexityInputSchema>;
export type CheckCouplingInput = z.input<typeof CheckCouplingInputSchema>;
export type CheckCohesionInput = z.input<typeof CheckCohesionInputSchema>;
export type CheckDeadCodeInput = z.input<typeof CheckDeadCodeInputSchema>;

export const CheckResultSchema = z.object({
  run_id: z.string(),
  family: FamilySchema,
  health: HealthSchema.describe('Only this family’s dimension.'),
  total: z.number().int(),
  items: z.array(FindingViewSchema),
  threshold_context: z
    .object({
      metric: z.string(),
      threshold: z.number(),
      measured_units: z.number().int(),
      highest_below_threshold: z.number().nullable(),
    })
    .nullable()
    .describe('For an empty design check: whether the run is quiet or just below the threshold.'),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;
