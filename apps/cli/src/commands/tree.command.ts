import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidInputError } from '@lore/domain/errors';
import type { GetProjectStructureInput, ProjectStructure } from '@lore/domain/schemas/structure';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { readFromLore } from '../running-lore';
import { EXIT, printJson } from '../output';

interface TreeOptions extends JsonOption {
  repo?: string;
  path?: string;
  depth?: string;
  include?: string[];
  exclude?: string[];
  cursor?: string;
  limit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('tree')
    .description('The directories and files of an indexed repository, with sizes, languages, line and symbol counts.')
    .argument(
      '[repository]',
      'the repository (needed only when several are indexed): its id, or the directory it was indexed from (/srv/shop, ., ../shop)',
    )
    .option('--repo <id>', 'the repository, as every other command names it (the same as the argument)')
    .option('--path <prefix>', 'only below this directory')
    .option('--depth <n>', 'at most this many levels below it (1-32, default 10)')
    .option('--include <glob...>', 'only files matching one of these globs (a glob without / matches file names)')
    .option('--exclude <glob...>', 'leave out files matching any of these globs')
    .option('--cursor <cursor>', 'the next page: nextCursor of the previous one, with the same other options')
    .option('--limit <n>', 'at most this many entries (1-1000, default 200)')
    .option('--json', 'print the get_project_structure result as JSON')
    .action(runAction(treeCommand));

async function treeCommand(repository: string | undefined, options: TreeOptions): Promise<number> {
  if (repository !== undefined && options.repo !== undefined && repository !== options.repo)
    throw new InvalidInputError(`Name the repository once: '${repository}' or --repo ${options.repo}.`);
  const input: GetProjectStructureInput = {
    ...repositoryOrDirectory(repository ?? options.repo),
    pathPrefix: options.path,
    depth: options.depth === undefined ? undefined : Number(options.depth),
    include: options.include,
    exclude: options.exclude,
    cursor: options.cursor,
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
  const result = await readFromLore({ path: '/api/v1/structure', input }, (context, principal) => {
    // Loaded only when no running Lore answered: the services' modules take seconds to load.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { ProjectStructureService } =
      require('@lore/knowledge/structure/structure.service') as typeof import('@lore/knowledge/structure/structure.service');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return context.get(ProjectStructureService).getProjectStructure(input, principal);
  });
  if (options.json) printJson(result);
  else printTree(result);
  return EXIT.ok;
}

/** A repository named by the directory it was indexed from when written as a path (absolute, or from . or ..), else by its id. */
function repositoryOrDirectory(repository: string | undefined): Pick<GetProjectStructureInput, 'repositoryId' | 'workspace_path'> {
  if (repository === undefined) return {};
  return /^(\/|\.\.?(\/|$))/.test(repository) ? { workspace_path: resolve(repository) } : { repositoryId: repository };
}

/** One line per entry, indented by depth: directories with a slash and their file count, files with language and lines. */
function printTree({ repositoryId, commitSha, pathPrefix, entries, summary, nextCursor, warnings }: ProjectStructure): void {
  const lines = [
    `${repositoryId}:${pathPrefix === '' ? '.' : pathPrefix} at ${commitSha.slice(0, 12)}  ${summary.files} files, ${summary.bytes} bytes, ${summary.symbols} symbols`,
    ...entries.map((entry) => {
      const name = `${'  '.repeat(entry.depth)}${basename(entry.path)}`;
      return entry.kind === 'directory'
        ? `${name}/  (${entry.files} files)`
        : `${name}  ${entry.language}, ${entry.lines} lines, ${entry.bytes} bytes${entry.blocked ? ', blocked' : ''}`;
    }),
    ...(nextCursor === null ? [] : [`  more: --cursor ${nextCursor}`]),
    ...warnings.map((warning) => `  warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
