import { join } from 'node:path';
import type { Command } from 'commander';
import { IndexWorker } from '@lore/knowledge/index-jobs/index-worker';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { untilSignalled } from '../index-runs';
import { EXIT, notice } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('worker')
    .description('Do the index jobs queued on LORE_QUEUE_URL (lore enqueue, the REST and MCP doors, push webhooks) until stopped.')
    .action(runAction(workerCommand));

/**
 * Takes index jobs until Ctrl-C or SIGTERM; then finishes the jobs in hand and stops. A worker killed
 * outright leaves its job to be taken again by another worker once its lock runs out (LORE_QUEUE_LOCK_MS).
 */
async function workerCommand(): Promise<number> {
  await withServices(async (context) => {
    notice(await context.get(SemanticIndex).describe());
    // Each job in a worker thread: this thread only renews the jobs' locks, never blocked by a run.
    const worker = context.get(IndexWorker).start(join(__dirname, '..', 'index-job-processor.js'));
    process.stderr.write('lore worker: taking index jobs (Ctrl-C to stop)\n');
    await untilSignalled();
    process.stderr.write('lore worker: stopping after the jobs in hand\n');
    await worker.close();
  });
  return EXIT.ok;
}
