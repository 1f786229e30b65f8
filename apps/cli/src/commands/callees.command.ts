import type { Command } from 'commander';
import { type CallWalkOptions, callWalkInput, printCallWalk, withCallWalkOptions } from '../call-walk-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { readFromLore } from '../running-lore';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  withCallWalkOptions(
    program.command('callees').description('What a symbol calls: direct callees, or with --depth what they call, nearest first.'),
    'get_callees',
  ).action(runAction(calleesCommand));

async function calleesCommand(symbol: string, options: CallWalkOptions): Promise<number> {
  const input = callWalkInput(symbol, options);
  const result = await readFromLore({ path: '/api/v1/callees', input }, (context, principal) => {
    // Loaded only when no running Lore answered: the services' modules take seconds to load.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { CalleesService } =
      require('@lore/knowledge/callees/callees.service') as typeof import('@lore/knowledge/callees/callees.service');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return context.get(CalleesService).getCallees(input, principal);
  });
  if (options.json) printJson(result);
  else printCallWalk(result.source, result.callees, result.warnings, 'no callees');
  return EXIT.ok;
}
