import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { LORE_VERSION, discoverExports } from '@lore/config';
import type { RegisterCommand } from './cli-command';
import { exitAfterOutput } from './output';

const program = new Command()
  .name('lore')
  .description('Code knowledge from your repositories: index them into Neo4j, ask over MCP, GraphQL, REST or here.')
  .version(LORE_VERSION)
  .showHelpAfterError()
  .exitOverride((error) => {
    // Thrown rather than exiting here, so that help and usage errors reach a pipe whole too (below).
    throw error;
  });

// Every `commands/*.command.ts` adds its command (see discoverExports).
for (const command of discoverExports(join(__dirname, 'commands'), '.command')) (command.register as RegisterCommand)(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) return exitAfterOutput(error.exitCode === 0 ? 0 : 2);
  throw error;
});
