// The coverage join of an analysis run: a Cobertura report's lines joined per file and function body.
import { z } from 'zod';
import { schemaNames } from './shared';

/** A complex production function measured below this line coverage (percent) is a coverage hotspot. */
export const COVERAGE_HOTSPOT_THRESHOLD_PERCENT = 50;

export const CoverageStatusSchema = z.enum(['ok', 'invalid']).register(schemaNames, { name: 'CoverageJoinStatus' });

export const CoverageFileSchema = z
  .object({
    path: z.string(),
    lines_valid: z.number().int().describe('Executable lines the coverage report lists for the file.'),
    lines_covered: z.number().int().describe('Of those, the lines run at least once.'),
    coverage_permille: z.number().int().nullable().describe('lines_covered / lines_valid in thousandths; null with no executable line.'),
  })
  .register(schemaNames, { name: 'CoverageFile' });

export const COVERAGE_FUNCTION_STATUSES = ['measured', 'no_executable_lines', 'not_in_report'] as const;
export const CoverageFunctionSchema = z
  .object({
    path: z.string(),
    line: z.number().int(),
    end_line: z.number().int(),
    symbol: z.string(),
    cyclomatic: z.number().int().nullable(),
    lines_valid: z.number().int().describe('Executable lines of the report within the body’s lines.'),
    lines_covered: z.number().int(),
    coverage_permille: z.number().int().nullable().describe('null when not measured (not_in_report, no_executable_lines): never zero.'),
    coverage_status: z
      .enum(COVERAGE_FUNCTION_STATUSES)
      .register(schemaNames, { name: 'CoverageFunctionStatus' })
      .describe('measured; no_executable_lines (its file is in the report, its lines are not); not_in_report (its file is not).'),
    hotspot: z
      .enum(['coverage', 'scope_gap'])
      .nullable()
      .register(schemaNames, { name: 'CoverageHotspotKind' })
      .describe(
        'A complexity finding’s body (cyclomatic at or above the threshold) measured below hotspot_threshold_percent (coverage), or not in the report at all (scope_gap); null otherwise.',
      ),
  })
  .register(schemaNames, { name: 'CoverageFunction' });
export type CoverageFunction = z.infer<typeof CoverageFunctionSchema>;

/** The current run's Cobertura coverage joined to its production function bodies and files. */
export const CoverageJoinSchema = z
  .object({
    status: CoverageStatusSchema.describe('ok: the report was read and joined; invalid: it could not be (invalid_reason says why).'),
    invalid_reason: z.string().nullable(),
    source: z.string().describe('The Cobertura file, relative to the repository root.'),
    overall_permille: z
      .number()
      .int()
      .nullable()
      .describe('Covered / executable lines of the repository’s files in the report, in thousandths.'),
    lines_valid: z.number().int(),
    lines_covered: z.number().int(),
    hotspot_threshold_percent: z.number().int(),
    coverage_hotspots: z.number().int().describe('Complexity findings’ bodies measured below hotspot_threshold_percent.'),
    scope_gap_hotspots: z.number().int().describe('Complexity findings’ bodies whose file the report does not cover at all.'),
    unmatched_files: z.number().int().describe('Files of the report that are not indexed files of the repository (left out).'),
    files: z.array(CoverageFileSchema).describe('The repository’s files the report covers, by path.'),
    functions: z.array(CoverageFunctionSchema).describe('Every production function and method body (not nested), by path and line.'),
  })
  .register(schemaNames, { name: 'CoverageJoin' });
export type CoverageJoin = z.infer<typeof CoverageJoinSchema>;
