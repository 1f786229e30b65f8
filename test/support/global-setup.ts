import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '@jest/types';
import { isolateTestEnvironment } from './test-environment';

/** The Neo4j instances the global setup started, one per jest worker, as JSON in this variable. */
export const TEST_NEO4J_ENV = 'LORE_TEST_NEO4J';

/** HotSpot's quick compiler alone: see the global setup. */
const TEST_JIT = '-XX:TieredStopAtLevel=1';

/**
 * Cypher plans kept however the graph's counts change. Suites wipe the graph and index fixtures from
 * nothing, so the counts a plan was made on change many times over within a file, and Neo4j planned
 * the same queries again and again: planning was most of what its Bolt workers were seen doing, and
 * keeping the plans took languages-cli's Neo4j from 119 s of CPU to 47 s (docs/benchmarks.md, "CI
 * time"). The answers do not depend on the plan; on a fixture's graph any plan answers in milliseconds.
 */
export const TEST_NEO4J_SETTINGS: Record<string, string> = {
  'dbms.cypher.statistics_divergence_threshold': '1.0',
  'dbms.cypher.min_replan_interval': '1h',
};

export interface TestNeo4j {
  uri: string;
  password: string;
}

/**
 * One real Neo4j per jest worker, and fresh directories for what a run keeps. Suites wipe the graph
 * and count its transactions, so two workers never share a database: each test file reaches the
 * instance of the worker that runs it (worker-neo4j.ts). NEO4J_URI set: use it (one database, so
 * one worker: --runInBand). LORE_TEST_STACK=containers with a Docker engine: @testcontainers/neo4j.
 * Otherwise: tools/neo4j-local on free ports and fresh data directories, stopped by the global teardown.
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  isolateTestEnvironment();
  // Every Neo4j the tests start (the workers', and those a suite or a `lore up` under test starts)
  // compiles with C1 only: a test's queries run for seconds, never long enough to repay C2's
  // optimising compiler, which took about 40% of Neo4j's CPU in a run (code-health e2e, 42 s -> 25 s).
  process.env.LORE_NEO4J_JAVA_OPTS = [process.env.LORE_NEO4J_JAVA_OPTS, TEST_JIT].filter(Boolean).join(' ');
  const workers = globalConfig.maxWorkers;
  if (process.env.NEO4J_URI) {
    if (!process.env.NEO4J_PASSWORD) throw new Error('NEO4J_URI is set: set NEO4J_PASSWORD too.');
    if (workers > 1) throw new Error('NEO4J_URI is one database and suites wipe it: run the tests with --runInBand.');
    process.stderr.write(`\n[tests] using the Neo4j at ${process.env.NEO4J_URI}\n`);
    return;
  }
  const started = Date.now();
  const instances = await Promise.all(Array.from({ length: workers }, () => startNeo4j(workers)));
  process.env[TEST_NEO4J_ENV] = JSON.stringify(instances.map(({ uri, password }): TestNeo4j => ({ uri, password })));
  (globalThis as Record<string, unknown>).__loreNeo4j = instances;
  process.stderr.write(
    `\n[tests] started ${instances.map((instance) => instance.uri).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s (one per jest worker)\n`,
  );
}

interface RunningNeo4j extends TestNeo4j {
  stop(): Promise<void>;
}

async function startNeo4j(instances: number): Promise<RunningNeo4j> {
  const password = `lore-test-${randomBytes(8).toString('hex')}`;
  if (process.env.LORE_TEST_STACK === 'containers') {
    const { Neo4jContainer } = await import('@testcontainers/neo4j');
    const container = await new Neo4jContainer('neo4j:5.26.12-community').withPassword(password).start();
    return { uri: container.getBoltUri(), password, stop: async () => void (await container.stop()) };
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require('../../tools/neo4j-local/launcher.js') as typeof import('../../tools/neo4j-local/launcher');
  await launcher.ensureBuilt({ quiet: true });
  const neo4j = await launcher.startNeo4jLocal({
    port: await launcher.findFreePort(),
    dataDir: mkdtempSync(join(tmpdir(), 'lore-neo4j-')),
    password,
    // Sized from the machine, each would claim a quarter of its memory for its heap; the fixtures need far less.
    ...(instances > 1 && !process.env.LORE_NEO4J_HEAP ? { javaOpts: '-Xmx2g' } : {}),
    settings: {
      ...TEST_NEO4J_SETTINGS,
      ...(instances > 1 && !process.env.LORE_NEO4J_HEAP
        ? { 'server.memory.pagecache.size': '512m', 'db.memory.transaction.total.max': '1400m' }
        : {}),
    },
  });
  return { uri: neo4j.uri, password, stop: () => neo4j.stop() };
}
