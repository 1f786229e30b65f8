import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { RelatedTestsService } from '@lore/knowledge/related-tests/related-tests.service';
import { type ChangeTargetOptions, changeTargetInput, withChangeTargetOptions } from '../change-target-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  withChangeTargetOptions(
    program
      .command('tests-for')
      .description('The tests to run for a change, nearest first: one test file per line (jest $(lore tests-for src/x.ts)), or --json.'),
  )
    .option('--json', 'print the get_related_tests result as JSON')
    .action(runAction(testsForCommand));

async function testsForCommand(target: string | undefined, options: ChangeTargetOptions): Promise<number> {
  const result = await withServices((context) =>
    context.get(RelatedTestsService).getRelatedTests(changeTargetInput(target, options), context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson(result);
  else for (const file of result.testFiles) process.stdout.write(`${file}\n`);
  for (const warning of options.json ? [] : result.warnings) process.stderr.write(`warning: ${warning.message}\n`);
  return EXIT.ok;
}
