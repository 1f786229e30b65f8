import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { discoverExports } from '@lore/config/discovery';
import { LORE_VERSION } from '@lore/config/lore-version';
import type { RegisterCommand } from './cli-command';
import { exitAfterOutput } from './exit';

const program = new Command()
  .name('lore')
  .description('Code knowledge from your repositories: index them into Neo4j, ask over MCP, GraphQL, REST or here.')
  .version(LORE_VERSION)
  .showHelpAfterError()
  .exitOverride((error) => {
    // Thrown rather than exiting here, so that help and usage errors reach a pipe whole too (below).
    throw error;
  });

const COMMANDS = join(__dirname, 'commands');
/**
 * Only the command asked for is loaded: each file loads what its command needs (services, Nest, the
 * Neo4j driver), and loading all of them took seconds before `lore --version` could answer. Help, an
 * unknown name or no command at all register every one (`commands/*.command.ts`, see discoverExports).
 */
function commandFiles(name: string | undefined): RegisterCommand[] {
  if (name === '--version' || name === '-V') return [];
  const file =
    name !== undefined &&
    /^[a-z][a-z-]*$/.test(name) &&
    ['.js', '.ts'].map((extension) => join(COMMANDS, `${name}.command${extension}`)).find(existsSync);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const modules = file ? [require(file) as Record<string, unknown>] : discoverExports(COMMANDS, '.command');
  return modules.map((exports) => exports.register as RegisterCommand);
}
for (const register of commandFiles(process.argv[2])) register(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) return exitAfterOutput(error.exitCode === 0 ? 0 : 2);
  throw error;
});
