import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import { runInCallContext } from '@lore/access';
import { type LoreError, localPrincipal } from '@lore/domain';

import type { IndexJobWorker } from '@lore/queue';
import { gitFixture } from '../../../../test/support/fixtures';
import { testDriver, wipeGraph } from '../../../../test/support/graph';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { type TestRedis, redisUnavailableReason, startRedis } from '../../../../test/support/redis';
import { IndexJobsService } from './index-jobs.service';
import { IndexingService } from '../indexing/indexing.service';
import { IndexWorker } from './index-worker';

const unavailable = redisUnavailableReason();
if (unavailable) process.stderr.write(`[index-jobs.integration] skipped: ${unavailable}\n`);
const describeWithRedis = unavailable ? describe.skip : describe;

const principal = localPrincipal('jobs', 'test');
const asCli = <T>(work: () => Promise<T>): Promise<T> => runInCallContext({ door: 'cli' }, work);
const asRest = <T>(work: () => Promise<T>): Promise<T> => runInCallContext({ door: 'rest' }, work);

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string; hint: string | null }> {
  const error = (await work.then(
    () => null,
    (caught: LoreError) => caught,
  )) as LoreError | null;
  if (!error) throw new Error('expected a refusal');
  return { code: error.code, message: error.message, hint: error.hint };
}

describeWithRedis('index jobs on a real Redis, done by the worker with a real Neo4j', () => {
  const driver = testDriver();
  let redis: TestRedis;
  let services: TestingModule;
  let worker: IndexWorker;
  let jobs: IndexJobsService;
  let working: IndexJobWorker | null = null;
  let roots: string;

  beforeAll(async () => {
    redis = await startRedis();
    roots = mkdtempSync(join(tmpdir(), 'lore-roots-'));
    services = await knowledgeWith({
      LORE_QUEUE_URL: redis.url,
      LORE_QUEUE_ATTEMPTS: '2',
      LORE_QUEUE_BACKOFF_MS: '200',
      LORE_CHECKOUT_DIR: mkdtempSync(join(tmpdir(), 'lore-checkouts-')),
    });
    jobs = services.get(IndexJobsService);
    worker = services.get(IndexWorker);
    await wipeGraph(driver);
  });

  afterEach(async () => {
    await working?.close();
    working = null;
  });

  afterAll(async () => {
    await services?.close();
    await redis?.stop();
    await driver.close();
  });

  it('queues a directory, a worker indexes it as lore index does, and the job keeps its progress and run', async () => {
    const fixture = gitFixture('order-service');
    const queued = await asCli(() => jobs.enqueueIndex({ source: fixture.path }, principal));
    expect(queued).toMatchObject({
      tenantId: 'jobs',
      repositoryId: 'order-service',
      source: fixture.path,
      commit: null,
      state: 'waiting',
      attemptsMade: 0,
      maxAttempts: 2,
      progress: null,
      error: null,
      result: null,
    });
    // A second request while the first is pending is the same job: two servers never queue one push twice.
    expect((await asCli(() => jobs.enqueueIndex({ source: fixture.path }, principal))).jobId).toBe(queued.jobId);
    working = worker.start();
    const summary = await jobs.waitFor(queued.jobId, 'jobs');
    expect(summary).toMatchObject({
      repositoryId: 'order-service',
      commitSha: fixture.commitSha,
      status: 'completed',
      files: 12,
      symbols: 45,
    });
    const done = await jobs.getIndexJob({ jobId: queued.jobId }, principal);
    expect(done).toMatchObject({ state: 'completed', attemptsMade: 1, error: null, result: summary });
    expect(done.progress).toEqual({ phase: 'completed', done: 1, total: 1, files: 12, symbols: 45, embeddedChunks: 43 });
    expect((await jobs.listIndexJobs({ limit: 20 }, principal)).jobs.map((job) => [job.jobId, job.state])).toEqual([
      [queued.jobId, 'completed'],
    ]);
    // Another tenant does not see it.
    expect((await refusal(jobs.getIndexJob({ jobId: queued.jobId }, localPrincipal('other')))).code).toBe('not_found');
  });

  it("index_repository, asked through a door other than the CLI, queues the run and answers the worker's summary", async () => {
    const fixture = gitFixture('order-contracts');
    working = worker.start();
    const progress: string[] = [];
    const summary = await runInCallContext({ door: 'mcp-stdio' }, () =>
      services.get(IndexingService).indexRepository({ path: fixture.path }, principal, (update) => progress.push(update.phase)),
    );
    expect(summary).toMatchObject({ repositoryId: 'order-contracts', commitSha: fixture.commitSha, status: 'completed' });
    const [job] = (await jobs.listIndexJobs({ limit: 1 }, principal)).jobs;
    expect(job).toMatchObject({ repositoryId: 'order-contracts', source: fixture.path, state: 'completed', result: summary });
    // Relayed phases are the run's own (a small run may end between two reads of its job).
    expect(progress.filter((phase) => !['reading', 'extracting', 'writing', 'resolving'].includes(phase))).toEqual([]);
  });

  it('checks out a git URL at the commit asked for', async () => {
    const fixture = gitFixture('shipping-go');
    const queued = await asRest(() => jobs.enqueueIndex({ source: `file://${fixture.path}`, commit: fixture.commitSha }, principal));
    expect(queued).toMatchObject({ repositoryId: 'shipping-go', commit: fixture.commitSha });
    working = worker.start();
    expect(await jobs.waitFor(queued.jobId, 'jobs')).toMatchObject({
      repositoryId: 'shipping-go',
      commitSha: fixture.commitSha,
      status: 'completed',
    });
  });

  it('retries a failing job with backoff up to its attempts, then keeps it failed with its error', async () => {
    const queued = await asRest(() =>
      jobs.enqueueIndex({ source: 'file:///nowhere/lore-missing.git', repositoryId: 'missing' }, principal),
    );
    working = worker.start();
    const failure = await refusal(jobs.waitFor(queued.jobId, 'jobs'));
    expect(failure.code).toBe('unavailable');
    const failed = await jobs.getIndexJob({ jobId: queued.jobId }, principal);
    expect(failed.state).toBe('failed');
    expect(failed.attemptsMade).toBe(2);
    expect(failed.error?.code).toBe('unavailable');
    expect(failed.error?.message).toMatch(/^git ls-remote of file:\/\/\/nowhere\/lore-missing\.git failed: /);
  });

  it('fails bad input at once, without the retries', async () => {
    const queued = await asCli(() => jobs.enqueueIndex({ source: '/nowhere/lore-missing-directory' }, principal));
    working = worker.start();
    expect((await refusal(jobs.waitFor(queued.jobId, 'jobs'))).code).toBe('invalid_input');
    expect(await jobs.getIndexJob({ jobId: queued.jobId }, principal)).toMatchObject({ state: 'failed', attemptsMade: 1 });
  });

  it('refuses credentials in a git URL, paths outside the roots, and paths from HTTP with no roots; nothing is queued', async () => {
    const before = (await jobs.listIndexJobs({ limit: 100 }, principal)).jobs.length;
    const credentials = await refusal(
      asRest(() => jobs.enqueueIndex({ source: 'https://deploy:s3cr3t-token@git.example.com/acme/orders.git' }, principal)),
    );
    expect(credentials.code).toBe('invalid_input');
    expect(credentials.message).toBe('source: the git URL carries credentials; they are refused and were not kept.');
    expect(JSON.stringify(credentials)).not.toContain('s3cr3t');
    const token = await refusal(
      asRest(() => jobs.enqueueIndex({ source: 'https://ghp_0123456789@github.com/acme/orders.git' }, principal)),
    );
    expect(token.message).toBe('source: the git URL carries credentials; they are refused and were not kept.');
    const fromHttp = await refusal(asRest(() => jobs.enqueueIndex({ source: '/etc' }, principal)));
    expect(fromHttp.message).toBe('source: paths are not accepted from this door: no LORE_INDEX_ROOTS are configured.');
    const rooted = await knowledgeWith({ LORE_QUEUE_URL: redis.url, LORE_INDEX_ROOTS: roots });
    try {
      const outside = await refusal(asCli(() => rooted.get(IndexJobsService).enqueueIndex({ source: '/etc' }, principal)));
      expect(outside).toEqual({
        code: 'invalid_input',
        message: 'source: the path is outside the directories workers may index (LORE_INDEX_ROOTS).',
        hint: `Queue a path inside one of: ${roots}.`,
      });
      const escaping = await refusal(asRest(() => rooted.get(IndexJobsService).enqueueIndex({ source: `${roots}/../etc` }, principal)));
      expect(escaping.code).toBe('invalid_input');
    } finally {
      await rooted.close();
    }
    expect((await jobs.listIndexJobs({ limit: 100 }, principal)).jobs.length).toBe(before);
  });

  it('answers unavailable with a hint when Redis is down, and unavailable naming LORE_QUEUE_URL with no queue', async () => {
    const down = await knowledgeWith({ LORE_QUEUE_URL: `redis://:hunter2-password@127.0.0.1:${redis.port + 1}` });
    try {
      const refused = await refusal(asCli(() => down.get(IndexJobsService).listIndexJobs({ limit: 5 }, principal)));
      expect(refused).toEqual({
        code: 'unavailable',
        message: `The job queue (Redis at redis://127.0.0.1:${redis.port + 1}) could not list the jobs: it is unavailable.`,
        hint: 'Start Redis or check LORE_QUEUE_URL; reads of the graph are served meanwhile. Retry once Redis answers.',
      });
    } finally {
      await down.close();
    }
    const none = await knowledgeWith({});
    try {
      expect((await refusal(none.get(IndexJobsService).getIndexJob({ jobId: '1' }, principal))).message).toBe(
        'No job queue is configured: index jobs need LORE_QUEUE_URL.',
      );
    } finally {
      await none.close();
    }
  });
});
