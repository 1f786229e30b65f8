import { resolve } from 'node:path';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { GateEvaluation } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { gateInput, type GateOptions, gatesText, readText, writeText } from '../analysis-review-commands';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface CheckOptions extends GateOptions {
  diff?: string;
  coverageXml?: string;
  /** true: the stored baseline (the default); a path: that baseline file; false (--no-baseline): none. */
  baseline?: boolean | string;
  sarif?: string;
  markdown?: string;
  json?: boolean;
}

/**
 * `lore check`: code health as a CI step. Analyses the indexed repository (scoped to a diff with
 * --diff), evaluates the gates against the baseline, writes SARIF and a Markdown summary when asked,
 * and exits 0 when every gate passes, 5 when one fails, 2 on a contract error (bad input, an
 * untrusted baseline), like every command's exit codes.
 */
export const register: RegisterCommand = (program: Command) =>
  program
    .command('check [repo]')
    .description(
      'Code health gate for CI: analyse the repository (a repository id, or its checkout path; default: the current directory), compare with the baseline, exit 0 (pass), 5 (a gate failed) or 2 (contract error)',
    )
    .option('--diff <range>', 'scope the run and the summary to the files a git revision or range changed')
    .option(
      '--baseline [file]',
      'judge against this baseline file (lore analyze --update-baseline <file> writes one); default: the stored baseline',
    )
    .option('--no-baseline', 'judge without a baseline: every finding is new')
    .option('--fail-on <severities>', 'new findings of these severities fail (comma-separated; default critical,warning)')
    .option('--health-min <n>', 'the least health score (with a baseline, only below the baseline’s too)')
    .option('--coverage-xml <file>', 'join this Cobertura coverage report (inside the repository) into the run')
    .option('--coverage-min <percent>', 'the least line coverage of the repository’s files in the coverage report (needs --coverage-xml)')
    .option(
      '--fail-on-untested-hotspots',
      'fail on new complex functions below 50% coverage or outside the coverage report (needs --coverage-xml)',
    )
    .option('--sarif <file>', 'write the run as SARIF 2.1.0 (for a code-scanning upload)')
    .option('--markdown <file>', 'write the pull-request summary as Markdown')
    .option('--json', 'print the evaluate_gates result as JSON')
    .action(runAction(checkCommand));

async function checkCommand(repo: string | undefined, options: CheckOptions): Promise<number> {
  const target = repo === undefined || /[\\/]|^\.\.?$/.test(repo) ? { root: resolve(repo ?? '.') } : { repository: repo };
  const baselineFile = typeof options.baseline === 'string' ? options.baseline : null;
  const baselineText = baselineFile === null ? null : readText(baselineFile);
  // Made absolute here, where the caller's directory is known; the service refuses it outside the repository.
  const coverage = options.coverageXml === undefined ? {} : { coverage_xml: resolve(options.coverageXml) };
  const gates = await withServices<GateEvaluation>(async (context) => {
    const health = context.get(CodeHealthService);
    const review = context.get(AnalysisReviewService);
    const principal = context.get(PrincipalResolver).local();
    const run =
      options.diff === undefined
        ? await health.analyzeRepository({ ...target, ...coverage }, principal)
        : await health.analyzeChangedPaths({ ...target, ...coverage, git_diff_ref: options.diff }, principal);
    const input = {
      ...gateInput(options),
      run_id: run.run_id,
      baseline: options.baseline === false ? ('none' as const) : ('stored' as const),
    };
    const result =
      baselineText === null
        ? await review.evaluateGates(input, principal)
        : await review.evaluateGatesWithBaseline(input, baselineText, baselineFile!, principal);
    if (options.sarif !== undefined)
      writeText(options.sarif, JSON.stringify(await review.exportSarif({ run_id: run.run_id }, principal), null, 2));
    if (options.markdown !== undefined) {
      const summary = await review.generatePrSummary(
        { run_id: run.run_id, format: 'markdown', ...(options.diff ? { git_diff_ref: options.diff } : {}) },
        principal,
      );
      writeText(options.markdown, summary.markdown!);
    }
    return result;
  });
  if (options.json) printJson(gates);
  else process.stdout.write(gatesText(gates));
  return gates.verdict === 'pass' ? EXIT.ok : EXIT.thresholdExceeded;
}
