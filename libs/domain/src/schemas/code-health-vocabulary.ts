import { z } from 'zod';
import { RevisionRangeSchema } from './impact';
import { RepositoryIdSchema, RepositoryPathSchema, schemaNames } from './shared';

/**
 * Code health's vocabulary (families, severities, modes, thresholds, run ids) and the inputs of
 * analyze_repository and analyze_changed_paths; code-health.ts builds the report and the reading
 * tools' shapes on them, and is where every door imports them from.
 */

export const REPORT_SCHEMA_VERSION = '1';
export const ANALYSIS_MODES = ['full', 'clones_only'] as const;
export const FINDING_FAMILIES = ['clones', 'complexity', 'coupling', 'cohesion', 'dead_code', 'dependencies'] as const;
export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export const SOURCE_KINDS = ['production', 'tests', 'mixed'] as const;
export const CLONE_TYPES = ['exact', 'renamed', 'near_miss'] as const;
export const DETAIL_LEVELS = ['summary', 'normal', 'full'] as const;
export const HOTSPOT_KINDS = ['most_complex', 'most_coupled', 'least_cohesive', 'largest_clone_groups', 'production_hotspots'] as const;

/** Run history: CodeClone's MCP interface's bounds. */
export const DEFAULT_HISTORY_LIMIT = 4;
export const MAX_HISTORY_LIMIT = 10;

export const DEFAULT_THRESHOLDS = { complexity: 20, coupling: 10, cohesion: 4 } as const;
/**
 * Near-miss clones: the least share of equal MinHash positions for two bodies to be one group. A copy
 * with a statement added and an operator changed measures 0.56-0.73; unrelated bodies of one size 0.02-0.08.
 */
export const NEAR_MISS_SIMILARITY = 0.5;

export const AnalysisModeSchema = z.enum(ANALYSIS_MODES).register(schemaNames, { name: 'AnalysisMode' });
export const FamilySchema = z.enum(FINDING_FAMILIES).register(schemaNames, { name: 'FindingFamily' });
export const SeveritySchema = z.enum(SEVERITIES).register(schemaNames, { name: 'FindingSeverity' });
export const SourceKindSchema = z.enum(SOURCE_KINDS).register(schemaNames, { name: 'SourceKind' });
export const CloneTypeSchema = z.enum(CLONE_TYPES).register(schemaNames, { name: 'CloneType' });
export const DetailLevelSchema = z.enum(DETAIL_LEVELS).register(schemaNames, { name: 'FindingDetailLevel' });

export type AnalysisMode = (typeof ANALYSIS_MODES)[number];
export type FindingFamily = (typeof FINDING_FAMILIES)[number];
export type Severity = (typeof SEVERITIES)[number];
export type SourceKind = (typeof SOURCE_KINDS)[number];
export type CloneType = (typeof CLONE_TYPES)[number];
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

/** An absolute path: the server's working directory is not the client's, so `.` means nothing here. */
export const AbsoluteRootSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((root) => root.startsWith('/') || /^[A-Za-z]:[\\/]/.test(root), {
    message: 'root must be an absolute path (a relative root such as . is refused: the server works in another directory than the client)',
  });

/** A run id: the report digest (64 hex characters) or its first 8 (the short run_id). */
export const RunIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}(?:[0-9a-f]{56})?$/, 'a run id is 8 or 64 lower-case hex characters (short or full)')
  .describe('A run id, short (8 hex) or full; omitted: the latest run.');

const thresholdFields = {
  complexity_threshold: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_THRESHOLDS.complexity)
    .describe('A function body whose cyclomatic complexity reaches this is a complexity finding (1-1000).'),
  coupling_threshold: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_THRESHOLDS.coupling)
    .describe('A class coupled to more than this many other classes (CBO) is a coupling finding (1-1000).'),
  cohesion_threshold: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_THRESHOLDS.cohesion)
    .describe('A class whose methods fall into at least this many unconnected groups (LCOM4) is a cohesion finding (1-100).'),
};

const analysisFields = {
  root: AbsoluteRootSchema.optional().describe('The absolute path of an indexed checkout (or give repository).'),
  repository: RepositoryIdSchema.optional().describe("Lore's repository id of an indexed repository (or give root)."),
  analysis_mode: AnalysisModeSchema.default('full').describe(
    'full: every family and health; clones_only: clone findings only, health unavailable.',
  ),
  ...thresholdFields,
  cache_policy: z
    .enum(['reuse', 'off'], { error: 'cache_policy is reuse or off (refresh is refused: analysis never writes a cache)' })
    .default('reuse')
    .describe('reuse or off: analysis reads the indexed graph either way; refresh is refused (read-only).'),
  coverage_xml: z
    .string()
    .min(1)
    .max(4096)
    .refine((path) => !path.includes('\0'), { message: 'coverage_xml is a path' })
    .optional()
    .describe(
      'A Cobertura coverage XML of this run, relative to the repository root (or absolute, inside it): joined per function and file (metrics.coverage_join). Needs analysis_mode full; an unreadable or invalid file gives coverage_join.status "invalid", not a failed run.',
    ),
  api_surface: z
    .boolean()
    .default(false)
    .describe(
      'Record the public API inventory (metrics.api_surface: exported symbols with their signatures, metrics_detail family api_surface); against a baseline taken from a run with it, the summary counts api_breaking_changes and new_api_symbols.',
    ),
};

/** The coverage join needs function spans and complexity: clones_only measures neither. */
const COVERAGE_NEEDS_FULL = {
  message: 'coverage_xml needs analysis_mode full (the coverage join is per function body, which clones_only does not measure).',
  path: ['coverage_xml'],
};
const coverageWithFullMode = (input: { coverage_xml?: string; analysis_mode?: AnalysisMode }) =>
  input.coverage_xml === undefined || input.analysis_mode !== 'clones_only';
/** The API inventory is a metric family: clones_only skips every metric, so it is refused there rather than left out unsaid. */
const API_SURFACE_NEEDS_FULL = {
  message: 'api_surface needs analysis_mode full (clones_only measures no metric family, the API surface among them).',
  path: ['api_surface'],
};
const apiSurfaceWithFullMode = (input: { api_surface?: boolean; analysis_mode?: AnalysisMode }) =>
  input.api_surface !== true || input.analysis_mode !== 'clones_only';

const oneRepository = (input: { root?: string; repository?: string }) => (input.root === undefined) !== (input.repository === undefined);
const ONE_REPOSITORY = { message: 'Give root (an absolute path of an indexed checkout) or repository, one of them.' };

export const AnalyzeRepositoryInputSchema = z
  .object(analysisFields)
  .strict()
  .refine(oneRepository, ONE_REPOSITORY)
  .refine(coverageWithFullMode, COVERAGE_NEEDS_FULL)
  .refine(apiSurfaceWithFullMode, API_SURFACE_NEEDS_FULL)
  .register(schemaNames, { name: 'AnalyzeRepositoryInput' });
export type AnalyzeRepositoryInput = z.input<typeof AnalyzeRepositoryInputSchema>;
export type AnalyzeRepositoryQuery = z.output<typeof AnalyzeRepositoryInputSchema>;

export const AnalyzeChangedPathsInputSchema = z
  .object({
    ...analysisFields,
    changed_paths: z.array(RepositoryPathSchema).min(1).max(500).optional().describe('Changed files, relative to the repository root.'),
    git_diff_ref: RevisionRangeSchema.optional().describe(
      'A git revision or range whose changed files are the scope (base..head, or one ref).',
    ),
  })
  .strict()
  .refine(oneRepository, ONE_REPOSITORY)
  .refine(coverageWithFullMode, COVERAGE_NEEDS_FULL)
  .refine(apiSurfaceWithFullMode, API_SURFACE_NEEDS_FULL)
  .refine((input) => (input.changed_paths === undefined) !== (input.git_diff_ref === undefined), {
    message: 'Give changed_paths or git_diff_ref, one of them.',
  })
  .register(schemaNames, { name: 'AnalyzeChangedPathsInput' });
export type AnalyzeChangedPathsInput = z.input<typeof AnalyzeChangedPathsInputSchema>;
export type AnalyzeChangedPathsQuery = z.output<typeof AnalyzeChangedPathsInputSchema>;

export const FindingConfidenceSchema = z.enum(['high', 'medium', 'low']).register(schemaNames, { name: 'FindingConfidence' });
export const DeadCodeStatusSchema = z.enum(['dead', 'unknown']).register(schemaNames, { name: 'DeadCodeStatus' });
