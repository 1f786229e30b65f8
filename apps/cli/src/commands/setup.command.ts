import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InvalidInputError } from '@lore/domain';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { EXIT, notice, printJson } from '../output';
import { AGENT_CLIENTS, type HttpServer, type SetupEnvironment } from '../setup/clients';
import { SERVER_NAME, configuredEntry, findClient, repositoryRoot, runSetup, stdioServer } from '../setup/setup';

interface SetupOptions extends JsonOption {
  list?: boolean;
  print?: boolean;
  remove?: boolean;
  http?: boolean;
  url?: string;
  key?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('setup')
    .description("Write Lore's MCP server entry into an agent client's configuration (every other server in the file is kept).")
    .argument('[client]', `one of ${AGENT_CLIENTS.map((client) => client.id).join(', ')}`)
    .option('--list', 'the clients, their files, and whether each holds the entry')
    .option('--print', 'show the file as it would be after the change; write nothing')
    .option('--remove', "take Lore's entry out of the file")
    .option('--http', 'point the entry at the HTTP server (lore up / lore serve) instead of starting `lore mcp` over stdio')
    .option('--url <url>', 'with --http: the MCP URL (default LORE_PUBLIC_URL/mcp, else http://LORE_HOST:LORE_PORT/mcp)')
    .option('--key <key>', 'with --http: the API key sent as a bearer token (lore keys create; default LORE_API_KEY)')
    .option('--json', 'print the outcome as JSON')
    .action(runAction(setupCommand));

async function setupCommand(clientId: string | undefined, options: SetupOptions): Promise<number> {
  const environment: SetupEnvironment = {
    home: homedir(),
    platform: process.platform,
    env: process.env,
    repository: repositoryRoot(process.cwd()),
  };
  if (options.list) return listClients(environment, Boolean(options.json));
  if (clientId === undefined)
    throw new InvalidInputError('Name a client (lore setup --list shows them).', { hint: 'lore setup claude-code' });
  if (options.print && options.remove) throw new InvalidInputError('--print and --remove: choose one.');
  if (!options.http && (options.url !== undefined || options.key !== undefined))
    throw new InvalidInputError('--url and --key go with --http.');
  findClient(clientId);
  const outcome = runSetup(
    {
      client: clientId,
      action: options.print ? 'print' : options.remove ? 'remove' : 'write',
      http: options.http ? httpServer(options) : null,
      stdio: stdioServer(join(__dirname, '..', '..', '..', '..', '..', 'bin', 'lore.js'), process.env),
    },
    environment,
  );
  if (options.json) printJson(outcome);
  else if (outcome.status === 'printed') process.stdout.write(outcome.text.endsWith('\n') ? outcome.text : `${outcome.text}\n`);
  else {
    const said = {
      written: `wrote the "${SERVER_NAME}" entry to ${outcome.file}`,
      unchanged: `${outcome.file} already holds this "${SERVER_NAME}" entry: nothing to write`,
      removed: `removed the "${SERVER_NAME}" entry from ${outcome.file}`,
      absent: `${outcome.file} holds no "${SERVER_NAME}" entry: nothing to remove`,
    }[outcome.status];
    process.stdout.write(`${said}${outcome.backup ? ` (the previous file is ${outcome.backup})` : ''}\n`);
  }
  const client = findClient(clientId);
  if (options.http && options.key !== undefined && client.scope === 'project' && outcome.status === 'written')
    notice(`${outcome.file} is inside the repository and now holds an API key: keep it out of commits (.gitignore).`);
  return EXIT.ok;
}

function httpServer(options: SetupOptions): HttpServer {
  const env = process.env;
  const url =
    options.url ??
    (env.LORE_PUBLIC_URL
      ? `${env.LORE_PUBLIC_URL.replace(/\/+$/, '')}/mcp`
      : `http://${env.LORE_HOST || '127.0.0.1'}:${env.LORE_PORT || '7300'}/mcp`);
  if (!/^https?:\/\/[^/\s]+/.test(url)) throw new InvalidInputError(`--url: an http(s) URL, got '${url}'.`);
  return { url, key: options.key ?? env.LORE_API_KEY ?? null };
}

function listClients(environment: SetupEnvironment, json: boolean): number {
  const rows = AGENT_CLIENTS.map((client) => {
    const { file, entry, installed } = configuredEntry(client, environment);
    return {
      client: client.id,
      name: client.name,
      scope: client.scope,
      format: client.format,
      file,
      installed,
      configured: entry !== undefined,
    };
  });
  if (json) printJson({ clients: rows });
  else
    process.stdout.write(
      `${rows
        .map(
          (row) =>
            `${row.client.padEnd(15)}${row.name.padEnd(19)}${(row.configured ? 'configured' : row.installed ? 'not configured' : 'not installed').padEnd(15)}${row.file}`,
        )
        .join('\n')}\n`,
    );
  return EXIT.ok;
}
