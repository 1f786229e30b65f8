import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { INDEX_JOB_STATES, type IndexJob, type ListIndexJobsInput } from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface JobsOptions extends JsonOption {
  state?: string;
  limit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('jobs')
    .description('Index jobs on the queue (LORE_QUEUE_URL): one by id with its progress and error, or the newest first.')
    .argument('[jobId]', 'the job to show')
    .option('--state <state>', `only jobs in this state: ${INDEX_JOB_STATES.join(', ')}`)
    .option('--limit <n>', 'at most this many jobs (default 20, at most 100)')
    .option('--json', 'print the job, or {jobs}, as JSON')
    .action(runAction(jobsCommand));

async function jobsCommand(jobId: string | undefined, options: JobsOptions): Promise<number> {
  await withServices(async (context) => {
    const service = context.get(IndexJobsService);
    const principal = context.get(PrincipalResolver).local();
    if (jobId !== undefined) {
      const job = await service.getIndexJob({ jobId }, principal);
      if (options.json) printJson(job);
      else printJob(job);
      return;
    }
    const input = { state: options.state, limit: options.limit } as unknown as ListIndexJobsInput;
    const page = await service.listIndexJobs(input, principal);
    if (options.json) printJson(page);
    else for (const job of page.jobs) printJob(job);
  });
  return EXIT.ok;
}

/** One line per job for people: id, state, repository, attempts, progress or error. */
export function printJob(job: IndexJob): void {
  const progress = job.progress
    ? ` ${job.progress.phase} ${job.progress.done}/${job.progress.total}` +
      (job.progress.files === null ? '' : `, ${job.progress.files} files`) +
      (job.progress.symbols === null ? '' : `, ${job.progress.symbols} symbols`) +
      (job.progress.embeddedChunks === null ? '' : `, ${job.progress.embeddedChunks} chunks embedded`)
    : '';
  const error = job.error ? ` error ${job.error.code}: ${job.error.message}` : '';
  process.stdout.write(
    `job ${job.jobId} ${job.state} ${job.repositoryId}${job.commit ? `@${job.commit.slice(0, 12)}` : ''} ` +
      `(attempts ${job.attemptsMade}/${job.maxAttempts})${progress}${error}\n`,
  );
}
