import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { GetDocumentsInput, GetDocumentsResult } from '@lore/domain/schemas/documents';
import { DocumentsService } from '@lore/knowledge/documents/documents.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';
import { pathArgument } from '../path-argument';

interface DocsForOptions extends JsonOption {
  uid?: boolean;
  file?: boolean;
  repo?: string;
  limit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('docs-for')
    .description('The Markdown sections that mention a symbol or link its file, or link a file or name its symbols.')
    .argument(
      '<target>',
      'a symbol name or qualified name, a uid, or a file path (one with a /, or any with --file; ./ and ../ from the current directory)',
    )
    .option('--uid', 'the argument is a symbol uid')
    .option('--file', 'the argument is a file path')
    .option('--repo <id>', 'the repository of the file, or look the name up in this repository only')
    .option('--limit <n>', 'at most this many sections (1-200, default 50)')
    .option('--json', 'print the get_documents result as JSON')
    .action(runAction(docsForCommand));

async function docsForCommand(target: string, options: DocsForOptions): Promise<number> {
  const input: GetDocumentsInput = {
    ...targetOf(target, options),
    repositoryId: options.repo,
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
  const result = await withServices((context) => context.get(DocumentsService).getDocuments(input, context.get(PrincipalResolver).local()));
  if (options.json) printJson(result);
  else printDocuments(result);
  return EXIT.ok;
}

function targetOf(target: string, options: DocsForOptions): Pick<GetDocumentsInput, 'uid' | 'name' | 'path'> {
  if (options.uid) return { uid: target };
  return options.file || target.includes('/') ? { path: pathArgument(target) } : { name: target };
}

function printDocuments({ target, sections, warnings }: GetDocumentsResult): void {
  const asked = target.symbol ? `${target.symbol.kind} ${target.symbol.qualifiedName}  ` : '';
  const lines = [
    `${asked}${target.repositoryId}:${target.path}`,
    ...(sections.length === 0 ? ['  no document refers to it'] : []),
    ...sections.map(
      (section) =>
        `  ${section.path}:${section.startLine}-${section.endLine}  ${'#'.repeat(Math.max(section.level, 1))} ${section.title}  (${section.refersBy.join(', ')})`,
    ),
    ...warnings.map((warning) => `  warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
