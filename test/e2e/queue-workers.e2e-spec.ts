import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import type { IndexJob } from '@lore/domain/schemas/index-jobs';
import { type FixtureRepository, gitFixture, gitIn } from '../support/fixtures';
import { dumpRepository, testDriver, wipeGraph } from '../support/graph';
import { LORE_BIN, type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { type RoundRobinProxy, startRoundRobinProxy } from '../support/round-robin-proxy';
import { type TestRedis, redisUnavailableReason, startRedis } from '../support/redis';
import { cliJson, connectMcp, graphql } from './doors';

/**
 * Lore spread over processes as docs/scaling.md deploys it: two `lore serve` behind a round-robin
 * proxy and two `lore worker` on one Neo4j over a routing (`neo4j://`) URI and one Redis. Twenty
 * repositories are queued through every door that queues (REST on either server and through the
 * proxy, the CLI, a signed push webhook); one worker is killed with SIGKILL in the middle of a job,
 * which the other completes; both servers then answer alike.
 */
const TENANT = 'queue-workers';
const SECRET = 'queue-workers-webhook-secret';
const REPOSITORIES = ['order-contracts', 'order-service', 'billing-service', 'shipping-go', 'inventory-java'] as const;
/** Small generated repositories queued through the proxy: with REPOSITORIES, twenty. */
const SMALL_REPOSITORIES = Array.from({ length: 15 }, (_, i) => `small-${String(i + 1).padStart(2, '0')}`);

const unavailable = redisUnavailableReason();
if (unavailable) process.stderr.write(`[queue-workers.e2e] skipped: ${unavailable}\n`);
const describeWithRedis = unavailable ? describe.skip : describe;

interface RunningWorker {
  process: ChildProcess;
  output: () => string;
}

let env: Record<string, string>;
let driver: Driver;
let redis: TestRedis;
let serverA: RunningServer;
let serverB: RunningServer;
let proxy: RoundRobinProxy;
const workers: RunningWorker[] = [];
const fixtures = new Map<string, FixtureRepository>();
const clients: Client[] = [];

function startWorker(): RunningWorker {
  // Node's flags given here, so that bin/lore.js runs the worker in this very process (a SIGKILL reaches it).
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--expose-gc', LORE_BIN, 'worker'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const worker = { process: child, output: () => output };
  workers.push(worker);
  return worker;
}

async function rest<T>(url: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: response.status, body: (await response.json()) as T };
}

function enqueueOver(url: string, source: string, extra: Record<string, unknown> = {}): Promise<{ status: number; body: IndexJob }> {
  return rest<IndexJob>(url, '/api/v1/index-jobs', { method: 'POST', body: JSON.stringify({ source, ...extra }) });
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 90_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${workers.map((worker) => worker.output()).join('\n---\n')}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function jobEnded(url: string, jobId: string): Promise<IndexJob> {
  return until(`job ${jobId}`, async () => {
    const { body } = await rest<IndexJob>(url, `/api/v1/index-jobs/${jobId}`);
    return body.state === 'completed' || body.state === 'failed' ? body : null;
  });
}

/** The commit the graph serves for a repository (its one storage slot with a commit). */
async function servedCommit(repository: string): Promise<string | null> {
  const { records } = await driver.executeQuery(
    'MATCH (r:Repository {tenantId: $tenant}) WHERE (r.repoId = $repository OR r.repoId = $repository + "~2") AND r.commitSha IS NOT NULL RETURN r.commitSha AS commit',
    { tenant: TENANT, repository },
  );
  return records.length === 0 ? null : (records[0]!.get('commit') as string);
}

async function runsByStatus(repository: string): Promise<Record<string, number>> {
  const { records } = await driver.executeQuery(
    'MATCH (run:IndexRun {tenantId: $tenant, repoId: $repository}) RETURN run.status AS status, count(*) AS runs ORDER BY status',
    { tenant: TENANT, repository },
  );
  return Object.fromEntries(records.map((record) => [record.get('status') as string, record.get('runs') as number]));
}

describeWithRedis('two servers and two workers on one Neo4j (neo4j://) and one Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
    for (const name of REPOSITORIES) fixtures.set(name, gitFixture(name));
    env = {
      LORE_TENANT: TENANT,
      LORE_AUTH: 'off',
      NEO4J_URI: process.env.NEO4J_URI!.replace(/^bolt:/, 'neo4j:'),
      LORE_QUEUE_URL: redis.url,
      // A killed worker's job is taken again within seconds, not the default half-minute; but longer than
      // the compiler's checking blocks a worker's event loop (which renews the lock) on this loaded machine.
      LORE_QUEUE_LOCK_MS: '10000',
      LORE_QUEUE_BACKOFF_MS: '500',
      LORE_INDEX_ROOTS: realpathSync(tmpdir()),
      LORE_CHECKOUT_DIR: mkdtempSync(join(tmpdir(), 'lore-checkouts-')),
      LORE_WEBHOOK_SECRET: SECRET,
      LORE_WEBHOOK_REPOSITORIES: `acme/order-service=${fixtures.get('order-service')!.path}`,
    };
    driver = testDriver();
    await wipeGraph(driver);
    serverA = await startServer(env);
    serverB = await startServer(env);
    await Promise.all([waitUntilReady(serverA.url), waitUntilReady(serverB.url)]);
    proxy = await startRoundRobinProxy([serverA.url, serverB.url]);
    startWorker();
    startWorker();
  }, 240_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await Promise.all(
      workers
        .filter((worker) => worker.process.exitCode === null && worker.process.signalCode === null)
        .map(
          (worker) =>
            new Promise((resolve) => {
              worker.process.once('exit', resolve).kill('SIGTERM');
              // A worker that does not stop on SIGTERM within 10 s is not left behind.
              setTimeout(() => worker.process.kill('SIGKILL'), 10_000).unref();
            }),
        ),
    );
    await proxy?.stop();
    await Promise.all([serverA?.stop(), serverB?.stop()]);
    await redis?.stop();
    await driver?.close();
  });

  it('queues through REST on either server, the CLI and a signed webhook; every repository is indexed exactly once', async () => {
    const push = (signature: string, commit: string): Promise<Response> => {
      const body = JSON.stringify({ ref: 'refs/heads/main', after: commit, repository: { full_name: 'acme/order-service' } });
      return fetch(`${serverB.url}/api/v1/webhooks/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature },
        body,
      }).then((response) => Object.assign(response, { sent: body }));
    };
    const orderService = fixtures.get('order-service')!;
    const unsignedBody = JSON.stringify({
      ref: 'refs/heads/main',
      after: orderService.commitSha,
      repository: { full_name: 'acme/order-service' },
    });
    const forged = await push(
      `sha256=${createHmac('sha256', 'not-the-secret').update(unsignedBody).digest('hex')}`,
      orderService.commitSha,
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ status: 401, code: 'permission_denied' });
    expect((await rest<{ jobs: IndexJob[] }>(serverA.url, '/api/v1/index-jobs')).body.jobs).toEqual([]);

    const queued: IndexJob[] = [];
    queued.push((await enqueueOver(serverA.url, fixtures.get('order-contracts')!.path)).body);
    queued.push((await enqueueOver(serverA.url, fixtures.get('billing-service')!.path)).body);
    queued.push((await enqueueOver(serverB.url, fixtures.get('shipping-go')!.path)).body);
    const cli = await cliJson(['enqueue', fixtures.get('inventory-java')!.path], env);
    expect(cli.code).toBe(0);
    queued.push(cli.body as unknown as IndexJob);
    const signed = await push(`sha256=${createHmac('sha256', SECRET).update(unsignedBody).digest('hex')}`, orderService.commitSha);
    expect(signed.status).toBe(202);
    queued.push(((await signed.json()) as { job: IndexJob }).job);
    expect(queued.map((job) => [job.repositoryId, job.attemptsMade])).toEqual([
      ['order-contracts', 0],
      ['billing-service', 0],
      ['shipping-go', 0],
      ['inventory-java', 0],
      ['order-service', 0],
    ]);
    expect(queued[4]).toMatchObject({ commit: orderService.commitSha, source: orderService.path });

    const ended = await Promise.all(queued.map((job) => jobEnded(serverB.url, job.jobId)));
    expect(ended.map((job) => [job.repositoryId, job.state, job.error])).toEqual(
      queued.map((job) => [job.repositoryId, 'completed', null]),
    );
    for (const name of REPOSITORIES) {
      expect(await servedCommit(name)).toBe(fixtures.get(name)!.commitSha);
      expect(await runsByStatus(name)).toEqual({ completed: 1 });
    }
    // Both workers did some of the work.
    expect(workers.map((worker) => (worker.output().match(/job \d+ started/g) ?? []).length > 0)).toEqual([true, true]);
  }, 180_000);

  it('indexes fifteen more repositories queued through the proxy in front of both servers, each exactly once', async () => {
    const commits = new Map<string, string>();
    for (const name of SMALL_REPOSITORIES) {
      const root = join(mkdtempSync(join(tmpdir(), 'lore-queue-small-')), name);
      mkdirSync(join(root, 'src'), { recursive: true });
      writeFileSync(join(root, 'tsconfig.json'), '{}');
      writeFileSync(join(root, 'src', 'index.ts'), `export function ${name.replace('-', '')}(): string {\n  return '${name}';\n}\n`);
      gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
      gitIn(root, ['add', '-A']);
      gitIn(root, ['commit', '-q', '-m', name]);
      commits.set(name, gitIn(root, ['rev-parse', 'HEAD']).trim());
      fixtures.set(name, { path: root, commitSha: commits.get(name)! });
    }
    const before = [...proxy.served];
    const queued = await Promise.all(SMALL_REPOSITORIES.map((name) => enqueueOver(proxy.url, fixtures.get(name)!.path)));
    expect(queued.map(({ status, body }) => [status, body.repositoryId])).toEqual(SMALL_REPOSITORIES.map((name) => [202, name]));
    // The proxy sent the requests to both servers in turn.
    expect(proxy.served.map((count, i) => count - before[i]!)).toEqual([8, 7]);
    const ended = await Promise.all(queued.map(({ body }) => jobEnded(proxy.url, body.jobId)));
    expect(ended.map((job) => [job.repositoryId, job.state, job.error])).toEqual(
      SMALL_REPOSITORIES.map((name) => [name, 'completed', null]),
    );
    for (const name of SMALL_REPOSITORIES) {
      expect(await servedCommit(name)).toBe(commits.get(name));
      expect(await runsByStatus(name)).toEqual({ completed: 1 });
    }
  }, 180_000);

  it('keeps each graph equal to a single-process index of the same commit', async () => {
    for (const name of ['shipping-go', 'inventory-java']) {
      const alone = await cliJson(['index', fixtures.get(name)!.path], { ...env, LORE_TENANT: `${TENANT}-alone`, LORE_QUEUE_URL: '' });
      expect(alone.code).toBe(0);
      expect(await dumpRepository(driver, TENANT, name)).toEqual(await dumpRepository(driver, `${TENANT}-alone`, name));
    }
  }, 120_000);

  it('retries the job of a worker killed with SIGKILL mid-job; the graph serves the previous commit until the retry completes', async () => {
    const { path, commitSha: before } = fixtures.get('order-service')!;
    // Enough new files that reading and extracting them lasts the moment it takes to kill the worker.
    mkdirSync(join(path, 'src', 'extra'), { recursive: true });
    for (let i = 0; i < 300; i++)
      writeFileSync(
        join(path, 'src', 'extra', `module${i}.ts`),
        `export function extra${i}(value: number): number {\n  return value + ${i};\n}\n`,
      );
    gitIn(path, ['add', '-A']);
    gitIn(path, ['commit', '-q', '-m', 'three hundred modules']);
    const after = gitIn(path, ['rev-parse', 'HEAD']).trim();

    const queued = await cliJson(['enqueue', path, '--commit', after], env);
    expect(queued.body).toMatchObject({ repositoryId: 'order-service', commit: after, attemptsMade: 0, error: null });
    const jobId = queued.body.jobId as string;
    const started = new RegExp(`job ${jobId} started \\(attempt`);
    const holder = await until(
      'a worker to take the job',
      async () => workers.find((worker) => started.test(worker.output())) ?? null,
      60_000,
      20,
    );
    await until(
      'the job to be reading its files',
      async () => {
        const { body } = await rest<IndexJob>(serverA.url, `/api/v1/index-jobs/${jobId}`);
        return body.progress && ['reading', 'extracting'].includes(body.progress.phase) ? body : null;
      },
      60_000,
      20,
    );
    holder.process.kill('SIGKILL');
    await new Promise((resolve) => holder.process.once('exit', resolve));

    expect(await servedCommit('order-service')).toBe(before);
    const survivor = workers.find((worker) => worker !== holder)!;
    await until('the other worker to take the job again', async () => (started.test(survivor.output()) ? true : null), 60_000);
    expect(await servedCommit('order-service')).toBe(before);
    const done = await jobEnded(serverB.url, jobId);
    expect(done).toMatchObject({ state: 'completed', error: null, result: { commitSha: after, status: 'completed' } });
    expect(await servedCommit('order-service')).toBe(after);
    // The killed run is recorded as failed (or was killed before it began one); one run per commit completed.
    const runs = await runsByStatus('order-service');
    expect(runs.completed).toBe(2);
    expect(runs.running).toBeUndefined();
  }, 180_000);

  it('answers alike from both servers through REST, GraphQL and MCP (both protocol versions)', async () => {
    for (const name of REPOSITORIES) {
      const path = `/api/v1/structure?repositoryId=${name}&depth=2`;
      const [a, b] = await Promise.all([rest(serverA.url, path), rest(serverB.url, path)]);
      expect(a.status).toBe(200);
      expect(b).toEqual(a);
    }
    const query = 'query { projectStructure(input: {repositoryId: "shipping-go"}) { repositoryId commitSha entries { path } } }';
    const [graphA, graphB] = await Promise.all([graphql(serverA.url, query, {}), graphql(serverB.url, query, {})]);
    expect(graphA.errors).toBeUndefined();
    expect(graphB).toEqual(graphA);
    const latest = await connectMcp('http 2026-07-28', serverA.url, env);
    const previous = await connectMcp('http 2025-11-25', serverB.url, env);
    clients.push(latest, previous);
    const ask = (client: Client): Promise<unknown> =>
      client
        .callTool({ name: 'search_code', arguments: { query: 'parcel', repositoryId: 'shipping-go' } })
        .then((answer) => (answer.structuredContent as { data: unknown }).data);
    expect(await ask(previous)).toEqual(await ask(latest));
  });

  it('documents the index job routes in OpenAPI under their operation names, the webhook left out', async () => {
    const document = (await (await fetch(`${serverA.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/index-jobs') || path.startsWith('/api/v1/webhooks'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
      )
      .sort();
    expect(operations).toEqual([
      'GET /api/v1/index-jobs list_index_jobs',
      'GET /api/v1/index-jobs/{jobId} get_index_job',
      'POST /api/v1/index-jobs enqueue_index',
    ]);
  });

  it('reads a write made through one server back through the other with its bookmark', async () => {
    const written = await fetch(`${serverA.url}/api/v1/analysis/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repository: 'billing-service' }),
    });
    expect(written.status).toBe(200);
    const bookmark = written.headers.get('lore-bookmark')!;
    expect(bookmark).toMatch(/^lore-bm1\.[\w-]+$/);
    const { run_id } = (await written.json()) as { run_id: string };
    const read = await fetch(`${serverB.url}/api/v1/analysis/runs/${run_id}`, { headers: { 'Lore-Bookmark': bookmark } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { run_id: string }).run_id).toBe(run_id);
  });

  it('with Redis down, answers the queue unavailable with a hint and keeps serving the graph', async () => {
    await redis.stop();
    const jobs = await rest<Record<string, unknown>>(serverA.url, '/api/v1/index-jobs');
    expect(jobs.status).toBe(503);
    expect(jobs.body).toMatchObject({
      code: 'unavailable',
      detail: `The job queue (Redis at redis://127.0.0.1:${redis.port}) could not list the jobs: it is unavailable.`,
    });
    const structure = await rest(serverA.url, '/api/v1/structure?repositoryId=shipping-go&depth=1');
    expect(structure.status).toBe(200);
  });
});
