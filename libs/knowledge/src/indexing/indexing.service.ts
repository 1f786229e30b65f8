import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { currentCallContext } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { ConflictError, type Principal } from '@lore/domain';
import { type IndexRepositoryInput, IndexRepositoryInputSchema, type IndexRunSummary } from '@lore/domain/schemas/indexing';
import { IndexStoreRepository, MigrationService, TenantViews, type RunOutcome, type RunScope, type WrittenSnapshot } from '@lore/graph';
import {
  type IndexProgress,
  languageServersDirectory,
  locateRepository,
  packageEcosystems,
  readRepositoryIfChanged,
  type UnchangedReading,
} from '@lore/indexer';
import { LoreMetrics } from '@lore/observability';
import { SemanticIndex } from '../search/semantic-index';
import { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';
import { parseInput } from '../validation';
import { IndexJobsService } from '../index-jobs/index-jobs.service';
import { Operation } from '../operations/operation';

/** What a watch of a repository watches besides its files (doors reach the indexer through this library). */
export { headPaths } from '@lore/indexer';

export type IndexingProgress = IndexProgress | { phase: 'writing' | 'resolving'; done: number; total: number };

/** The phases of a run that a job's progress relays to a waiting caller. */
const RUN_PHASES = new Set<string>(['reading', 'extracting', 'writing', 'resolving']);

/** What a caller of an index run follows: its progress, its cancellation, and how many chunks it embedded. */
export interface IndexRunHooks {
  onProgress?: (progress: IndexingProgress) => void;
  signal?: AbortSignal;
  /** Chunks embedded or found unchanged, once the vectors are written (not called when embedding is left to the background). */
  onEmbedded?: (chunks: number) => void;
}

/** index_repository: read a repository from disk and replace its snapshot in the graph. */
@Injectable()
export class IndexingService {
  private readonly logger = new Logger('Indexing');

  constructor(
    private readonly store: IndexStoreRepository,
    private readonly migrations: MigrationService,
    private readonly semantic: SemanticIndex,
    private readonly views: TenantViews,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly metrics: LoreMetrics,
    private readonly knowledgeLinks: KnowledgeLinksService,
    private readonly jobs: IndexJobsService,
  ) {}

  @Operation('index_repository', { kind: 'side_effect' })
  indexRepository(
    input: IndexRepositoryInput,
    principal: Principal,
    onProgress?: (progress: IndexingProgress) => void,
    signal?: AbortSignal,
  ): Promise<IndexRunSummary> {
    // With a queue, a door's index run is a job for the workers (the CLI's `lore index` still runs here:
    // it is this machine's user indexing in their own process).
    if (this.jobs.queued && currentCallContext().door !== 'cli') return this.runAsJob(input, principal, onProgress, signal);
    return this.runIndex(input, principal, { onProgress, signal });
  }

  /** The run queued as an index job and waited for: the same summary, done by a worker. */
  private async runAsJob(
    input: IndexRepositoryInput,
    principal: Principal,
    onProgress?: (progress: IndexingProgress) => void,
    signal?: AbortSignal,
  ): Promise<IndexRunSummary> {
    const request = parseInput(IndexRepositoryInputSchema, input);
    const location = locateRepository(request.path, request.repositoryId);
    const job = await this.jobs.enqueue({ source: location.rootPath, repositoryId: location.repositoryId }, principal);
    return this.jobs.waitFor(
      job.jobId,
      principal.tenantId,
      (progress) => {
        if (RUN_PHASES.has(progress.phase)) onProgress?.(progress as IndexingProgress);
      },
      signal,
    );
  }

  /**
   * What the repository's last complete run made, when this run's inputs are its inputs and the
   * vectors are complete for the serving model: then this run has nothing to parse, resolve, write
   * or embed. Null: the run does its work (which also embeds what is missing).
   */
  private async indexedOutcome(run: RunScope, inputs: string): Promise<RunOutcome | null> {
    const outcome = await this.store.indexedOutcome(run, inputs);
    if (outcome === null) return null;
    const notEmbedded = await this.semantic.notEmbedded(run.tenantId, [run.repoId]).catch(() => null);
    return notEmbedded?.length === 0 ? outcome : null;
  }

  /** A run of the last complete run's inputs: recorded complete, with that run's figures; nothing else written. */
  private async completeUnchanged(run: RunScope, reading: UnchangedReading, outcome: RunOutcome, started: Date): Promise<IndexRunSummary> {
    const result = unchangedSummary(run, reading, outcome, started, new Date());
    await this.store.completeUnchangedRun(run, reading.inputs, result);
    // Project knowledge about this repository is linked to the code as it is now (never fails the run).
    await this.knowledgeLinks.relinkRepository(run.tenantId, run.repoId);
    this.logger.log(
      `indexed ${result.repositoryId}@${result.commitSha.slice(0, 12)}: unchanged since the last complete run, ${result.files} files; done in ${result.durationMs} ms`,
    );
    this.metrics.recordIndexRun(result);
    return result;
  }

  /**
   * The index run itself, below the gate: `index_repository` calls it, and so does an index job's
   * worker (the job was authorized and audited when it was queued).
   */
  async runIndex(input: IndexRepositoryInput, principal: Principal, hooks: IndexRunHooks = {}): Promise<IndexRunSummary> {
    const { onProgress, signal } = hooks;
    const request = parseInput(IndexRepositoryInputSchema, input);
    // The path is checked before anything touches the graph: bad input writes nothing.
    const location = locateRepository(request.path, request.repositoryId);
    if (!this.migrations.upToDate) await this.migrations.migrate();
    await this.store.sweepDeadRuns();
    const started = new Date();
    const run = {
      tenantId: principal.tenantId,
      repoId: location.repositoryId,
      runId: `${principal.tenantId}:${location.repositoryId}:run:${randomUUID()}`,
    };
    // The repository is read from disk while the lease is taken (a cold Neo4j plans its first query
    // slowly); nothing is written before the lease is held, and a refused run waits for its read to end.
    const leased = this.store.beginRun(run, started.toISOString());
    // What the last complete run made, when this run's inputs are its inputs; else the graph as it is
    // (the lease holder's to read), from Neo4j or the state file while the repository is extracted.
    let indexed: RunOutcome | null = null;
    let live: ReturnType<IndexStoreRepository['liveGraph']> | undefined;
    const alreadyIndexed = async (inputs: string): Promise<boolean> => {
      await leased;
      indexed = await this.indexedOutcome(run, inputs);
      if (indexed === null) {
        live = this.store.liveGraph(run);
        live.catch(() => undefined);
      }
      return indexed !== null;
    };
    const read = readRepositoryIfChanged(
      location.rootPath,
      {
        tenantId: principal.tenantId,
        repositoryId: location.repositoryId,
        maxFileBytes: this.config.LORE_MAX_FILE_BYTES,
        cacheDir: this.config.LORE_CACHE_DIR,
        pyright: {
          python: this.config.LORE_PYTHON,
          maxHeapMb: this.config.LORE_PYRIGHT_HEAP_MB,
          requestTimeoutMs: this.config.LORE_PYRIGHT_TIMEOUT_MS,
        },
        languageServers: {
          directory: this.config.LORE_LANGUAGE_SERVERS_DIR ?? languageServersDirectory(),
          requestTimeoutMs: this.config.LORE_LANGUAGE_SERVER_TIMEOUT_MS,
          indexTimeoutMs: this.config.LORE_LANGUAGE_SERVER_INDEX_TIMEOUT_MS,
        },
        typescriptChecker: this.config.LORE_TYPESCRIPT_CHECKER,
        onProgress,
      },
      alreadyIndexed,
    );
    read.catch(() => undefined);
    try {
      await leased;
    } catch (error) {
      await read.catch(() => undefined);
      throw error;
    }
    const heartbeat = setInterval(
      () => void this.store.renewLease(run).catch((error: Error) => this.logger.warn(`lease renewal failed: ${error.message}`)),
      (this.config.LORE_INDEX_LEASE_SECONDS * 1000) / 3,
    );
    heartbeat.unref();
    try {
      const reading = await read;
      // A cancelled run stops between its transactions, each of which commits whole or not at all.
      throwIfCancelled(signal);
      if (reading.unchanged) return await this.completeUnchanged(run, reading, indexed!, started);
      live ??= this.store.liveGraph(run);
      const elapsedMs = (): number => Date.now() - started.getTime();
      const writing = (done: number, total: number): void => onProgress?.({ phase: 'writing', done, total });
      let snapshot = reading.snapshot;
      let queryableMs: number | null = null;
      let written: WrittenSnapshot | undefined;
      if (reading.resolveExactly) {
        // Queryable from syntax first; the compiler's exact calls follow in a second transaction.
        written = await this.store.applyQueryableSnapshot(snapshot, run, elapsedMs, writing, live);
        queryableMs = elapsedMs();
        throwIfCancelled(signal);
        onProgress?.({ phase: 'resolving', done: 0, total: 1 });
        snapshot = await reading.resolveExactly();
        onProgress?.({ phase: 'resolving', done: 1, total: 1 });
        throwIfCancelled(signal);
      }
      const final = snapshot;
      const summary = (finished: Date): IndexRunSummary => {
        const durationMs = finished.getTime() - started.getTime();
        return {
          runId: run.runId,
          repositoryId: final.repositoryId,
          commitSha: final.commitSha,
          status: 'completed',
          files: final.files.length,
          symbols: final.symbols.length,
          calls: final.calls.length,
          imports: final.imports.length,
          skipped: final.skipped,
          languageServers: final.languageServers,
          secretsRedacted: final.secretsFound,
          startedAt: started.toISOString(),
          finishedAt: finished.toISOString(),
          durationMs,
          queryableMs: queryableMs ?? durationMs,
          exactMs: queryableMs === null ? null : durationMs,
        };
      };
      let result: IndexRunSummary | undefined;
      await this.store.applySnapshot(final, run, () => (result = summary(new Date())), writing, written?.state ?? live, reading.inputs);
      if (!result) throw new Error('the snapshot was applied without completing the run');
      // Links to and from the tenant's other repositories follow the snapshot; one that cannot be made
      // now is made by the next index of either side.
      await this.store
        .linkRepository(final, packageEcosystems())
        .catch((error: Error) => this.logger.warn(`cross-repository links of ${final.repositoryId} not updated: ${error.message}`));
      // Project knowledge about this repository is linked to the code as it is now (never fails the run).
      await this.knowledgeLinks.relinkRepository(principal.tenantId, final.repositoryId);
      // The graph is the record; vectors follow it. If they cannot, search falls back to full-text.
      await this.semantic
        .indexChunks(principal.tenantId, snapshot.repositoryId, snapshot.commitSha, snapshot.chunks)
        .then((report) => {
          if (!report.queued) hooks.onEmbedded?.(report.embedded + report.unchanged);
        })
        .catch((error: Error) => this.logger.warn(`semantic index of ${snapshot.repositoryId} not updated: ${error.message}`));
      this.logger.log(
        `indexed ${result.repositoryId}@${result.commitSha.slice(0, 12)}: ${result.files} files, ${result.symbols} symbols, ${result.calls} calls; queryable in ${result.queryableMs} ms, done in ${result.durationMs} ms`,
      );
      this.metrics.recordIndexRun(result);
      return result;
    } catch (error) {
      this.metrics.recordIndexRun({ status: 'failed', durationMs: Date.now() - started.getTime(), files: 0, symbols: 0 });
      await this.store
        .failRun(run, new Date().toISOString(), error instanceof Error ? error.message : String(error))
        .catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
      // Last, after the links and the vectors: a reader's cache (in any process) drops what it kept before.
      await this.views
        .bump(run.tenantId, run.repoId)
        .catch((error: Error) => this.logger.warn(`read generation of ${run.repoId} not bumped: ${error.message}`));
    }
  }
}

/** The summary of a run whose inputs are those of the last complete run, from what that run made. */
function unchangedSummary(run: RunScope, reading: UnchangedReading, outcome: RunOutcome, started: Date, finished: Date): IndexRunSummary {
  const durationMs = finished.getTime() - started.getTime();
  const { files, symbols, calls, imports, skipped, languageServers, secretsRedacted } = outcome;
  return {
    runId: run.runId,
    repositoryId: run.repoId,
    commitSha: reading.commitSha,
    status: 'completed',
    files,
    symbols,
    calls,
    imports,
    skipped,
    languageServers,
    secretsRedacted,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs,
    queryableMs: durationMs,
    exactMs: outcome.exact ? durationMs : null,
    unchanged: true,
  };
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new ConflictError('The index run was cancelled by its caller; what it had committed stays, the rest was not written.', {
      hint: 'Index again to finish the run.',
    });
  }
}
