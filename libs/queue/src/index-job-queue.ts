import { Logger } from '@nestjs/common';
import type { ConnectionOptions, Job, Queue, SandboxedJob } from 'bullmq';
import { type ErrorCode, LoreError, UnavailableError } from '@lore/domain';

/**
 * BullMQ, loaded when a queue is first used: with ioredis under it, it cost every process (each CLI
 * call) ~100 ms of CPU at start, though only those given LORE_QUEUE_URL use it.
 */
function bullmq(): typeof import('bullmq') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('bullmq') as typeof import('bullmq');
}

/** The one BullMQ queue of index jobs (its keys are `lore:index:*` in Redis). */
const QUEUE_NAME = 'index';
const KEY_PREFIX = 'lore';
/** A queue call that Redis does not answer within this long is `unavailable`: a server keeps serving reads meanwhile. */
const REDIS_DEADLINE_MS = 3_000;
/** How many of the newest jobs of each state a listing looks through for the caller's tenant. */
const LISTING_WINDOW = 1_000;

export interface IndexJobQueueSettings {
  /** redis:// or rediss:// (LORE_QUEUE_URL). */
  url: string;
  attempts: number;
  backoffMs: number;
  lockMs: number;
}

/** What an index job carries: whose it is and what to index. No credential is ever in it. */
export interface IndexJobData {
  tenantId: string;
  repositoryId: string;
  /** A directory of the workers' machines, or a git URL without credentials. */
  source: string;
  commit: string | null;
  /** Who asked (a principal's subject, or `webhook:<provider>`), for the audit of the run. */
  requestedBy: string;
}

export type IndexJobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

/** A job as Redis holds it. `progress` and `result` are what the worker reported. */
export interface IndexJobRecord {
  id: string;
  data: IndexJobData;
  state: IndexJobState;
  attemptsMade: number;
  maxAttempts: number;
  progress: Record<string, unknown> | null;
  error: { code: ErrorCode | 'internal'; message: string } | null;
  result: unknown;
  enqueuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** One job in a worker's hands. */
export interface RunningIndexJob {
  id: string;
  data: IndexJobData;
  /** 1 for the first attempt. */
  attempt: number;
  reportProgress(progress: Record<string, unknown>): Promise<void>;
}

/** A job that must not be tried again (its input is wrong): it fails at once, whatever attempts are left. */
export function isFinalFailure(error: unknown): boolean {
  return error instanceof LoreError && (error.code === 'invalid_input' || error.code === 'not_found' || error.code === 'permission_denied');
}

export interface IndexJobWorker {
  close(): Promise<void>;
}

/**
 * Index jobs on Redis through BullMQ: added with retries (exponential backoff from `backoffMs`, at
 * most `attempts` tries), kept after they end (a failed one with its error), read back by id. A
 * pending job of the same repository and commit is not queued twice (BullMQ deduplication), so
 * two servers enqueueing one push index it once. Connects at first use: a process that never
 * queues (a CLI read) never reaches Redis.
 */
export class IndexJobQueue {
  private readonly logger = new Logger('IndexJobQueue');
  private queue: Queue | null = null;
  private lastErrorLogged = 0;

  constructor(private readonly settings: IndexJobQueueSettings) {}

  /** Where the queue is, for messages: host and port, never a password. */
  get location(): string {
    const url = new URL(this.settings.url);
    return `${url.protocol}//${url.hostname}:${url.port || 6379}`;
  }

  /** Queues a job; a job already pending for the same tenant, repository and commit is answered instead. */
  async add(data: IndexJobData): Promise<string> {
    const job = await this.withinDeadline('queue the job', () =>
      this.open().add(data.repositoryId, data, {
        attempts: this.settings.attempts,
        backoff: { type: 'exponential', delay: this.settings.backoffMs },
        removeOnComplete: { count: 10_000 },
        removeOnFail: { count: 10_000 },
        deduplication: { id: `${data.tenantId}:${data.repositoryId}:${data.commit ?? 'HEAD'}` },
      }),
    );
    return job.id!;
  }

  async get(id: string): Promise<IndexJobRecord | null> {
    return this.withinDeadline('read the job', async () => {
      const queue = this.open();
      let job = await queue.getJob(id);
      if (!job) return null;
      const state = (await job.getState()) as IndexJobState;
      // The job and its state are two reads: a job that ended between them is read again, so a
      // finished job always comes with its result or its error.
      if ((state === 'completed' || state === 'failed') && job.finishedOn === undefined) job = (await queue.getJob(id)) ?? job;
      return recordOf(job, state);
    });
  }

  /** A tenant's jobs, newest first, of one state or of all. */
  async list(tenantId: string, state: IndexJobState | null, limit: number): Promise<IndexJobRecord[]> {
    return this.withinDeadline('list the jobs', async () => {
      const states: IndexJobState[] = state ? [state] : ['active', 'waiting', 'delayed', 'failed', 'completed'];
      const records: IndexJobRecord[] = [];
      for (const each of states) {
        const jobs = (await this.open().getJobs([each], 0, LISTING_WINDOW - 1, false)) as Job<IndexJobData>[];
        records.push(...jobs.filter((job) => job?.data?.tenantId === tenantId).map((job) => recordOf(job, each)));
      }
      return records.sort((a, b) => b.enqueuedAt - a.enqueuedAt || Number(b.id) - Number(a.id)).slice(0, limit);
    });
  }

  /**
   * Takes jobs, `concurrency` at a time, and runs each with `processor`: a function in this thread, or
   * the path of a module whose default export is an `indexJobProcessor`, run in worker threads. The
   * second is what `lore worker` uses: an index run blocks its thread for seconds at a time (the
   * compiler's checking), and the lock of a job is renewed by the thread that took it, every
   * `lockMs / 2`; a run in its own thread never lets its lock lapse. A job whose worker dies (SIGKILL)
   * keeps its lock `lockMs` at most; then another worker takes it again.
   */
  work(processor: ((job: RunningIndexJob) => Promise<unknown>) | string, concurrency: number): IndexJobWorker {
    const worker = new (bullmq().Worker)<IndexJobData>(
      QUEUE_NAME,
      typeof processor === 'string' ? processor : indexJobProcessor(processor),
      {
        connection: this.connection(),
        prefix: KEY_PREFIX,
        concurrency,
        useWorkerThreads: typeof processor === 'string',
        // A thread takes no V8 flags of the process (bin/lore.js starts workers with a 64 MB semi-space,
        // as the indexing commands): its young generation is sized here instead (two semi-spaces and more).
        workerThreadsOptions: { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 192 } },
        lockDuration: this.settings.lockMs,
        stalledInterval: Math.max(1_000, Math.floor(this.settings.lockMs / 2)),
        // A job whose worker died is taken again (not an attempt of its own); twice at most, then failed.
        maxStalledCount: 2,
      },
    );
    worker.on('error', (error) => this.logRedisError(error));
    return { close: () => worker.close() };
  }

  async close(): Promise<void> {
    await this.queue?.close();
    this.queue = null;
  }

  /** Closed with the process's services (Nest calls this on a provider's instance). */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private open(): Queue {
    if (!this.queue) {
      this.queue = new (bullmq().Queue)(QUEUE_NAME, {
        connection: { ...this.connection(), enableOfflineQueue: false },
        prefix: KEY_PREFIX,
      });
      this.queue.on('error', (error) => this.logRedisError(error));
    }
    return this.queue;
  }

  private connection(): ConnectionOptions {
    const url = new URL(this.settings.url);
    return {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      db: Number(url.pathname.slice(1) || 0),
      tls: url.protocol === 'rediss:' ? {} : undefined,
      maxRetriesPerRequest: null,
    };
  }

  private async withinDeadline<T>(what: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_DEADLINE_MS} ms`)), REDIS_DEADLINE_MS);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof LoreError) throw error;
      throw new UnavailableError(`The job queue (Redis at ${this.location}) could not ${what}: it is unavailable.`, {
        hint: 'Start Redis or check LORE_QUEUE_URL; reads of the graph are served meanwhile. Retry once Redis answers.',
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Redis errors repeat every reconnect: one line per ten seconds, never the URL's password. */
  private logRedisError(error: Error): void {
    if (Date.now() - this.lastErrorLogged < 10_000) return;
    this.lastErrorLogged = Date.now();
    this.logger.warn(`Redis at ${this.location}: ${error.message}`);
  }
}

/**
 * A job processor around `handle`: an error ends the attempt, kept as the job's error as
 * `code: message`; one `isFinalFailure` says is bad input ends the job, whatever attempts are left.
 */
export function indexJobProcessor(
  handle: (job: RunningIndexJob) => Promise<unknown>,
): (job: Job<IndexJobData> | SandboxedJob<IndexJobData>) => Promise<unknown> {
  return async (job) => {
    try {
      return await handle({
        id: job.id!,
        data: job.data,
        attempt: job.attemptsMade + 1,
        reportProgress: (progress) => job.updateProgress(progress),
      });
    } catch (error) {
      const code = error instanceof LoreError ? error.code : 'internal';
      const message = `${code}: ${error instanceof Error ? error.message : String(error)}`;
      throw isFinalFailure(error) ? new (bullmq().UnrecoverableError)(message) : new Error(message);
    }
  };
}

function recordOf(job: Job<IndexJobData>, state: IndexJobState): IndexJobRecord {
  return {
    id: job.id!,
    data: job.data,
    state,
    attemptsMade: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    progress: typeof job.progress === 'object' && job.progress !== null ? (job.progress as Record<string, unknown>) : null,
    error: job.failedReason ? errorOf(job.failedReason) : null,
    result: job.returnvalue ?? null,
    enqueuedAt: job.timestamp,
    startedAt: job.processedOn ?? null,
    finishedAt: state === 'completed' || state === 'failed' ? (job.finishedOn ?? null) : null,
  };
}

/** `code: message`, as the worker keeps it; anything else (a stalled job's reason from BullMQ) is internal. */
function errorOf(reason: string): IndexJobRecord['error'] {
  const match = /^([a-z_]+): ([\s\S]*)$/.exec(reason);
  return match ? { code: match[1] as ErrorCode, message: match[2] } : { code: 'internal', message: reason };
}
