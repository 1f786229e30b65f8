import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { parseUid, type ChunkRow } from '@lore/domain';
import { type Embedder, type LazyEmbedder, createEmbedder, previousModelSettings } from '@lore/embeddings';
import type { VectorFilter, VectorHit, VectorIndex, VectorModel, VectorPoint } from '@lore/vectors';
import { EmbeddingProgressRepository, type EmbeddingSearchStatus } from '@lore/graph';
import { EMBEDDER, VECTOR_INDEX } from '../infrastructure.providers';

/** Chunks per embedding call and vector write; small enough that progress and a stop come every few seconds with a model. */
const EMBED_BATCH = 64;

export interface ChunkIndexReport {
  embedded: number;
  unchanged: number;
  full: boolean;
  /** Embedding was left to the background (see embedInBackground); the counts are then zero. */
  queued: boolean;
}

/** How far the background embedding of one repository has come. */
export interface EmbeddingProgress {
  repoId: string;
  embeddedChunks: number;
  totalChunks: number;
}

/** A background embedding in progress logs a line at most this often. */
const PROGRESS_LOG_MS = 10_000;
/** Progress not written for this long is a stopped process's: search no longer warns about it. */
const PROGRESS_STALE_MS = 120_000;

/**
 * Semantic search over chunks: the configured Embedder in front of the configured VectorIndex
 * (Qdrant when QDRANT_URL is set, else Neo4j's native vector index). Everything the search and
 * indexing services need from either port, and nothing else.
 */
@Injectable()
export class SemanticIndex implements OnModuleDestroy {
  private readonly logger = new Logger('SemanticIndex');
  private readonly ensured = new Set<string>();
  private background = false;
  private stopping = false;
  /** Background embeddings run one after the other, in the order the index runs asked for them. */
  private queue: Promise<void> = Promise.resolve();
  private readonly previousEmbedders = new Map<string, Promise<Embedder | null>>();

  constructor(
    @Inject(EMBEDDER) private readonly embedder: LazyEmbedder,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly progress: EmbeddingProgressRepository,
  ) {}

  /**
   * Brings a repository's vectors in line with its chunks. A repository seen for the first time is
   * built as a new generation and swapped in whole; afterwards only the files whose chunks changed
   * are replaced, and only changed chunks are embedded.
   */
  async indexChunks(tenantId: string, repoId: string, commit: string, chunks: readonly ChunkRow[]): Promise<ChunkIndexReport> {
    if (!this.background) return this.embedChunks(tenantId, repoId, commit, chunks, null);
    const progress: EmbeddingProgress = { repoId, embeddedChunks: 0, totalChunks: chunks.length };
    this.queue = this.queue
      .then(() => this.embedChunks(tenantId, repoId, commit, chunks, { tenantId, ...progress }))
      .then(
        (report) => this.logger.log(`embedded ${report.embedded} chunks of ${repoId} (${report.unchanged} unchanged)`),
        (error: Error) => this.logger.warn(`semantic index of ${repoId} not updated: ${error.message}`),
      );
    return { embedded: 0, unchanged: 0, full: false, queued: true };
  }

  /**
   * From now on, indexChunks returns at once and the chunks are embedded afterwards, in batches, one
   * repository at a time: the graph is queryable and the run reported without waiting for the
   * embedder (lore up, lore index --watch). Search meanwhile answers with the vectors written so far.
   */
  embedInBackground(): void {
    this.background = true;
  }

  /**
   * Served repositories (of `repoIds`, all when null) whose vectors are not the serving model's and
   * are not being embedded: the semantic ranking cannot see them until they are embedded again.
   */
  async notEmbedded(tenantId: string, repoIds: readonly string[] | null): Promise<{ repoId: string; rootPath: string | null }[]> {
    const { model } = await this.ready();
    return this.progress.notEmbedded(tenantId, repoIds, model.id, PROGRESS_STALE_MS);
  }

  /** One line for a person starting Lore: which embedder answers semantic search, and where its vectors live. */
  async describe(): Promise<string> {
    const { model } = await this.ready();
    const which = model.id.startsWith('lore-hash-')
      ? `the built-in hashing embedder (${model.id}; \`lore models\` lists the models to install for better answers)`
      : model.id;
    return `semantic search: ${which}, ${model.dimension} dimensions, vectors in ${this.vectors.backend}`;
  }

  /** Resolves when every background embedding queued so far has finished. */
  async idle(): Promise<void> {
    await this.queue;
  }

  private async embedChunks(
    tenantId: string,
    repoId: string,
    commit: string,
    chunks: readonly ChunkRow[],
    progress: (EmbeddingProgress & { tenantId: string }) | null,
  ): Promise<ChunkIndexReport> {
    const { embedder, model } = await this.ready();
    let lastLog = Date.now();
    // Progress is written to the graph, where every process's searches read it; a failed write only loses the warning.
    const record = async (): Promise<void> => {
      if (!progress) return;
      await this.progress
        .record(tenantId, repoId, model.id, progress.embeddedChunks, progress.totalChunks)
        .catch((error: Error) => this.logger.warn(`embedding progress of ${repoId} not recorded: ${error.message}`));
    };
    const advance = async (count: number): Promise<void> => {
      if (this.stopping) throw new Error('stopped before the chunks were all embedded');
      if (!progress) return;
      progress.embeddedChunks += count;
      await record();
      if (Date.now() - lastLog >= PROGRESS_LOG_MS) {
        lastLog = Date.now();
        this.logger.log(`embedding ${repoId}: ${progress.embeddedChunks}/${progress.totalChunks} chunks`);
      }
    };
    try {
      const report = await this.embedAndStore(tenantId, repoId, commit, chunks, embedder, model, progress, record, advance);
      await this.progress.recordEmbedded(tenantId, repoId, model.id, commit);
      return report;
    } finally {
      if (progress) await this.progress.clear(tenantId, repoId, model.id).catch(() => undefined);
    }
  }

  private async embedAndStore(
    tenantId: string,
    repoId: string,
    commit: string,
    chunks: readonly ChunkRow[],
    embedder: Embedder,
    model: VectorModel,
    progress: EmbeddingProgress | null,
    record: () => Promise<void>,
    advance: (count: number) => Promise<void>,
  ): Promise<ChunkIndexReport> {
    const existing = await this.vectors.contentHashes(model, tenantId, repoId);
    const toPoint = (chunk: ChunkRow, vector: Float32Array): VectorPoint => ({
      id: chunk.id,
      vector,
      payload: {
        tenantId,
        repoId,
        commit,
        path: chunk.path,
        kind: chunk.kind,
        uid: chunk.uid,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        language: chunk.language,
        contentHash: chunk.contentHash,
      },
    });
    if (existing.size === 0) {
      await record();
      const build = await this.vectors.beginFullReindex(model, tenantId, repoId);
      try {
        for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
          const batch = chunks.slice(start, start + EMBED_BATCH);
          const embedded = await embedder.embed(batch.map((chunk) => chunk.text));
          await build.upsert(batch.map((chunk, i) => toPoint(chunk, embedded[i]!)));
          await advance(batch.length);
        }
        await build.commit();
      } catch (error) {
        await build.abort().catch(() => undefined);
        throw error;
      }
      return { embedded: chunks.length, unchanged: 0, full: true, queued: false };
    }

    const wanted = new Set(chunks.map((chunk) => chunk.id));
    const changedPaths = new Set<string>();
    for (const chunk of chunks) if (existing.get(chunk.id) !== chunk.contentHash) changedPaths.add(chunk.path);
    for (const id of existing.keys()) if (!wanted.has(id)) changedPaths.add(parseUid(id).path!);
    const replaced = chunks.filter((chunk) => changedPaths.has(chunk.path));
    if (progress) progress.totalChunks = replaced.length;
    await record();
    if (changedPaths.size > 0) await this.vectors.deleteByFiles(model, tenantId, repoId, [...changedPaths]);
    for (let start = 0; start < replaced.length; start += EMBED_BATCH) {
      const batch = replaced.slice(start, start + EMBED_BATCH);
      const embedded = await embedder.embed(batch.map((chunk) => chunk.text));
      await this.vectors.upsert(
        model,
        batch.map((chunk, i) => toPoint(chunk, embedded[i]!)),
      );
      await advance(batch.length);
    }
    return { embedded: replaced.length, unchanged: chunks.length - replaced.length, full: false, queued: false };
  }

  /**
   * Nearest chunks to the query, with what the answer should say of the vectors searched; rejects when
   * the embedder fails or is slower than LORE_EMBEDDINGS_TIMEOUT_MS. A repository with no complete
   * vectors for the serving model (the model changed, and it is not embedded again yet) is searched
   * with the vectors it has of a model it was embedded with before, when this process can run that
   * model: the answer keeps its semantic ranking meanwhile, each model ranking its own repositories.
   */
  async search(query: string, filter: VectorFilter, limit: number): Promise<SemanticHits> {
    const { embedder, model } = await this.ready();
    const repoIds = filter.repoIds ?? null;
    // What the vectors are is read beside the search, in one round trip; unread, the answer only loses its warnings.
    const status = this.progress
      .searchStatus(filter.tenantId, repoIds, model.id, PROGRESS_STALE_MS)
      .catch((): EmbeddingSearchStatus => ({ inProgress: [], withoutVectors: [] }));
    // Awaited together: a failed search must reject here, not go unhandled while the status is read.
    const [served, { inProgress, withoutVectors }] = await Promise.all([this.searchWith(embedder, model, query, filter, limit), status]);
    const embedding = new Set(inProgress.map((progress) => progress.repoId));
    const notEmbedded = withoutVectors.filter(({ repoId }) => !embedding.has(repoId)).map(({ repoId }) => repoId);
    const previousModels = await this.runnablePreviousModels(withoutVectors);
    if (previousModels.length === 0) return { hits: served, previousModels, inProgress, notEmbedded };
    const rankings: Promise<VectorHit[]>[] = [Promise.resolve(served)];
    for (const [modelId, repositories] of repositoriesByModel(previousModels)) {
      const previousEmbedder = (await this.previousEmbedder(modelId))!;
      rankings.push(
        this.searchWith(
          previousEmbedder,
          { id: modelId, dimension: previousEmbedder.dimension },
          query,
          { ...filter, repoIds: repositories },
          limit,
        ),
      );
    }
    return { hits: interleaveRankings(await Promise.all(rankings), limit), previousModels, inProgress, notEmbedded };
  }

  private async searchWith(
    embedder: Embedder,
    model: VectorModel,
    query: string,
    filter: VectorFilter,
    limit: number,
  ): Promise<VectorHit[]> {
    const [vector] = await withTimeout(embedder.embed([query], 'query'), this.config.LORE_EMBEDDINGS_TIMEOUT_MS);
    return this.vectors.search(model, vector!, filter, limit);
  }

  /** For each repository, the newest model it was embedded with that this process can run. */
  private async runnablePreviousModels(withoutVectors: EmbeddingSearchStatus['withoutVectors']): Promise<PreviousModel[]> {
    const chosen: PreviousModel[] = [];
    for (const { repoId, previousModels } of withoutVectors) {
      for (const modelId of previousModels) {
        if (!(await this.previousEmbedder(modelId))) continue;
        chosen.push({ repoId, modelId });
        break;
      }
    }
    return chosen;
  }

  /** Made once per model and kept: a repository waits for its new vectors for minutes, and asks on every search. */
  private previousEmbedder(modelId: string): Promise<Embedder | null> {
    let embedder = this.previousEmbedders.get(modelId);
    if (embedder === undefined) {
      const settings = previousModelSettings(modelId, this.config.LORE_MODELS_DIR);
      embedder =
        settings === null
          ? Promise.resolve(null)
          : createEmbedder(settings).catch((error: Error) => {
              this.logger.warn(`the vectors of ${modelId} cannot answer meanwhile: ${error.message}`);
              return null;
            });
      this.previousEmbedders.set(modelId, embedder);
    }
    return embedder;
  }

  async onModuleDestroy(): Promise<void> {
    // A background embedding stops at its next batch (a new generation is abandoned, not half-swapped).
    this.stopping = true;
    await this.queue;
    await this.vectors.close();
  }

  private async ready(): Promise<{ embedder: Embedder; model: VectorModel }> {
    const embedder = await this.embedder.get();
    const model = { id: embedder.modelId, dimension: embedder.dimension };
    if (!this.ensured.has(model.id)) {
      await this.vectors.ensureCollection(model);
      this.ensured.add(model.id);
      this.logger.log(`semantic search: ${model.id} (${model.dimension} dimensions) in ${this.vectors.backend}`);
    }
    return { embedder, model };
  }
}

/** A repository searched with the vectors of a model it was embedded with before, until the serving model's are complete. */
export interface PreviousModel {
  repoId: string;
  modelId: string;
}

export interface SemanticHits {
  hits: VectorHit[];
  /** The repositories the serving model could not rank yet, and the model that ranked them instead. */
  previousModels: PreviousModel[];
  /** The background embeddings with the serving model under way (in any process) in the scope searched. */
  inProgress: EmbeddingProgress[];
  /** Served repositories in the scope with no complete vectors for the serving model and no embedding under way. */
  notEmbedded: string[];
}

function repositoriesByModel(previousModels: readonly PreviousModel[]): Map<string, string[]> {
  const byModel = new Map<string, string[]>();
  for (const { repoId, modelId } of previousModels) byModel.set(modelId, [...(byModel.get(modelId) ?? []), repoId]);
  return byModel;
}

/**
 * One ranking from several, taking each one's next hit in turn (the first ranking first): scores of
 * different models are not comparable, ranks are. A symbol ranked twice keeps its better place.
 */
export function interleaveRankings(rankings: readonly (readonly VectorHit[])[], limit: number): VectorHit[] {
  const merged: VectorHit[] = [];
  const seen = new Set<string>();
  for (let rank = 0; merged.length < limit && rankings.some((ranking) => rank < ranking.length); rank++) {
    for (const ranking of rankings) {
      const hit = ranking[rank];
      if (hit === undefined || seen.has(hit.uid)) continue;
      seen.add(hit.uid);
      merged.push(hit);
      if (merged.length === limit) break;
    }
  }
  return merged;
}

/** The promise's value, or a rejection once `ms` milliseconds pass without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
