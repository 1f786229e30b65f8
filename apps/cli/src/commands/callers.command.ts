import type { Command } from 'commander';
import { type CallWalkOptions, callWalkInput, printCallWalk, withCallWalkOptions } from '../call-walk-options';
import { type RegisterCommand, runAction } from '../cli-command';
import { readFromLore } from '../running-lore';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  withCallWalkOptions(
    program.command('callers').description('Who calls a symbol: direct callers, or with --depth the callers of callers, nearest first.'),
    'get_callers',
  ).action(runAction(callersCommand));

async function callersCommand(symbol: string, options: CallWalkOptions): Promise<number> {
  const input = callWalkInput(symbol, options);
  const result = await readFromLore({ path: '/api/v1/callers', input }, (context, principal) => {
    // Loaded only when no running Lore answered: the services' modules take seconds to load.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { CallersService } =
      require('@lore/knowledge/callers/callers.service') as typeof import('@lore/knowledge/callers/callers.service');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return context.get(CallersService).getCallers(input, principal);
  });
  if (options.json) printJson(result);
  else printCallWalk(result.target, result.callers, result.warnings, 'no callers', result.fileCallers);
  return EXIT.ok;
}
