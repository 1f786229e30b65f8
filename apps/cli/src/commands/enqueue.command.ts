import { isAbsolute, resolve } from 'node:path';
import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { IndexJob } from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';
import { printJob } from './jobs.command';

interface EnqueueOptions extends JsonOption {
  name?: string;
  commit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('enqueue')
    .description("Queue an index job for `lore worker` (needs LORE_QUEUE_URL): a directory of the workers' machines, or a git URL.")
    .argument('<source>', 'a directory (made absolute here) or a git URL without credentials')
    .option('--name <id>', 'repository id (default: the directory or URL name)')
    .option('--commit <sha>', 'the commit to index (default: the directory as it is, or the remote HEAD)')
    .option('--json', 'print the job as JSON')
    .action(runAction(enqueueCommand));

/** Something that is not a URL or an scp-like git address is a path, relative to where the command runs. */
function sourceOf(argument: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(argument) || /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/.test(argument)) return argument;
  return isAbsolute(argument) ? argument : resolve(argument);
}

async function enqueueCommand(source: string, options: EnqueueOptions): Promise<number> {
  const job: IndexJob = await withServices((context) =>
    context
      .get(IndexJobsService)
      .enqueueIndex(
        { source: sourceOf(source), repositoryId: options.name, commit: options.commit },
        context.get(PrincipalResolver).local(),
      ),
  );
  if (options.json) printJson(job);
  else printJob(job);
  return EXIT.ok;
}
