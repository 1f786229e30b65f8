import { IndexJobQueue } from './index-job-queue';

/**
 * BullMQ replaced by a queue whose job ends between the read of its hash and the read of its state,
 * as a worker finishing at that moment makes it (seen once in CI: a completed job read without its
 * result). The queue's own behaviour against a real Redis is in test/e2e/queue-workers.
 */
const reads: string[] = [];
jest.mock('bullmq', () => ({
  Queue: class {
    on(): void {}
    async getJob(id: string): Promise<unknown> {
      reads.push('job');
      const finished = reads.filter((read) => read === 'job').length > 1;
      return {
        id,
        data: { tenantId: 't', repositoryId: 'r', source: '/src', commit: null, requestedBy: 'me' },
        opts: { attempts: 3 },
        attemptsMade: 1,
        progress: { phase: finished ? 'completed' : 'extracting' },
        timestamp: 100,
        processedOn: 200,
        finishedOn: finished ? 300 : undefined,
        returnvalue: finished ? { commitSha: 'abc', status: 'completed' } : undefined,
        failedReason: undefined,
        getState: async () => {
          reads.push('state');
          return 'completed';
        },
      };
    }
  },
}));

describe('IndexJobQueue.get', () => {
  it('reads a job again when it ended between the read of the job and of its state', async () => {
    const queue = new IndexJobQueue({ url: 'redis://127.0.0.1:6379', attempts: 3, backoffMs: 1_000, lockMs: 30_000 });
    const record = await queue.get('7');
    expect(reads).toEqual(['job', 'state', 'job']);
    expect(record).toEqual({
      id: '7',
      data: { tenantId: 't', repositoryId: 'r', source: '/src', commit: null, requestedBy: 'me' },
      state: 'completed',
      attemptsMade: 1,
      maxAttempts: 3,
      progress: { phase: 'completed' },
      error: null,
      result: { commitSha: 'abc', status: 'completed' },
      enqueuedAt: 100,
      startedAt: 200,
      finishedAt: 300,
    });
  });
});
