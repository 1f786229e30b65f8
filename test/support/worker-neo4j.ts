import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type TestNeo4j, TEST_NEO4J_ENV } from './global-setup';

/**
 * Before each test file of the tiers with Neo4j: point NEO4J_URI at the instance of the jest worker
 * that runs the file (JEST_WORKER_ID counts from 1; --runInBand is worker 1), and give the worker a
 * cache and config directory of its own, so files running at once share nothing but the machine.
 * Set on this file's process.env, which everything it runs or spawns reads.
 */
function useWorkerNeo4j(): void {
  const listed = process.env[TEST_NEO4J_ENV];
  if (!listed) return; // NEO4J_URI was given: the one database, run in band
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const instance = (JSON.parse(listed) as TestNeo4j[])[worker - 1];
  if (!instance) throw new Error(`jest worker ${worker} has no Neo4j: the global setup started one per worker (${listed}).`);
  process.env.NEO4J_URI = instance.uri;
  process.env.NEO4J_PASSWORD = instance.password;
  for (const name of ['LORE_CACHE_DIR', 'XDG_CONFIG_HOME'] as const) {
    const own = join(process.env[name]!, `worker-${worker}`);
    mkdirSync(own, { recursive: true });
    process.env[name] = own;
  }
}

useWorkerNeo4j();
