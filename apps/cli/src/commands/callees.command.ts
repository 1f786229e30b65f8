import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { type CallWalkOptions, callWalkInput, printCallWalk, withCallWalkOptions } from '../call-walk-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  withCallWalkOptions(
    program.command('callees').description('What a symbol calls: direct callees, or with --depth what they call, nearest first.'),
    'get_callees',
  ).action(runAction(calleesCommand));

async function calleesCommand(symbol: string, options: CallWalkOptions): Promise<number> {
  const result = await withServices((context) =>
    context.get(CalleesService).getCallees(callWalkInput(symbol, options), context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson(result);
  else printCallWalk(result.source, result.callees, result.warnings, 'no callees');
  return EXIT.ok;
}
