import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { parseUid, type ChunkRow } from '@lore/domain';
import type { Embedder, LazyEmbedder } from '@lore/embeddings';
import type { VectorFilter, VectorHit, VectorIndex, VectorModel, VectorPoint } from '@lore/vectors';
import { EMBEDDER, VECTOR_INDEX } from '../infrastructure.providers';

const EMBED_BATCH = 256;

export interface ChunkIndexReport {
  embedded: number;
  unchanged: number;
  full: boolean;
}

/**
 * Semantic search over chunks: the configured Embedder in front of the configured VectorIndex
 * (Qdrant when QDRANT_URL is set, else Neo4j's native vector index). Everything the search and
 * indexing services need from either port, and nothing else.
 */
@Injectable()
export class SemanticIndex implements OnModuleDestroy {
  private readonly logger = new Logger('SemanticIndex');
  private readonly ensured = new Set<string>();

  constructor(
    @Inject(EMBEDDER) private readonly embedder: LazyEmbedder,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  /**
   * Brings a repository's vectors in line with its chunks. A repository seen for the first time is
   * built as a new generation and swapped in whole; afterwards only the files whose chunks changed
   * are replaced, and only changed chunks are embedded.
   */
  async indexChunks(tenantId: string, repoId: string, commit: string, chunks: readonly ChunkRow[]): Promise<ChunkIndexReport> {
    const { embedder, model } = await this.ready();
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
      const build = await this.vectors.beginFullReindex(model, tenantId, repoId);
      try {
        for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
          const batch = chunks.slice(start, start + EMBED_BATCH);
          const embedded = await embedder.embed(batch.map((chunk) => chunk.text));
          await build.upsert(batch.map((chunk, i) => toPoint(chunk, embedded[i]!)));
        }
        await build.commit();
      } catch (error) {
        await build.abort().catch(() => undefined);
        throw error;
      }
      return { embedded: chunks.length, unchanged: 0, full: true };
    }

    const wanted = new Set(chunks.map((chunk) => chunk.id));
    const changedPaths = new Set<string>();
    for (const chunk of chunks) if (existing.get(chunk.id) !== chunk.contentHash) changedPaths.add(chunk.path);
    for (const id of existing.keys()) if (!wanted.has(id)) changedPaths.add(parseUid(id).path!);
    const replaced = chunks.filter((chunk) => changedPaths.has(chunk.path));
    if (changedPaths.size > 0) await this.vectors.deleteByFiles(model, tenantId, repoId, [...changedPaths]);
    for (let start = 0; start < replaced.length; start += EMBED_BATCH) {
      const batch = replaced.slice(start, start + EMBED_BATCH);
      const embedded = await embedder.embed(batch.map((chunk) => chunk.text));
      await this.vectors.upsert(
        model,
        batch.map((chunk, i) => toPoint(chunk, embedded[i]!)),
      );
    }
    return { embedded: replaced.length, unchanged: chunks.length - replaced.length, full: false };
  }

  /** Nearest chunks to the query; rejects when the embedder fails or is slower than LORE_EMBEDDINGS_TIMEOUT_MS. */
  async search(query: string, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    const { embedder, model } = await this.ready();
    const [vector] = await withTimeout(embedder.embed([query]), this.config.LORE_EMBEDDINGS_TIMEOUT_MS);
    return this.vectors.search(model, vector!, filter, limit);
  }

  async onModuleDestroy(): Promise<void> {
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
