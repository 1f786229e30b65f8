import { Command } from 'commander';
import { runInCallContext } from '@lore/access/call-context';
import { runWithBookmark } from '@lore/domain/bookmarks';
import { exitAfterOutput, reportError } from './output';

/**
 * One CLI command: a file `commands/<name>.command.ts` exporting `register`, which adds the command
 * to the program (main.ts registers every such file).
 */
export type RegisterCommand = (program: Command) => void;

export interface JsonOption {
  json?: boolean;
}

/** Runs a command action and exits with its code; errors are reported as the caller asked (--json or not). */
export function runAction<A extends unknown[]>(action: (...args: A) => Promise<number>) {
  return async (...args: A): Promise<void> => {
    // The options object: not the Command, and not a variadic argument's array.
    const options = args.find(
      (arg): arg is JsonOption => typeof arg === 'object' && arg !== null && !Array.isArray(arg) && !(arg instanceof Command),
    );
    let code: number;
    try {
      // LORE_BOOKMARK: a bookmark another command or server returned; this command reads after its writes.
      code = await runInCallContext({ door: 'cli' }, () => runWithBookmark(process.env.LORE_BOOKMARK, () => action(...args)));
    } catch (error) {
      code = reportError(error, Boolean(options?.json));
    }
    await exitAfterOutput(code);
  };
}
