/**
 * Index workers: jobs per minute with 1 and then 2 `lore worker` processes on one Neo4j and one Redis.
 * Each round queues `--copies` jobs per repository given (each copy its own repository id, so no job is
 * a duplicate of another), in a tenant of its own and with an empty LORE_CACHE_DIR (no run reuses
 * another's parsing), and times from the first job queued to the last one completed.
 *
 *   npm run bench:workers -- <repository path>... [--copies n] [--workers 1,2]
 *
 * Needs redis-server on PATH (a fresh one is started on a free port). Uses NEO4J_URI / NEO4J_PASSWORD
 * when set; otherwise starts tools/neo4j-local. Figures go in docs/benchmarks.md with the command and
 * the machine.
 */
import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { runInCallContext } from '@lore/access';
import { ConfigModule, StderrLogger } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { benchNeo4j } from './local-neo4j';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

const LORE_BIN = join(__dirname, '..', '..', 'bin', 'lore.js');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A process that has printed `ready` on stderr, or stopped trying. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((done, fail) => {
    const listen = (chunk: Buffer): void => {
      output += chunk.toString();
      if (ready.test(output)) done(child);
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

async function round(workerCount: number, repositories: string[], copies: number, redisUrl: string): Promise<void> {
  const tenant = `bench-workers-${workerCount}`;
  const env = {
    ...process.env,
    LORE_TENANT: tenant,
    LORE_QUEUE_URL: redisUrl,
    LORE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'lore-bench-workers-cache-')),
    LORE_LOG_LEVEL: 'warn' as const,
  };
  const workers = await Promise.all(
    Array.from({ length: workerCount }, () =>
      startProcess(process.execPath, ['--max-semi-space-size=64', '--expose-gc', LORE_BIN, 'worker'], env, /taking index jobs/),
    ),
  );
  Object.assign(process.env, env);
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn', 'text') });
  try {
    const jobs = app.get(IndexJobsService);
    const principal = localPrincipal(tenant, 'bench');
    const started = performance.now();
    const queued = await runInCallContext({ door: 'cli' }, async () => {
      const ids: string[] = [];
      for (let copy = 1; copy <= copies; copy++)
        for (const path of repositories)
          ids.push((await jobs.enqueueIndex({ source: path, repositoryId: `${basename(path)}-${copy}` }, principal)).jobId);
      return ids;
    });
    const summaries = await Promise.all(queued.map((jobId) => jobs.waitFor(jobId, tenant)));
    const minutes = (performance.now() - started) / 60_000;
    const files = summaries.reduce((sum, summary) => sum + summary.files, 0);
    const symbols = summaries.reduce((sum, summary) => sum + summary.symbols, 0);
    process.stdout.write(
      `${workerCount} worker(s): ${queued.length} jobs (${files} files, ${symbols} symbols) in ${(minutes * 60).toFixed(1)} s = ` +
        `${(queued.length / minutes).toFixed(1)} jobs/min\n`,
    );
  } finally {
    await app.close();
    await Promise.all(workers.map(stop));
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string): string => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1]! : fallback;
  };
  const copies = Number(option('--copies', '3'));
  const workerCounts = option('--workers', '1,2').split(',').map(Number);
  const repositories = args.map((path) => realpathSync(resolve(path)));
  if (repositories.length === 0) throw new Error('usage: npm run bench:workers -- <repository path>... [--copies n] [--workers 1,2]');
  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-workers-neo4j-')));
  const port = await freePort();
  const redis = await startProcess(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      mkdtempSync(join(tmpdir(), 'lore-bench-redis-')),
    ],
    process.env,
    /Ready to accept connections/,
  );
  // Job paths lie under the repositories' parent directories.
  process.env.LORE_INDEX_ROOTS = [...new Set(repositories.map((path) => dirname(path)))].join(',');
  process.stdout.write(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown cpu'}; repositories: ${repositories.map((path) => basename(path)).join(', ')}; ${copies} copies each\n`,
  );
  try {
    for (const count of workerCounts) await round(count, repositories, copies, `redis://127.0.0.1:${port}`);
  } finally {
    await stop(redis);
    await stopNeo4j();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
