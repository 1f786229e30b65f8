import { VectorReindexConflictError, VectorReindexFinishedError } from './errors';
import type { FullReindex, VectorModel, VectorPoint } from './vector-index';
import { checkPointInScope } from './vector-support';

/** What a store does for a full re-index; GenerationBuild adds the open/committed/aborted rules. */
export interface GenerationStore {
  writeGeneration(model: VectorModel, points: readonly VectorPoint[], generation: string): Promise<void>;
  switchGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void>;
  dropGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void>;
}

/**
 * One full re-index of a repository, written to its own generation: searches keep seeing the live
 * one until commit switches it; abort deletes what the build wrote. Used by both adapters.
 */
export class GenerationBuild implements FullReindex {
  private state: 'open' | 'committed' | 'aborted' = 'open';

  constructor(
    private readonly store: GenerationStore,
    private readonly model: VectorModel,
    private readonly tenantId: string,
    private readonly repoId: string,
    readonly generation: string,
  ) {}

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    this.checkOpen();
    for (const point of points) checkPointInScope(point, this.tenantId, this.repoId);
    await this.store.writeGeneration(this.model, points, this.generation);
  }

  async commit(): Promise<void> {
    this.checkOpen();
    this.state = 'committed';
    try {
      await this.store.switchGeneration(this.model, this.tenantId, this.repoId, this.generation);
    } catch (error) {
      // Switching again is harmless, so a commit that failed on the way may be retried (or aborted).
      if (!(error instanceof VectorReindexConflictError)) this.state = 'open';
      throw error;
    }
  }

  async abort(): Promise<void> {
    if (this.state === 'aborted') return;
    this.checkOpen();
    this.state = 'aborted';
    await this.store.dropGeneration(this.model, this.tenantId, this.repoId, this.generation);
  }

  private checkOpen(): void {
    if (this.state !== 'open') throw new VectorReindexFinishedError(this.generation, this.state);
  }
}
