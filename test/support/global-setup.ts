import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * One real Neo4j for the whole test run, and a fresh LORE_CACHE_DIR. NEO4J_URI set: use it. LORE_TEST_STACK=containers with a
 * Docker engine: @testcontainers/neo4j. Otherwise: tools/neo4j-local on a free port and a fresh
 * data directory, stopped by the global teardown.
 */
export default async function globalSetup(): Promise<void> {
  // Results kept between index runs belong to this test run alone: none from an earlier run (or
  // an earlier version of the extractors) can answer for the code under test.
  process.env.LORE_CACHE_DIR = mkdtempSync(join(tmpdir(), 'lore-test-cache-'));
  // Nor does a model the developer installed: with none configured, tests run on the hashing embedder.
  process.env.LORE_MODELS_DIR = mkdtempSync(join(tmpdir(), 'lore-test-models-'));
  // Nor the Neo4j a developer's `lore up` recorded: commands under test reach only the test's Neo4j.
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'lore-test-config-'));
  if (process.env.NEO4J_URI) {
    if (!process.env.NEO4J_PASSWORD) throw new Error('NEO4J_URI is set: set NEO4J_PASSWORD too.');
    process.stderr.write(`\n[tests] using the Neo4j at ${process.env.NEO4J_URI}\n`);
    return;
  }
  const password = `lore-test-${randomBytes(8).toString('hex')}`;
  if (process.env.LORE_TEST_STACK === 'containers') {
    const { Neo4jContainer } = await import('@testcontainers/neo4j');
    const container = await new Neo4jContainer('neo4j:5.26.12-community').withPassword(password).start();
    process.env.NEO4J_URI = container.getBoltUri();
    process.env.NEO4J_PASSWORD = password;
    (globalThis as Record<string, unknown>).__loreNeo4j = { stop: () => container.stop() };
    process.stderr.write(`\n[tests] started a Neo4j container at ${process.env.NEO4J_URI}\n`);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require('../../tools/neo4j-local/launcher.js') as typeof import('../../tools/neo4j-local/launcher');
  await launcher.ensureBuilt({ quiet: true });
  const port = await launcher.findFreePort();
  const started = Date.now();
  const neo4j = await launcher.startNeo4jLocal({ port, dataDir: mkdtempSync(join(tmpdir(), 'lore-neo4j-')), password });
  process.env.NEO4J_URI = neo4j.uri;
  process.env.NEO4J_PASSWORD = password;
  (globalThis as Record<string, unknown>).__loreNeo4j = neo4j;
  process.stderr.write(`\n[tests] started tools/neo4j-local at ${neo4j.uri} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
