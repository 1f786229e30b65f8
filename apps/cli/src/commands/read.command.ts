import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { FileSpan } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('read')
    .description('Print the lines a resource URI names (code://, symbol://, doc://), as they were at the indexed commit.')
    .argument(
      '<uri>',
      'code://{repo}/{commit}/{path}#L{start}-L{end}, symbol://{repo}/{commit}/{qualifiedName} or doc://{repo}/{commit}/{path}',
    )
    .option('--max-lines <n>', 'at most this many lines (1-1000, default 200)')
    .option('--json', 'print the get_file_span result as JSON')
    .action(runAction(readCommand));

async function readCommand(uri: string, options: JsonOption & { maxLines?: string }): Promise<number> {
  const input = { uri, maxLines: options.maxLines === undefined ? undefined : Number(options.maxLines) };
  const span = await withServices((context) => context.get(FileSpanService).getFileSpan(input, context.get(PrincipalResolver).local()));
  if (options.json) printJson(span);
  else printSpan(span);
  return EXIT.ok;
}

/** The text on stdout, as a pipe wants it; where it is from, and what follows, on stderr. */
function printSpan(span: FileSpan): void {
  process.stderr.write(`${span.repositoryId}:${span.path}:${span.startLine}-${span.endLine} of ${span.lineCount} lines\n`);
  process.stdout.write(`${span.text}\n`);
  if (span.nextUri !== null) process.stderr.write(`truncated; the next lines: ${span.nextUri}\n`);
}
