import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { AnalyzeImpactInput, AnalyzeImpactResult } from '@lore/domain/schemas/impact';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface ImpactOptions extends JsonOption {
  uid?: boolean;
  path?: string;
  paths?: string;
  diff?: string;
  repo?: string;
  depth?: string;
  minConfidence?: string;
  limit?: string;
  failOn?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('impact')
    .description(
      'If this changes, what else is affected? <target> is a symbol (name, qualified name, or uid with --uid), a file (a path with a /), or lines of a file (path:start-end); or give --paths or --diff instead.',
    )
    .argument('[target]', 'symbol, path, or path:start-end')
    .option('--uid', 'the target is a symbol uid')
    .option('--path <file>', 'with a symbol name: the file it is declared in')
    .option('--paths <files>', 'changed files, comma-separated')
    .option('--diff <range>', 'a git range: base..head, base...head, or one ref against the working tree')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--depth <n>', 'dependency steps to follow (1-5, default 3)')
    .option('--min-confidence <confidence>', 'follow only calls resolved at least this surely: exact, import, name, ambiguous')
    .option('--limit <n>', 'at most this many affected symbols (default 200)')
    .option('--fail-on <n>', 'exit 5 when more than n symbols are affected (for CI)')
    .option('--json', 'print the analyze_impact result as JSON')
    .action(runAction(impactCommand));

async function impactCommand(target: string | undefined, options: ImpactOptions): Promise<number> {
  const result = await withServices((context) =>
    context.get(ImpactService).analyzeImpact(impactInput(target, options), context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson(result);
  else printImpact(result);
  const threshold = options.failOn === undefined ? Infinity : Number(options.failOn);
  if (result.summary.affectedSymbols > threshold) {
    process.stderr.write(`${result.summary.affectedSymbols} symbols affected: more than --fail-on ${options.failOn}\n`);
    return EXIT.thresholdExceeded;
  }
  return EXIT.ok;
}

const LINES = /^(.+):(\d+)(?:-(\d+))?$/;

/** The service input the arguments stand for (the service validates it). */
function impactInput(target: string | undefined, options: ImpactOptions): AnalyzeImpactInput {
  const given = {
    repositoryId: options.repo,
    paths: options.paths?.split(',').filter(Boolean),
    diff: options.diff,
    depth: options.depth === undefined ? undefined : Number(options.depth),
    minConfidence: options.minConfidence as AnalyzeImpactInput['minConfidence'],
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
  if (target === undefined) return { ...given, path: options.path };
  if (options.uid) return { ...given, uid: target, path: options.path };
  const lines = LINES.exec(target);
  if (lines && lines[1]!.includes('/')) {
    return { ...given, path: lines[1], startLine: Number(lines[2]), endLine: lines[3] === undefined ? undefined : Number(lines[3]) };
  }
  if (target.includes('/')) return { ...given, path: target };
  return { ...given, name: target, path: options.path };
}

function printImpact(result: AnalyzeImpactResult): void {
  const { summary } = result;
  const lines = [
    `targets: ${result.targets.map((symbol) => symbol.qualifiedName).join(', ') || '(no symbols)'}`,
    `affected: ${summary.affectedSymbols} symbol(s), ${summary.affectedFiles} importing file(s), ${summary.tests} test(s), ${summary.documentSections} document section(s) in ${summary.repositories.join(', ') || 'no repository'}`,
    ...result.affected.map(
      (step) =>
        `  ${step.distance}  ${step.symbol.qualifiedName}  ${step.symbol.repositoryId}:${step.symbol.path}:${step.symbol.startLine}  (${step.evidence[0]!.type.toLowerCase()}, ${step.confidence})`,
    ),
    ...(result.tests.length > 0
      ? ['tests:', ...result.tests.map((test) => `  ${test.test.path}: ${test.test.qualifiedName} (${test.via})`)]
      : []),
    ...(result.documents.length > 0
      ? ['documents:', ...result.documents.map((section) => `  ${section.documentPath}:${section.startLine} ${section.title}`)]
      : []),
    ...result.warnings.map((warning) => `warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
