import type { Command } from 'commander';
import { SystemService } from '@lore/knowledge/system/system.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('migrate')
    .description('Apply the schema migrations in cypher/migrations.')
    .option('--json', 'print the report as JSON')
    .action(runAction(migrateCommand));

async function migrateCommand(options: JsonOption): Promise<number> {
  const report = await withServices((context) => context.get(SystemService).migrate());
  if (options.json) printJson(report);
  else process.stdout.write(`applied: ${report.applied.join(', ') || 'none'}; already applied: ${report.alreadyApplied.length}\n`);
  return EXIT.ok;
}
