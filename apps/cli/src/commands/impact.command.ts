import type { Command } from 'commander';
import { parseUid } from '@lore/domain';
import type { AnalyzeImpactResult } from '@lore/domain/schemas/impact';
import { type ChangeTargetOptions, changeTargetInput, withChangeTargetOptions } from '../change-target-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { readFromLore } from '../running-lore';
import { EXIT, printJson } from '../output';

interface ImpactOptions extends ChangeTargetOptions {
  failOn?: string;
  tests?: boolean;
}

export const register: RegisterCommand = (program: Command) =>
  withChangeTargetOptions(
    program
      .command('impact')
      .description('If this changes, what else is affected? Dependents with evidence, importing files, tests to run, document sections.'),
  )
    .option('--tests', 'list the tests to run (by default only counted)')
    .option('--fail-on <n>', 'exit 5 when more than n symbols are affected (for CI)')
    .option('--json', 'print the analyze_impact result as JSON')
    .action(runAction(impactCommand));
async function impactCommand(target: string | undefined, options: ImpactOptions): Promise<number> {
  const input = changeTargetInput(target, options);
  const result = await readFromLore({ path: '/api/v1/impact', input }, (context, principal) => {
    // Loaded only when no running Lore answered: the services' modules take seconds to load.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { ImpactService } = require('@lore/knowledge/impact/impact.service') as typeof import('@lore/knowledge/impact/impact.service');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return context.get(ImpactService).analyzeImpact(input, principal);
  });
  if (options.json) printJson(result);
  else printImpact(result, Boolean(options.tests));
  const threshold = options.failOn === undefined ? Infinity : Number(options.failOn);
  if (result.summary.affectedSymbols > threshold) {
    process.stderr.write(`${result.summary.affectedSymbols} symbols affected: more than --fail-on ${options.failOn}\n`);
    return EXIT.thresholdExceeded;
  }
  return EXIT.ok;
}

function printImpact(result: AnalyzeImpactResult, listTests: boolean): void {
  const { summary } = result;
  const lines = [
    `targets: ${result.targets.map((symbol) => symbol.qualifiedName).join(', ') || '(no symbols)'}`,
    `affected: ${summary.affectedSymbols} symbol(s), ${summary.affectedFiles} importing or calling file(s), ${summary.tests} test(s), ${summary.documentSections} document section(s) in ${summary.repositories.join(', ') || 'no repository'}`,
    ...result.affected.map(
      (step) =>
        `  ${step.distance}  ${step.symbol.qualifiedName}  ${step.symbol.repositoryId}:${step.symbol.path}:${step.symbol.startLine}  (${step.evidence[0]!.type.toLowerCase()}, ${step.confidence})`,
    ),
    // Tests are most of a large answer (972 of compose's 1,000 lines in hono): counted unless asked for.
    ...(result.tests.length === 0
      ? []
      : listTests
        ? ['tests:', ...result.tests.map((test) => `  ${test.test.path}: ${test.test.qualifiedName} (${test.via})`)]
        : [`tests: ${result.tests.length} in ${new Set(result.tests.map((test) => test.test.path)).size} file(s) (--tests lists them)`]),
    ...(result.documents.length > 0 ? ['documents:', ...sectionLines(result.documents)] : []),
    ...result.warnings.map((warning) => `warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** One line per section, naming every affected symbol it mentions (the answer has a row per mention). */
function sectionLines(documents: AnalyzeImpactResult['documents']): string[] {
  const sections = new Map<string, { line: string; mentions: string[] }>();
  for (const section of documents) {
    const key = `${section.repositoryId}\0${section.documentPath}\0${section.startLine}`;
    const entry = sections.get(key) ?? { line: `  ${section.documentPath}:${section.startLine} ${section.title}`, mentions: [] };
    const named = parseUid(section.mentions);
    entry.mentions.push(named.qualifiedName ?? named.path ?? section.mentions);
    sections.set(key, entry);
  }
  return [...sections.values()].map(({ line, mentions }) => `${line} (names ${[...new Set(mentions)].join(', ')})`);
}
