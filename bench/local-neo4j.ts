import { join } from 'node:path';

type Launcher = typeof import('../tools/neo4j-local/launcher');

const PASSWORD = 'bench-password';

/**
 * The Neo4j a bench runs against: the one NEO4J_URI / NEO4J_PASSWORD name when set; otherwise
 * tools/neo4j-local on a free port with a fresh data directory (made by `dataDir` only then), put
 * into the environment for the app's configuration. Resolves to what stops the Neo4j it started.
 */
export async function benchNeo4j(dataDir: () => string): Promise<() => Promise<void>> {
  if (process.env.NEO4J_URI) return async () => undefined;
  // The launcher is plain CommonJS in the source tree, not compiled: from dist/bench/, two levels up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require(join(__dirname, '..', '..', 'tools', 'neo4j-local', 'launcher.js')) as Launcher;
  launcher.ensureBuilt({ quiet: true });
  const neo4j = await launcher.startNeo4jLocal({ port: await launcher.findFreePort(), dataDir: dataDir(), password: PASSWORD });
  Object.assign(process.env, { NEO4J_URI: neo4j.uri, NEO4J_PASSWORD: PASSWORD });
  return () => neo4j.stop();
}
