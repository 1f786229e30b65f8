import type { Command } from 'commander';
import { networkExposureProblems } from '@lore/access';
import { ConfigError, loadConfig } from '@lore/config';
import { type RegisterCommand, runAction } from '../cli-command';
import { EXIT } from '../output';
import { assertPortFree } from '../ports';
import { spawnServer } from '../server-process';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('serve')
    .description('Serve REST, GraphQL and MCP over HTTP (LORE_HOST, LORE_PORT).')
    .option('--allow-remote', 'allow LORE_HOST beyond loopback (LORE_ALLOW_REMOTE=true); callers must then authenticate')
    .action(runAction(serveCommand));

/** The HTTP server (all doors), in the foreground; it stops when this process stops, however it stops. */
async function serveCommand(options: { allowRemote?: boolean }): Promise<number> {
  if (options.allowRemote) process.env.LORE_ALLOW_REMOTE = 'true';
  const config = loadConfig();
  const exposure = networkExposureProblems(config);
  if (exposure.length > 0) throw new ConfigError(exposure);
  await assertPortFree(config.LORE_HOST, config.LORE_PORT, 'the HTTP server', 'choose another with LORE_PORT');
  const child = spawnServer();
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((done) => child.on('exit', (code) => done(code ?? EXIT.failure)));
}
