import { type INestApplicationContext, Inject, Injectable } from '@nestjs/common';
import { runInCallContext } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { PERMISSIONS, type Principal, UnavailableError } from '@lore/domain';
import type { IndexJobProgress } from '@lore/domain/schemas/index-jobs';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { Checkouts } from '@lore/indexer';
import { type IndexJobQueue, type IndexJobWorker, type RunningIndexJob, indexJobProcessor } from '@lore/queue';
import { INDEX_JOB_QUEUE } from '../infrastructure.providers';
import { IndexingService, type IndexingProgress } from '../indexing/indexing.service';
import { readJobSource } from './index-job-sources';

/** A job's progress is written to Redis at most this often (its first and last reports always are). */
const PROGRESS_INTERVAL_MS = 500;

/**
 * What `lore worker` runs: takes index jobs from the queue and does each with the index run of
 * `lore index` (`IndexingService.runIndex`, below the gate: the job was authorized and audited when
 * it was queued). A path is indexed where it is, unless a commit is named; a git URL, or a path at a
 * commit, is checked out first (`Checkouts`). The source is checked against LORE_INDEX_ROOTS again
 * here: whatever wrote the job into Redis, a worker reads only where it may.
 */
@Injectable()
export class IndexWorker {
  constructor(
    @Inject(INDEX_JOB_QUEUE) private readonly queue: IndexJobQueue | null,
    private readonly indexing: IndexingService,
    private readonly checkouts: Checkouts,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  /**
   * Starts taking jobs, LORE_WORKER_CONCURRENCY at a time, until closed: each in a worker thread
   * running `processorFile` (a module exporting an `indexJobProcessor` of this class's `process`), or,
   * without one, here (tests).
   */
  start(processorFile?: string): IndexJobWorker {
    if (!this.queue)
      throw new UnavailableError('No job queue is configured: a worker needs LORE_QUEUE_URL.', {
        hint: 'Set LORE_QUEUE_URL to the Redis the servers queue index jobs on (redis://host:6379).',
      });
    return this.queue.work(processorFile ?? ((job) => this.process(job)), this.config.LORE_WORKER_CONCURRENCY);
  }

  async process(job: RunningIndexJob): Promise<IndexRunSummary> {
    const { data } = job;
    const source = readJobSource(data.source, this.config.LORE_INDEX_ROOTS, true);
    const progress = new JobProgress(job);
    const checkedOut =
      source.kind === 'path' && data.commit === null
        ? null
        : await this.checkouts.checkout(data.tenantId, data.repositoryId, sourceOf(source), data.commit);
    // The job's tenant, with the one permission the run needs; its requester is the run's subject.
    const principal: Principal = {
      tenantId: data.tenantId,
      subject: data.requestedBy,
      repositories: '*',
      permissions: PERMISSIONS.filter((permission) => permission === 'read' || permission === 'index'),
      toolProfile: null,
    };
    const summary = await runInCallContext({ door: 'internal', requestId: `index-job-${job.id}` }, () =>
      this.indexing.runIndex({ path: checkedOut?.path ?? sourceOf(source), repositoryId: data.repositoryId }, principal, {
        onProgress: (update) => progress.phase(update),
        onEmbedded: (chunks) => progress.embedded(chunks),
      }),
    );
    if (checkedOut) this.checkouts.keepOnly(data.tenantId, data.repositoryId, checkedOut.commit);
    await progress.completed(summary);
    return summary;
  }
}

function sourceOf(source: ReturnType<typeof readJobSource>): string {
  return source.kind === 'path' ? source.path : source.url;
}

/** A job's progress as Redis keeps it: the phase, and the files, symbols and chunks counted so far. */
class JobProgress {
  private current: IndexJobProgress = { phase: 'queued', done: 0, total: 0, files: null, symbols: null, embeddedChunks: null };
  private lastWritten = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly job: RunningIndexJob) {}

  phase(update: IndexingProgress): void {
    const newPhase = update.phase !== this.current.phase;
    this.current = {
      ...this.current,
      phase: update.phase,
      done: update.done,
      total: update.total,
      files: update.phase === 'reading' ? update.done : this.current.files,
    };
    if (newPhase || update.done >= update.total || Date.now() - this.lastWritten >= PROGRESS_INTERVAL_MS) this.write();
  }

  embedded(chunks: number): void {
    this.current = { ...this.current, phase: 'embedding', done: chunks, total: chunks, embeddedChunks: chunks };
    this.write();
  }

  async completed(summary: IndexRunSummary): Promise<void> {
    this.current = { ...this.current, phase: 'completed', done: 1, total: 1, files: summary.files, symbols: summary.symbols };
    this.write();
    await this.writing;
  }

  private write(): void {
    this.lastWritten = Date.now();
    const snapshot = this.current;
    // In order, and never failing the run: a progress lost to a Redis hiccup is only a progress.
    this.writing = this.writing.then(() => this.job.reportProgress({ ...snapshot }).catch(() => undefined));
  }
}

/**
 * The processor a `lore worker` thread runs (BullMQ loads the app's module exporting it in a worker
 * thread): the services are opened once per thread, by `openServices`, and kept for its next jobs.
 */
export function threadedIndexJobProcessor(openServices: () => Promise<INestApplicationContext>): ReturnType<typeof indexJobProcessor> {
  let services: Promise<INestApplicationContext> | null = null;
  return indexJobProcessor(async (job) => {
    services ??= openServices();
    process.stderr.write(
      `lore worker: job ${job.id} started (attempt ${job.attempt}): ${job.data.repositoryId} from ${job.data.source}` +
        `${job.data.commit ? ` at ${job.data.commit}` : ''}\n`,
    );
    return (await services).get(IndexWorker).process(job);
  });
}
