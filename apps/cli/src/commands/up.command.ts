import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { networkExposureProblems } from '@lore/access';
import { ConfigError, loadConfig, readLocalConnection, recordLocalConnection } from '@lore/config';
import { InvalidInputError, UnavailableError } from '@lore/domain';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { indexer, reindexOnChange, untilSignalled } from '../index-runs';
import { EXIT, notice } from '../output';
import { assertPortFree } from '../ports';
import { forgetRunningLore, recordRunningLore } from '../running-lore';
import { spawnServer } from '../server-process';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('up')
    .description('Start a local Neo4j (tools/neo4j-local), index a repository and serve every door.')
    .argument('[path]', 'repository to index', '.')
    .option('--port <port>', 'HTTP port of every door (default LORE_PORT, else 7300)')
    .option('--bolt-port <port>', 'Bolt port of the local Neo4j', '7687')
    .option('--data <dir>', 'data directory of the local Neo4j (default $XDG_DATA_HOME/lore/neo4j, else ~/.local/share/lore/neo4j)')
    .option('--name <id>', 'repository id')
    .option('--allow-remote', 'allow LORE_HOST beyond loopback (LORE_ALLOW_REMOTE=true); callers must then authenticate')
    .option('--no-watch', 'index once; by default every change is indexed while the server runs')
    .action(runAction(upCommand));

interface LocalNeo4j {
  uri: string;
  stop(): Promise<void>;
}
interface Neo4jLauncher {
  ensureBuilt(options?: { quiet?: boolean }): Promise<unknown>;
  startNeo4jLocal(options: { port: number; dataDir: string; password: string }): Promise<LocalNeo4j>;
}

/**
 * The main job on the embedded default: a local Neo4j (tools/neo4j-local), the repository indexed,
 * and every door served; every change to the repository is indexed while it runs (--no-watch: not).
 * Stops everything on Ctrl-C.
 */
async function upCommand(
  path: string,
  options: { port?: string; boltPort?: string; data?: string; name?: string; watch?: boolean; allowRemote?: boolean },
): Promise<number> {
  // The launcher is plain JavaScript beside its Maven project, in the checkout or the installed package;
  // installed, it fetches Neo4j's jars into the user's cache, without Maven (tools/neo4j-local/README.md).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require(join(PACKAGE_ROOT, 'tools', 'neo4j-local', 'launcher.js')) as Neo4jLauncher;
  const dataDir = resolve(options.data ?? defaultDataDir());
  const password = localNeo4jPassword(dataDir);
  if (!password) {
    process.stderr.write(
      `NEO4J_PASSWORD: is required: the local Neo4j in ${dataDir} was created with a password that is not recorded\n` +
        'hint: NEO4J_PASSWORD=<its password> lore up, or --data <another directory>\n',
    );
    return EXIT.invalidInput;
  }
  process.env.NEO4J_PASSWORD = password;
  if (options.port !== undefined) process.env.LORE_PORT = options.port;
  if (options.allowRemote) process.env.LORE_ALLOW_REMOTE = 'true';
  const config = loadConfig();
  const exposure = networkExposureProblems(config);
  if (exposure.length > 0) throw new ConfigError(exposure);
  const boltPort = portNumber(options.boltPort ?? '7687', '--bolt-port');
  // Both ports are checked before anything starts: a clear refusal, not a failure after the index.
  await assertPortFree(config.LORE_HOST, config.LORE_PORT, 'the HTTP server', 'choose another with --port or LORE_PORT');
  await assertPortFree('127.0.0.1', boltPort, "the local Neo4j's Bolt", 'choose another with --bolt-port');
  // The launcher says when it builds (the first run, which downloads Neo4j), and only then.
  await launcher.ensureBuilt({ quiet: false }).catch((error: Error) => {
    // Its message names what failed (a jar that could not be fetched or failed its checksum, Maven's output): no stack.
    throw new UnavailableError(error.message);
  });
  process.stderr.write('starting the local Neo4j...\n');
  const neo4j = await launcher.startNeo4jLocal({
    port: boltPort,
    dataDir,
    password,
  });
  process.env.NEO4J_URI = neo4j.uri;
  const file = recordLocalConnection({ NEO4J_URI: neo4j.uri, NEO4J_USER: config.NEO4J_USER, NEO4J_PASSWORD: password, dataDir });
  process.stderr.write(`Neo4j ready at ${neo4j.uri} (recorded in ${file}: lore commands in other shells use it)\n`);
  try {
    return await withServices(async (context) => {
      // The server starts once the graph is written; the chunks are embedded after, in this process.
      context.get(SemanticIndex).embedInBackground();
      notice(await context.get(SemanticIndex).describe());
      const index = indexer(context, path, { name: options.name });
      const started = Date.now();
      await index();
      const server = spawnServer();
      // Query commands in other shells ask this server instead of opening the services themselves.
      const host = ['0.0.0.0', '::'].includes(config.LORE_HOST) ? '127.0.0.1' : config.LORE_HOST;
      recordRunningLore({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${config.LORE_PORT}`,
        pid: process.pid,
        neo4jUri: neo4j.uri,
      });
      const serverExit = new Promise<number>((done) => server.on('exit', (code) => done(code ?? EXIT.ok)));
      const stopped = untilSignalled().then(() => void server.kill('SIGTERM'));
      if (options.watch !== false)
        await reindexOnChange(path, index, {}, Promise.race([serverExit.then(() => undefined), stopped]), started);
      return serverExit;
    });
  } finally {
    forgetRunningLore();
    await neo4j.stop();
  }
}

/** The package's folder (a checkout or an installed package): dist/apps/cli/src/commands is five levels down. */
const PACKAGE_ROOT = resolve(__dirname, '..', '..', '..', '..', '..');

/** The user's data, outside the package (which an upgrade replaces): $XDG_DATA_HOME/lore/neo4j, else ~/.local/share/lore/neo4j. */
function defaultDataDir(): string {
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'neo4j');
}

/**
 * A local Neo4j keeps the password it was created with: NEO4J_PASSWORD, else the one recorded for this
 * data directory, else, for a directory with no database yet, a new random one (recorded, mode 0600,
 * with the connection: nothing to choose on a first `lore up`). Null: a database whose password is unknown.
 */
function localNeo4jPassword(dataDir: string): string | null {
  if (process.env.NEO4J_PASSWORD) return process.env.NEO4J_PASSWORD;
  const recorded = readLocalConnection();
  if (recorded?.dataDir === dataDir) return recorded.NEO4J_PASSWORD;
  if (existsSync(join(dataDir, 'data', 'databases'))) return null;
  process.stderr.write(`a new local Neo4j in ${dataDir}, with a random password (recorded below)\n`);
  return randomBytes(24).toString('base64url');
}

function portNumber(text: string, flag: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new InvalidInputError(`${flag}: a port number (1-65535), got '${text}'.`);
  return port;
}
