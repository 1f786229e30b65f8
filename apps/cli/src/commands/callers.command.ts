import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { type CallWalkOptions, callWalkInput, printCallWalk, withCallWalkOptions } from '../call-walk-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  withCallWalkOptions(
    program.command('callers').description('Who calls a symbol: direct callers, or with --depth the callers of callers, nearest first.'),
    'get_callers',
  ).action(runAction(callersCommand));

async function callersCommand(symbol: string, options: CallWalkOptions): Promise<number> {
  const result = await withServices((context) =>
    context.get(CallersService).getCallers(callWalkInput(symbol, options), context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson(result);
  else printCallWalk(result.target, result.callers, result.warnings, 'no callers');
  return EXIT.ok;
}
