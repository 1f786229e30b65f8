import { join } from 'node:path';
import { Command } from 'commander';
import { discoverExports } from '@lore/config';
import type { RegisterCommand } from './cli-command';

const program = new Command()
  .name('lore')
  .description('Code knowledge from your repositories: index them into Neo4j, ask over MCP, GraphQL, REST or here.')
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

// Every `commands/*.command.ts` adds its command (see discoverExports).
for (const command of discoverExports(join(__dirname, 'commands'), '.command')) (command.register as RegisterCommand)(program);

void program.parseAsync(process.argv);
