import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { ChunkRow } from '@lore/domain';
import { type Embedder, createEmbedder } from '@lore/embeddings';
import { type VectorFilter, type VectorHit, type VectorIndex, type VectorModel, type VectorPoint, createVectorIndex } from '@lore/vectors';

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
  private embedder: Promise<Embedder> | undefined;
  private vectors: VectorIndex | undefined;
  private readonly ensured = new Set<string>();

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {}

  /**
   * Brings a repository's vectors in line with its chunks. A repository seen for the first time is
   * built as a new generation and swapped in whole; afterwards only the files whose chunks changed
   * are replaced, and only changed chunks are embedded.
   */
  async indexChunks(tenantId: string, repoId: string, commit: string, chunks: readonly ChunkRow[]): Promise<ChunkIndexReport> {
    const { embedder, vectors, model } = await this.ready();
    const existing = await vectors.contentHashes(model, tenantId, repoId);
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
      const build = await vectors.beginFullReindex(model, tenantId, repoId);
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
    for (const id of existing.keys()) if (!wanted.has(id)) changedPaths.add(pathOfChunk(id, tenantId, repoId));
    const replaced = chunks.filter((chunk) => changedPaths.has(chunk.path));
    if (changedPaths.size > 0) await vectors.deleteByFiles(model, tenantId, repoId, [...changedPaths]);
    for (let start = 0; start < replaced.length; start += EMBED_BATCH) {
      const batch = replaced.slice(start, start + EMBED_BATCH);
      const embedded = await embedder.embed(batch.map((chunk) => chunk.text));
      await vectors.upsert(
        model,
        batch.map((chunk, i) => toPoint(chunk, embedded[i]!)),
      );
    }
    return { embedded: replaced.length, unchanged: chunks.length - replaced.length, full: false };
  }

  /** Nearest chunks to the query; rejects when the embedder fails or is slower than LORE_EMBEDDINGS_TIMEOUT_MS. */
  async search(query: string, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    const { embedder, vectors, model } = await this.ready();
    const [vector] = await withTimeout(embedder.embed([query]), this.config.LORE_EMBEDDINGS_TIMEOUT_MS);
    return vectors.search(model, vector!, filter, limit);
  }

  async onModuleDestroy(): Promise<void> {
    await this.vectors?.close();
  }

  private async ready(): Promise<{ embedder: Embedder; vectors: VectorIndex; model: VectorModel }> {
    this.embedder ??= createEmbedder({
      provider: this.config.LORE_EMBEDDINGS_PROVIDER,
      dimension: this.config.LORE_EMBEDDINGS_DIMENSION,
      modelDir: this.config.LORE_EMBEDDINGS_MODEL_DIR,
      baseUrl: this.config.LORE_EMBEDDINGS_URL,
      model: this.config.LORE_EMBEDDINGS_MODEL,
      apiKey: this.config.LORE_EMBEDDINGS_API_KEY,
    });
    const embedder = await this.embedder.catch((error: unknown) => {
      this.embedder = undefined;
      throw error;
    });
    this.vectors ??= createVectorIndex({
      qdrantUrl: this.config.QDRANT_URL,
      qdrantApiKey: this.config.QDRANT_API_KEY,
      neo4j: {
        uri: this.config.NEO4J_URI,
        user: this.config.NEO4J_USER,
        password: this.config.NEO4J_PASSWORD,
        database: this.config.NEO4J_DATABASE,
      },
    });
    const model = { id: embedder.modelId, dimension: embedder.dimension };
    if (!this.ensured.has(model.id)) {
      await this.vectors.ensureCollection(model);
      this.ensured.add(model.id);
      this.logger.log(`semantic search: ${model.id} (${model.dimension} dimensions) in ${this.vectors.backend}`);
    }
    return { embedder, vectors: this.vectors, model };
  }
}

/** Chunk ids are node uids, {tenant}:{repo}:{path}#...: the path is between the prefix and the '#'. */
function pathOfChunk(id: string, tenantId: string, repoId: string): string {
  const rest = id.slice(`${tenantId}:${repoId}:`.length);
  const hash = rest.indexOf('#');
  return hash < 0 ? rest : rest.slice(0, hash);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
