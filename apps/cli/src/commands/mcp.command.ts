import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { InvalidInputError } from '@lore/domain';
import { type RegisterCommand, runAction } from '../cli-command';
import { openServices } from '../cli-context';
import { EXIT } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('mcp')
    .description('Serve MCP over stdio, for a local agent.')
    .option(
      '--profile <profile>',
      'The tools served: full, docgen_agent, review_agent or read_only_explorer (default: LORE_MCP_PROFILE, else full).',
    )
    .option('--as <server>', "Serve as one seed's server, in its shapes: codeclone, codedoc, knowledge or analysis (docs/mcp.md).")
    .action(runAction(mcpCommand));

/** MCP over stdio for a local agent; stdout carries only protocol messages. */
async function mcpCommand(options: { profile?: string; as?: string }): Promise<number> {
  // Loaded here, not with the CLI: every other command started about 0.1 s sooner without them.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { serveStdio } = require('@modelcontextprotocol/server/stdio') as typeof import('@modelcontextprotocol/server/stdio');
  const { LoreMcpServerFactory, McpServerModule, SEED_SERVER_NAMES, TOOL_PROFILE_NAMES } =
    require('@lore/mcp') as typeof import('@lore/mcp');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const profile = TOOL_PROFILE_NAMES.find((name) => name === options.profile);
  if (options.profile !== undefined && profile === undefined) {
    throw new InvalidInputError(`--profile must be one of ${TOOL_PROFILE_NAMES.join(', ')}.`);
  }
  const as = SEED_SERVER_NAMES.find((name) => name === options.as);
  if (options.as !== undefined && as === undefined) throw new InvalidInputError(`--as must be one of ${SEED_SERVER_NAMES.join(', ')}.`);
  const context = await openServices(McpServerModule);
  const principal = context.get(PrincipalResolver).local();
  const servers = context.get(LoreMcpServerFactory);
  const onError = (error: unknown): void => void process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  const handle = serveStdio(() => servers.create(principal, { profile, transport: 'stdio', as, onError }), {
    onerror: (error) => onError(error),
  });
  await new Promise<void>((done) => {
    process.stdin.on('close', done);
    process.stdin.on('end', done);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await handle.close();
  await context.close();
  return EXIT.ok;
}
