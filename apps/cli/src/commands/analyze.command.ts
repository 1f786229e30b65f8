import { resolve } from 'node:path';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { AnalysisMode, ChangedRun, RunSummary } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { registerAnalysisReviewCommands, updateBaseline } from '../analysis-review-commands';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface AnalyzeOptions {
  changed?: string;
  diff?: string;
  mode?: AnalysisMode;
  coverageXml?: string;
  apiSurface?: boolean;
  updateBaseline?: true | string;
  json?: boolean;
}

export const register: RegisterCommand = (program: Command) => {
  const analyze = program
    .command('analyze [repo]')
    .description(
      'Code health analysis of an indexed repository (a repository id, or the path of its checkout; default: the current directory): clones, complexity, coupling, cohesion, dead code, import cycles. The run is stored as the latest.',
    )
    .option('--changed <paths>', 'scope the run to these changed files (comma-separated, repository-relative): analyze_changed_paths')
    .option('--diff <range>', 'scope the run to the files a git revision or range changed: analyze_changed_paths')
    .option('--mode <mode>', 'full (default) or clones_only')
    .option('--coverage-xml <file>', 'join this Cobertura coverage report (inside the repository) into the run (full mode)')
    .option('--api-surface', 'record the public API inventory (exported symbols and signatures) in the run: api_surface')
    .option('--update-baseline [file]', "accept this run's findings as the repository's stored baseline (and write it to file, if given)")
    .option('--json', 'print the analyze_repository (or analyze_changed_paths) result as JSON')
    .action(runAction(analyzeCommand));
  registerAnalysisReviewCommands(analyze);
};

async function analyzeCommand(repo: string | undefined, options: AnalyzeOptions): Promise<number> {
  // A path names the checkout (made absolute here, where the caller's directory is known); anything else is a repository id.
  const target = repo === undefined || /[\\/]|^\.\.?$/.test(repo) ? { root: resolve(repo ?? '.') } : { repository: repo };
  const mode = {
    ...(options.mode === undefined ? {} : { analysis_mode: options.mode }),
    // Made absolute here, where the caller's directory is known; the service refuses it outside the repository.
    ...(options.coverageXml === undefined ? {} : { coverage_xml: resolve(options.coverageXml) }),
    ...(options.apiSurface ? { api_surface: true } : {}),
  };
  const scope =
    options.changed !== undefined
      ? { changed_paths: options.changed.split(',').map((path) => path.trim()) }
      : options.diff !== undefined
        ? { git_diff_ref: options.diff }
        : null;
  const result = await withServices<RunSummary | ChangedRun>(async (context) => {
    const service = context.get(CodeHealthService);
    const principal = context.get(PrincipalResolver).local();
    const run =
      scope === null
        ? await service.analyzeRepository({ ...target, ...mode }, principal)
        : await service.analyzeChangedPaths({ ...target, ...mode, ...scope }, principal);
    if (options.updateBaseline !== undefined) await updateBaseline(context, run.run_id, options.updateBaseline);
    return run;
  });
  if (options.json) printJson(result);
  else process.stdout.write('changed_files' in result ? changedText(result) : summaryText(result));
  return EXIT.ok;
}

function summaryText(summary: RunSummary): string {
  const { health, findings, inventory } = summary;
  const families = Object.entries(findings.by_family)
    .filter(([, count]) => count > 0)
    .map(([family, count]) => `${family} ${count}`)
    .join(', ');
  return [
    `run ${summary.run_id}  ${summary.repository}@${summary.commit.slice(0, 12)}  (${summary.mode})`,
    `health ${health.available ? `${health.score} (${health.grade})` : 'unavailable'}${health.dimensions.map((dimension) => `  ${dimension.name} ${dimension.score}`).join('')}`,
    `${inventory.files} files, ${inventory.lines} lines, ${inventory.functions} functions, ${inventory.classes} classes`,
    `${findings.total} findings${families === '' ? '' : `: ${families}`} (${findings.new} new, ${findings.known} known; baseline ${summary.baseline.status})`,
    ...(summary.coverage_join ? [coverageLine(summary.coverage_join)] : []),
    ...apiLines(summary.diff),
    ...summary.warnings.map((warning) => `note: ${warning}`),
    `next: lore analyze ... --json, or list_findings {run_id: "${summary.run_id}"} over MCP`,
    '',
  ].join('\n');
}

function coverageLine(join: NonNullable<RunSummary['coverage_join']>): string {
  if (join.status === 'invalid') return `coverage: invalid (${join.invalid_reason})`;
  const overall = join.overall_permille === null ? 'no line measured' : `${join.overall_permille / 10}% of lines`;
  return `coverage: ${overall}, ${join.coverage_hotspots} coverage hotspot(s), ${join.scope_gap_hotspots} scope gap hotspot(s) (below ${join.hotspot_threshold_percent}%)`;
}

/** The typing, docstring and API deltas against the baseline, when there are any to tell. */
function apiLines(diff: RunSummary['diff']): string[] {
  const signed = (value: number) => `${value > 0 ? '+' : ''}${value / 10}`;
  const typing = [
    ['parameters typed', diff.typing_param_permille_delta],
    ['returns typed', diff.typing_return_permille_delta],
    ['public symbols documented', diff.docstring_permille_delta],
  ]
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .map(([name, delta]) => `${name} ${signed(delta)} points`);
  const api =
    diff.api_breaking_changes === null
      ? []
      : [`api: ${diff.api_breaking_changes} breaking change(s), ${diff.new_api_symbols} new symbol(s) against the baseline`];
  return [...(typing.length === 0 ? [] : [`against the baseline: ${typing.join(', ')}`]), ...api];
}

function changedText(run: ChangedRun): string {
  return [
    `run ${run.run_id}  ${run.changed_files.length} changed file(s): ${run.verdict}`,
    `${run.new_findings} finding(s) touch them (production ${run.new_by_source_kind.production}, tests ${run.new_by_source_kind.tests}, mixed ${run.new_by_source_kind.mixed})`,
    '',
  ].join('\n');
}
