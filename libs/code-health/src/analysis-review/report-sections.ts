import { InvalidInputError } from '@lore/domain';
import type { GetReportSectionInputSchema, ReportSection } from '@lore/domain/schemas/analysis-review';
import type { Report } from '@lore/domain/schemas/code-health';
import type { CoverageJoin } from '@lore/domain/schemas/coverage-join';
import type { z } from 'zod';
import type { LoadedRun } from '../code-health/code-health.service';
import { shortRunId, touches, underPath } from '../code-health/report-views';

type SectionQuery = z.output<typeof GetReportSectionInputSchema>;

const PATHED_FAMILIES = ['functions', 'classes', 'modules'] as const;

/**
 * get_report_section: a section of the canonical report as stored. `all` is the whole document,
 * `metrics` only metrics.summary; `metrics_detail` is bounded: without family or path the summary
 * and a hint, with them a page of items; `changed` exists only for a diff-aware run.
 */
export function reportSection(run: LoadedRun, query: SectionQuery): ReportSection {
  const { report } = run;
  const answer = (content: Record<string, unknown>): ReportSection => ({
    run_id: shortRunId(report.integrity.digest),
    section: query.section,
    content,
  });
  switch (query.section) {
    case 'all':
      return answer(report as unknown as Record<string, unknown>);
    case 'metrics':
      return answer(report.metrics.summary as unknown as Record<string, unknown>);
    case 'metrics_detail':
      return answer(metricsDetail(report, query));
    case 'changed':
      if (run.changed === null) {
        throw new InvalidInputError(`Run ${shortRunId(report.integrity.digest)} is not diff-aware: it has no changed section.`, {
          hint: 'Run analyze_changed_paths (changed_paths or git_diff_ref) for a run with one.',
          details: { contract: 'section', section: 'changed', reason: 'not_diff_aware' },
        });
      }
      return answer({
        changed_files: run.changed,
        findings: report.findings.items.filter((finding) => touches(finding, run.changed!)),
      });
    default:
      return answer(report[query.section] as unknown as Record<string, unknown>);
  }
}

function metricsDetail(report: Report, query: SectionQuery): Record<string, unknown> {
  const { family, path } = query;
  const join = report.metrics.coverage_join;
  const api = report.metrics.api_surface;
  const adoption = report.metrics.coverage_adoption;
  if (family === undefined && path === undefined) {
    return {
      summary: report.metrics.summary,
      families: [
        ...PATHED_FAMILIES.map((name) => ({ family: name, items: report.metrics[name].length })),
        { family: 'health', items: report.metrics.summary.health.dimensions.length },
        ...(join ? [{ family: 'coverage_join', items: join.functions.length }] : []),
        ...(adoption ? [{ family: 'coverage_adoption', items: adoption.length }] : []),
        ...(api ? [{ family: 'api_surface', items: api.length }] : []),
      ],
      hint: 'Give family (functions, classes, modules, health, coverage_join, coverage_adoption, api_surface) and/or path for a page of items (offset, limit).',
    };
  }
  const under = (item: { path: string }) => path === undefined || underPath(item.path, path);
  const items: Record<string, unknown>[] =
    family === 'health'
      ? report.metrics.summary.health.dimensions.map((dimension) => ({ family: 'health', ...dimension }))
      : family === 'coverage_join'
        ? (join?.functions ?? []).filter(under).map((item) => ({ family: 'coverage_join', ...item }))
        : family === 'api_surface'
          ? (api ?? []).filter(under).map((item) => ({ family: 'api_surface', ...item }))
          : family === 'coverage_adoption'
            ? (adoption ?? []).filter(under).map((item) => ({ family: 'coverage_adoption', ...item }))
            : (family === undefined ? PATHED_FAMILIES : [family]).flatMap((name) =>
                (report.metrics[name] as { path: string }[]).filter(under).map((item) => ({ family: name, ...item })),
              );
  return {
    ...(family === 'coverage_join' ? { coverage_join: join ? coverageSummary(join) : null } : {}),
    // null: the run was analysed without api_surface (an empty inventory is a recorded one).
    ...(family === 'api_surface' ? { api_surface: api ? { symbols: api.length } : null } : {}),
    family: family ?? null,
    path: path ?? null,
    total: items.length,
    offset: query.offset,
    limit: query.limit,
    items: items.slice(query.offset, query.offset + query.limit),
    next_offset: query.offset + query.limit < items.length ? query.offset + query.limit : null,
  };
}

/** The coverage join without its lists (they are the pages). */
function coverageSummary(join: CoverageJoin): Record<string, unknown> {
  const { files, functions: _functions, ...summary } = join;
  return { ...summary, files: files.length };
}
