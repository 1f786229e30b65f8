import { readFileSync, writeFileSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type {
  CompareRunsResult,
  EvaluateGatesInput,
  GateEvaluation,
  GetReportSectionInput,
  ReportSection,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { runAction } from './cli-command';
import { withServices } from './cli-context';
import { EXIT, printJson } from './output';

/**
 * `lore analyze compare|gates|report`: the review half of code health analysis over stored runs.
 * Registered on the `analyze` command.
 */
export function registerAnalysisReviewCommands(analyze: Command): void {
  analyze
    .command('compare <before> <after>')
    .description('compare_runs: regressions, improvements, health_delta and the verdict between two stored runs')
    .option('--focus <focus>', 'all (default) or production')
    .option('--json', 'print the compare_runs result as JSON')
    .action(
      withParentOptions(async (before: string, after: string, options: { focus?: 'all' | 'production'; json?: boolean }) => {
        const result = await review((service, principal) =>
          service.compareRuns(
            { run_id_before: before, run_id_after: after, ...(options.focus ? { focus: options.focus } : {}) },
            principal,
          ),
        );
        if (options.json) printJson(result);
        else process.stdout.write(comparisonText(result));
        return EXIT.ok;
      }),
    );
  analyze
    .command('gates [runId]')
    .description('evaluate_gates: what lore check would decide on a stored run (latest by default), against the stored baseline')
    .option('--fail-on <severities>', 'new findings of these severities fail (comma-separated; default critical,warning; "" for none)')
    .option('--health-min <n>', 'the least health score (with a baseline, only below the baseline’s too)')
    .option('--coverage-min <percent>', 'the least line coverage (needs a run analysed with --coverage-xml)')
    .option(
      '--fail-on-untested-hotspots',
      'fail on new complex functions below 50% coverage or outside the coverage report (needs --coverage-xml)',
    )
    .option('--json', 'print the evaluate_gates result as JSON')
    .action(
      withParentOptions(async (runId: string | undefined, options: GateOptions & { json?: boolean }) => {
        const result = await review((service, principal) =>
          service.evaluateGates({ ...gateInput(options), ...(runId ? { run_id: runId } : {}) }, principal),
        );
        if (options.json) printJson(result);
        else process.stdout.write(gatesText(result));
        return EXIT.ok;
      }),
    );
  analyze
    .command('report <section> [runId]')
    .description(
      'get_report_section: a section of a stored run’s canonical report (all, meta, inventory, findings, metrics, metrics_detail, derived, integrity, changed)',
    )
    .option('--family <family>', 'metrics_detail: functions, classes, modules or health')
    .option('--path <path>', 'metrics_detail: only items under this path')
    .option('--offset <n>', 'metrics_detail: the first item')
    .option('--limit <n>', 'metrics_detail: at most this many items')
    .option('--json', 'print the get_report_section result as JSON (the section is JSON either way)')
    .action(
      withParentOptions(
        async (
          // Typed as get_report_section's input: the service validates what the user typed.
          section: GetReportSectionInput['section'],
          runId: string | undefined,
          options: { family?: GetReportSectionInput['family']; path?: string; offset?: string; limit?: string; json?: boolean },
        ) => {
          const input: GetReportSectionInput = {
            section,
            ...(runId ? { run_id: runId } : {}),
            ...(options.family ? { family: options.family } : {}),
            ...(options.path ? { path: options.path } : {}),
            ...(options.offset ? { offset: Number(options.offset) } : {}),
            ...(options.limit ? { limit: Number(options.limit) } : {}),
          };
          const result = await review((service, principal) => service.getReportSection(input, principal));
          printJson(options.json ? result : (result satisfies ReportSection).content);
          return EXIT.ok;
        },
      ),
    );
}

/**
 * Commander hands an option the parent `analyze` defines too (`--json`) to the parent: the action's
 * options are merged with the parent's, so an answer and an error are printed as asked either way.
 */
function withParentOptions<A extends unknown[]>(action: (...args: A) => Promise<number>) {
  const run = runAction(action);
  return (...args: A): Promise<void> => {
    const command = args.at(-1) as Command;
    Object.assign(args.at(-2) as object, command.optsWithGlobals());
    return run(...args);
  };
}

export interface GateOptions {
  failOn?: string;
  healthMin?: string;
  coverageMin?: string;
  failOnUntestedHotspots?: boolean;
}

/** evaluate_gates' thresholds from the command line (the service validates them). */
export function gateInput(
  options: GateOptions,
): Pick<EvaluateGatesInput, 'fail_on_new' | 'health_min' | 'coverage_min' | 'fail_on_untested_hotspots'> {
  return {
    ...(options.failOn === undefined
      ? {}
      : {
          fail_on_new: options.failOn
            .split(',')
            .map((severity) => severity.trim())
            .filter(Boolean) as EvaluateGatesInput['fail_on_new'],
        }),
    ...(options.healthMin === undefined ? {} : { health_min: Number(options.healthMin) }),
    ...(options.coverageMin === undefined ? {} : { coverage_min: Number(options.coverageMin) }),
    ...(options.failOnUntestedHotspots ? { fail_on_untested_hotspots: true } : {}),
  };
}

export function review<T>(
  work: (service: AnalysisReviewService, principal: ReturnType<PrincipalResolver['local']>) => Promise<T>,
): Promise<T> {
  return withServices((context) => work(context.get(AnalysisReviewService), context.get(PrincipalResolver).local()));
}

/** lore analyze --update-baseline: accepts the run as the stored baseline (an admin's act), and writes it to a file when one is named. */
export async function updateBaseline(context: INestApplicationContext, runId: string, file: true | string): Promise<void> {
  const baseline = await context.get(AnalysisReviewService).updateBaseline({ run_id: runId }, context.get(PrincipalResolver).local());
  if (typeof file === 'string') writeText(file, JSON.stringify(baseline, null, 2));
  process.stderr.write(
    `baseline ${baseline.digest.slice(0, 12)}: ${baseline.findings.length} finding(s) of run ${runId} accepted for ${baseline.repository}\n`,
  );
}

/** Reads a file the caller named (a baseline), as text. */
export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

export function writeText(path: string, text: string): void {
  writeFileSync(path, text.endsWith('\n') ? text : `${text}\n`);
}

function comparisonText(result: CompareRunsResult): string {
  if (!result.comparable) return `runs ${result.run_id_before} → ${result.run_id_after}: incomparable. ${result.reason}\n`;
  const lines = [
    `runs ${result.run_id_before} → ${result.run_id_after}: ${result.verdict}, health ${result.health_before ?? '-'} → ${result.health_after ?? '-'} (${result.health_delta === null ? 'n/a' : `${result.health_delta >= 0 ? '+' : ''}${result.health_delta}`}), ${result.unchanged} unchanged`,
    ...result.regressions.map((finding) => `  + ${finding.severity} ${finding.id} ${finding.title} (${finding.locations.join(', ')})`),
    ...result.improvements.map((finding) => `  - ${finding.severity} ${finding.id} ${finding.title} (${finding.locations.join(', ')})`),
  ];
  return `${lines.join('\n')}\n`;
}

export function gatesText(result: GateEvaluation): string {
  const lines = [
    `gates ${result.verdict.toUpperCase()}: run ${result.run_id} of ${result.repository}, baseline ${result.baseline.status}${result.baseline.digest ? ` ${result.baseline.digest.slice(0, 12)}` : ''}, ${result.new_findings.length} new, ${result.known_findings} known`,
    ...result.gates.map((gate) => `  ${gate.passed ? 'pass' : 'FAIL'} ${gate.gate}: ${gate.measured} (threshold: ${gate.threshold})`),
    ...result.new_findings.map((finding) => `  new ${finding.severity} ${finding.id} ${finding.title} (${finding.locations.join(', ')})`),
  ];
  return `${lines.join('\n')}\n`;
}
