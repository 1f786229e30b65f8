import type { Command } from 'commander';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { type IndexOptions, indexer, reindexOnChange, untilSignalled } from '../index-runs';
import { EXIT, notice } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('index')
    .description('Index a repository (a directory; git work trees use git for the file list and commit).')
    .argument('[path]', 'repository directory', '.')
    .option('--name <id>', 'repository id (default: the directory name)')
    .option('--json', 'print the index run summary as JSON')
    .option('--progress-json', 'write progress as JSON Lines on stderr: {"progress": {phase, done, total, unit, elapsedMs, etaMs}}')
    .option('--watch', 'keep running: index again after every change (only what changed is read again)')
    .action(runAction(indexCommand));

async function indexCommand(path: string, options: IndexOptions): Promise<number> {
  await withServices(async (context) => {
    // A watch keeps the process: chunks are embedded after each run instead of delaying it.
    if (options.watch) context.get(SemanticIndex).embedInBackground();
    const index = indexer(context, path, options);
    const started = Date.now();
    // Not among --progress-json's lines, which a script reads as JSON.
    if (!options.progressJson) notice(await context.get(SemanticIndex).describe());
    await index();
    if (options.watch) await reindexOnChange(path, index, options, untilSignalled(), started);
  });
  return EXIT.ok;
}
