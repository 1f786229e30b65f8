import { type Command, Option } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { CALL_CONFIDENCES, type CallConfidence } from '@lore/domain';
import type { GetCallersInput, GetCallersResult } from '@lore/domain/schemas/callers';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface CallersOptions extends JsonOption {
  uid?: boolean;
  repo?: string;
  depth?: string;
  minConfidence?: CallConfidence;
  limit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('callers')
    .description('Who calls a symbol: direct callers, or with --depth the callers of callers, nearest first.')
    .argument('<symbol>', 'name, qualified name, or uid with --uid')
    .option('--uid', 'the argument is a symbol uid')
    .option('--repo <id>', 'look the name up in this repository only')
    .option('--depth <n>', 'follow callers this many calls away (1-5, default 1)')
    .addOption(
      new Option('--min-confidence <confidence>', 'follow only calls resolved at least this surely').choices([...CALL_CONFIDENCES]),
    )
    .option('--limit <n>', 'at most this many callers (1-500, default 100)')
    .option('--json', 'print the get_callers result as JSON')
    .action(runAction(callersCommand));

async function callersCommand(symbol: string, options: CallersOptions): Promise<number> {
  const input: GetCallersInput = {
    ...(options.uid ? { uid: symbol } : { name: symbol, repositoryId: options.repo }),
    depth: options.depth === undefined ? undefined : Number(options.depth),
    minConfidence: options.minConfidence,
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
  const result = await withServices((context) => context.get(CallersService).getCallers(input, context.get(PrincipalResolver).local()));
  if (options.json) printJson(result);
  else printCallers(result);
  return EXIT.ok;
}

function printCallers({ target, callers, warnings }: GetCallersResult): void {
  const lines = [
    `${target.kind} ${target.qualifiedName}  ${target.repositoryId}:${target.path}:${target.startLine}`,
    ...(callers.length === 0 ? ['  no callers'] : []),
    ...callers.map(
      (caller) =>
        `  ${'  '.repeat(caller.distance - 1)}${caller.symbol.qualifiedName}  ${caller.symbol.repositoryId}:${caller.symbol.path}:${caller.line}  (${caller.confidence}${caller.distance > 1 ? `, distance ${caller.distance}` : ''})`,
    ),
    ...warnings.map((warning) => `  warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
