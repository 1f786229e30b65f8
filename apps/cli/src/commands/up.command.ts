import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { indexer, reindexOnChange, untilSignalled } from '../index-runs';
import { EXIT } from '../output';
import { spawnServer } from '../server-process';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('up')
    .description('Start a local Neo4j (tools/neo4j-local), index a repository and serve every door.')
    .argument('[path]', 'repository to index', '.')
    .option('--port <port>', 'Bolt port of the local Neo4j', '7687')
    .option('--data <dir>', 'data directory of the local Neo4j (default .data/neo4j in this checkout)')
    .option('--name <id>', 'repository id')
    .option('--no-watch', 'index once; by default every change is indexed while the server runs')
    .action(runAction(upCommand));

interface LocalNeo4j {
  uri: string;
  stop(): Promise<void>;
}
interface Neo4jLauncher {
  ensureBuilt(options?: { quiet?: boolean }): Promise<void> | void;
  startNeo4jLocal(options: { port: number; dataDir: string; password: string }): Promise<LocalNeo4j>;
}

/**
 * The main job on the embedded default: a local Neo4j (tools/neo4j-local), the repository indexed,
 * and every door served; every change to the repository is indexed while it runs (--no-watch: not).
 * Stops everything on Ctrl-C.
 */
async function upCommand(path: string, options: { port?: string; data?: string; name?: string; watch?: boolean }): Promise<number> {
  const root = resolve(__dirname, '..', '..', '..', '..', '..');
  // The launcher is plain JavaScript beside its Maven project, loaded from the checkout at run time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require(join(root, 'tools', 'neo4j-local', 'launcher.js')) as Neo4jLauncher;
  const password = process.env.NEO4J_PASSWORD;
  if (!password) {
    process.stderr.write('NEO4J_PASSWORD: is required (the local Neo4j is created with it on first start)\n');
    return EXIT.invalidInput;
  }
  const port = Number(options.port ?? 7687);
  process.stderr.write('building and starting the local Neo4j (first run downloads the Neo4j artifacts through Maven)...\n');
  await launcher.ensureBuilt({ quiet: true });
  const neo4j = await launcher.startNeo4jLocal({ port, dataDir: resolve(options.data ?? join(root, '.data', 'neo4j')), password });
  process.env.NEO4J_URI = neo4j.uri;
  process.stderr.write(`Neo4j ready at ${neo4j.uri}\n`);
  try {
    return await withServices(async (context) => {
      // The server starts once the graph is written; the chunks are embedded after, in this process.
      context.get(SemanticIndex).embedInBackground();
      const index = indexer(context, path, { name: options.name });
      const started = Date.now();
      await index();
      const server = spawnServer();
      const serverExit = new Promise<number>((done) => server.on('exit', (code) => done(code ?? EXIT.ok)));
      const stopped = untilSignalled().then(() => void server.kill('SIGTERM'));
      if (options.watch !== false)
        await reindexOnChange(path, index, {}, Promise.race([serverExit.then(() => undefined), stopped]), started);
      return serverExit;
    });
  } finally {
    await neo4j.stop();
  }
}
