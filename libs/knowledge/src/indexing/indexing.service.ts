import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type IndexRepositoryInput, IndexRepositoryInputSchema, type IndexRunSummary, type Principal } from '@lore/domain';
import { IndexStoreRepository, MigrationService } from '@lore/graph';
import { type IndexProgress, indexRepository, locateRepository } from '@lore/indexer';
import { SemanticIndex } from '../search/semantic-index';
import { parseInput } from '../validation';

export type IndexingProgress = IndexProgress | { phase: 'writing'; done: number; total: number };

/** index_repository: read a repository from disk and replace its snapshot in the graph. */
@Injectable()
export class IndexingService {
  private readonly logger = new Logger('Indexing');

  constructor(
    private readonly store: IndexStoreRepository,
    private readonly migrations: MigrationService,
    private readonly semantic: SemanticIndex,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  async indexRepository(
    input: IndexRepositoryInput,
    principal: Principal,
    onProgress?: (progress: IndexingProgress) => void,
  ): Promise<IndexRunSummary> {
    const request = parseInput(IndexRepositoryInputSchema, input);
    // The path is checked before anything touches the graph: bad input writes nothing.
    const location = locateRepository(request.path, request.repositoryId);
    if (!this.migrations.upToDate) await this.migrations.migrate();
    const started = new Date();
    const run = {
      tenantId: principal.tenantId,
      repoId: location.repositoryId,
      runId: `${principal.tenantId}:${location.repositoryId}:run:${randomUUID()}`,
    };
    await this.store.beginRun(run, started.toISOString());
    const heartbeat = setInterval(
      () => void this.store.renewLease(run).catch((error: Error) => this.logger.warn(`lease renewal failed: ${error.message}`)),
      (this.config.LORE_INDEX_LEASE_SECONDS * 1000) / 3,
    );
    heartbeat.unref();
    try {
      const snapshot = await indexRepository(location.rootPath, {
        tenantId: principal.tenantId,
        repositoryId: location.repositoryId,
        maxFileBytes: this.config.LORE_MAX_FILE_BYTES,
        onProgress,
      });
      const summary = (finished: Date): IndexRunSummary => ({
        runId: run.runId,
        repositoryId: snapshot.repositoryId,
        commitSha: snapshot.commitSha,
        status: 'completed',
        files: snapshot.files.length,
        symbols: snapshot.symbols.length,
        calls: snapshot.calls.length,
        imports: snapshot.imports.length,
        skipped: snapshot.skipped,
        secretsRedacted: snapshot.secretsFound,
        startedAt: started.toISOString(),
        finishedAt: finished.toISOString(),
        durationMs: finished.getTime() - started.getTime(),
      });
      let result: IndexRunSummary | undefined;
      await this.store.applySnapshot(
        snapshot,
        run,
        () => (result = summary(new Date())),
        (done, total) => onProgress?.({ phase: 'writing', done, total }),
      );
      if (!result) throw new Error('the snapshot was applied without completing the run');
      // The graph is the record; vectors follow it. If they cannot, search falls back to full-text.
      await this.semantic
        .indexChunks(principal.tenantId, snapshot.repositoryId, snapshot.commitSha, snapshot.chunks)
        .catch((error: Error) => this.logger.warn(`semantic index of ${snapshot.repositoryId} not updated: ${error.message}`));
      this.logger.log(
        `indexed ${result.repositoryId}@${result.commitSha.slice(0, 12)}: ${result.files} files, ${result.symbols} symbols, ${result.calls} calls in ${result.durationMs} ms`,
      );
      return result;
    } catch (error) {
      await this.store
        .failRun(run, new Date().toISOString(), error instanceof Error ? error.message : String(error))
        .catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }
}
