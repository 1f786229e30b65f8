import { Inject, Injectable } from '@nestjs/common';
import { currentCallContext } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { ConflictError, ERROR_CODES, InvalidInputError, NotFoundError, type Principal, UnavailableError } from '@lore/domain';
import {
  type EnqueueIndexInput,
  EnqueueIndexInputSchema,
  type GetIndexJobInput,
  GetIndexJobInputSchema,
  type IndexJob,
  type IndexJobProgress,
  type ListIndexJobsInput,
  ListIndexJobsInputSchema,
  type ListIndexJobsResult,
} from '@lore/domain/schemas/index-jobs';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import type { IndexJobQueue, IndexJobRecord } from '@lore/queue';
import { INDEX_JOB_QUEUE } from '../infrastructure.providers';
import { Operation } from '../operations/operation';
import { parseInput } from '../validation';
import { readJobSource, repositoryIdOf, sourceText } from './index-job-sources';

/** How often a caller waiting for its job (index_repository with a queue) reads the job again. */
const WAIT_POLL_MS = 500;

/** A push a webhook delivered, its signature already checked by the door. */
export interface PushDelivery {
  provider: 'github' | 'gitlab';
  /** GitHub's repository.full_name, GitLab's project.path_with_namespace. */
  repository: string;
  commit: string;
}

/**
 * Index jobs on the queue (LORE_QUEUE_URL): queue one (`enqueue_index`, needing the index
 * permission), read one or a page of the tenant's (`get_index_job`, `list_index_jobs`), and queue the
 * commit a push webhook delivered for a configured repository (`receive_push`). The workers
 * (`IndexWorker`) do the runs. With no queue configured every operation answers `unavailable` naming
 * LORE_QUEUE_URL, and index runs happen where they are asked for, as before.
 */
@Injectable()
export class IndexJobsService {
  constructor(
    @Inject(INDEX_JOB_QUEUE) private readonly queue: IndexJobQueue | null,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  /** Whether index runs go through the queue (LORE_QUEUE_URL is set). */
  get queued(): boolean {
    return this.queue !== null;
  }

  @Operation('enqueue_index', { kind: 'side_effect' })
  enqueueIndex(input: EnqueueIndexInput, principal: Principal): Promise<IndexJob> {
    return this.enqueue(input, principal);
  }

  @Operation('get_index_job', { kind: 'read', cached: false })
  async getIndexJob(input: GetIndexJobInput, principal: Principal): Promise<IndexJob> {
    const { jobId } = parseInput(GetIndexJobInputSchema, input);
    return this.jobOf(jobId, principal.tenantId);
  }

  @Operation('list_index_jobs', { kind: 'read', cached: false })
  async listIndexJobs(input: ListIndexJobsInput, principal: Principal): Promise<ListIndexJobsResult> {
    const query = parseInput(ListIndexJobsInputSchema, input);
    const records = await this.required().list(principal.tenantId, query.state ?? null, query.limit);
    return { jobs: records.map(viewOf) };
  }

  /** The push of a repository named in LORE_WEBHOOK_REPOSITORIES, queued at the pushed commit. */
  @Operation('receive_push', { kind: 'side_effect' })
  async receivePush(push: PushDelivery, principal: Principal): Promise<IndexJob> {
    const source = this.configuredRepositories().get(push.repository);
    if (!source)
      throw new NotFoundError(`The repository ${push.repository} is not one this server indexes on a push.`, {
        hint: 'Add it to LORE_WEBHOOK_REPOSITORIES as owner/name=<path or git URL>.',
      });
    const repositoryId = push.repository.split('/').pop()!;
    return this.enqueue({ source, repositoryId: repositoryIdOf({ kind: 'path', path: repositoryId }), commit: push.commit }, principal, {
      trusted: true,
    });
  }

  /**
   * Queues an index job (below the gate: `index_repository` with a queue and `lore serve` call it).
   * A `trusted` source is the configuration's own (a webhook's repository): no root applies to it.
   */
  async enqueue(input: EnqueueIndexInput, principal: Principal, options: { trusted?: boolean } = {}): Promise<IndexJob> {
    const request = parseInput(EnqueueIndexInputSchema, input);
    const { door } = currentCallContext();
    const source = options.trusted
      ? readJobSource(request.source, [], true)
      : readJobSource(request.source, this.config.LORE_INDEX_ROOTS, door === 'cli' || door === 'mcp-stdio');
    const queue = this.required();
    const jobId = await queue.add({
      tenantId: principal.tenantId,
      repositoryId: request.repositoryId ?? repositoryIdOf(source),
      source: sourceText(source),
      commit: request.commit ?? null,
      requestedBy: principal.subject,
    });
    return this.jobOf(jobId, principal.tenantId);
  }

  /**
   * Waits for a job to end, relaying its progress: the run's summary, or the job's error as the
   * LoreError it was. A cancelled wait leaves the job to its worker.
   */
  async waitFor(
    jobId: string,
    tenantId: string,
    onProgress?: (progress: IndexJobProgress) => void,
    signal?: AbortSignal,
  ): Promise<IndexRunSummary> {
    let reported = '';
    for (;;) {
      const job = await this.jobOf(jobId, tenantId);
      if (job.progress && JSON.stringify(job.progress) !== reported) {
        reported = JSON.stringify(job.progress);
        onProgress?.(job.progress);
      }
      if (job.state === 'completed' && job.result) return job.result;
      if (job.state === 'failed') throw errorOfJob(job);
      if (signal?.aborted)
        throw new ConflictError(`Stopped waiting for index job ${jobId}; the job goes on in a worker.`, {
          hint: 'Follow it with get_index_job.',
        });
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  private async jobOf(jobId: string, tenantId: string): Promise<IndexJob> {
    const record = await this.required().get(jobId);
    // Another tenant's job is not found, never told apart from one that does not exist.
    if (!record || record.data.tenantId !== tenantId)
      throw new NotFoundError(`No index job ${jobId}.`, { hint: 'List jobs with list_index_jobs.' });
    return viewOf(record);
  }

  private required(): IndexJobQueue {
    if (!this.queue)
      throw new UnavailableError('No job queue is configured: index jobs need LORE_QUEUE_URL.', {
        hint: 'Set LORE_QUEUE_URL to a Redis (redis://host:6379) and run `lore worker`; without it, index with `lore index`.',
      });
    return this.queue;
  }

  private configuredRepositories(): Map<string, string> {
    const repositories = new Map<string, string>();
    for (const entry of this.config.LORE_WEBHOOK_REPOSITORIES) {
      const at = entry.indexOf('=');
      if (at > 0) repositories.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim());
    }
    return repositories;
  }
}

function viewOf(record: IndexJobRecord): IndexJob {
  const iso = (time: number | null): string | null => (time === null ? null : new Date(time).toISOString());
  const progress = record.progress as IndexJobProgress | null;
  return {
    jobId: record.id,
    tenantId: record.data.tenantId,
    repositoryId: record.data.repositoryId,
    source: record.data.source,
    commit: record.data.commit,
    state: record.state,
    attemptsMade: record.attemptsMade,
    maxAttempts: record.maxAttempts,
    progress,
    error: record.error
      ? { code: ERROR_CODES.includes(record.error.code) ? record.error.code : 'internal', message: record.error.message }
      : null,
    result: (record.result as IndexRunSummary | null) ?? null,
    enqueuedAt: iso(record.enqueuedAt)!,
    startedAt: iso(record.startedAt),
    finishedAt: iso(record.finishedAt),
  };
}

function errorOfJob(job: IndexJob): Error {
  const message = job.error?.message ?? `Index job ${job.jobId} failed.`;
  if (job.error?.code === 'invalid_input') return new InvalidInputError(message);
  if (job.error?.code === 'not_found') return new NotFoundError(message);
  if (job.error?.code === 'conflict') return new ConflictError(message);
  return new UnavailableError(`Index job ${job.jobId} failed after ${job.attemptsMade} attempt(s): ${message}`, {
    hint: 'See the job with get_index_job; queue it again once the cause is fixed.',
  });
}
