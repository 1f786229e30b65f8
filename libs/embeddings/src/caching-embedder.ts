import { createHash } from 'node:crypto';
import type { Embedder, EmbeddingPurpose } from './embedder';
import { EmbeddingError } from './embedder';
import { LruCache } from './lru-cache';

/** About 15 MB of 384-dimension vectors: enough for a re-index of a large repository's unchanged chunks. */
export const DEFAULT_CACHE_SIZE = 10_000;

export interface CacheStats {
  /** Texts answered from the cache (or from an identical text already being embedded). */
  readonly hits: number;
  /** Texts passed to the wrapped embedder. */
  readonly misses: number;
  /** Vectors held now. */
  readonly size: number;
}

/**
 * Remembers vectors so an unchanged chunk is not embedded twice in one process (re-indexing a
 * repository mostly re-sends the same chunks). Keys are sha256(modelId, purpose, text): a different
 * model never reuses another's vectors, nor a query a chunk's of the same text, and long texts cost 32 bytes of key. Only the misses go to the
 * wrapped embedder, in one call, and results come back in input order.
 */
export class CachingEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  private readonly cache: LruCache<string, Float32Array>;
  /** Texts being embedded right now: a concurrent call for the same text waits for that result instead of embedding it again. */
  private readonly inFlight = new Map<string, Promise<Float32Array>>();
  private hitCount = 0;
  private missCount = 0;

  constructor(
    readonly inner: Embedder,
    options: { maxEntries?: number } = {},
  ) {
    this.modelId = inner.modelId;
    this.dimension = inner.dimension;
    this.cache = new LruCache(options.maxEntries ?? DEFAULT_CACHE_SIZE);
  }

  get stats(): CacheStats {
    return { hits: this.hitCount, misses: this.missCount, size: this.cache.size };
  }

  async embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    const keys = texts.map((text) => this.keyOf(text, purpose));
    const results = new Array<Float32Array | Promise<Float32Array> | undefined>(texts.length);
    /** Key of each text to embed → its position in the one call to the wrapped embedder. */
    const misses = new Map<string, number>();
    const missTexts: string[] = [];

    keys.forEach((key, i) => {
      const known = this.cache.get(key) ?? this.inFlight.get(key);
      if (known) {
        this.hitCount++;
        results[i] = known;
      } else if (misses.has(key)) {
        this.hitCount++; // the same text twice in one call is embedded once
      } else {
        this.missCount++;
        misses.set(key, missTexts.length);
        missTexts.push(texts[i]);
      }
    });

    if (missTexts.length > 0) {
      const batch = this.inner.embed(missTexts, purpose).then((vectors) => {
        if (vectors.length !== missTexts.length) {
          throw new EmbeddingError(`${this.modelId} returned ${vectors.length} vectors for ${missTexts.length} texts`);
        }
        return vectors;
      });
      for (const [key, position] of misses) {
        const vector = batch.then((vectors) => vectors[position]);
        vector.catch(() => undefined); // a failure reaches every caller through `batch`; not an unhandled rejection here
        this.inFlight.set(key, vector);
      }
      keys.forEach((key, i) => (results[i] ??= this.inFlight.get(key)));
      try {
        const vectors = await batch;
        for (const [key, position] of misses) this.cache.set(key, vectors[position]);
      } finally {
        for (const key of misses.keys()) this.inFlight.delete(key);
      }
    }

    const vectors = await Promise.all(results as Array<Float32Array | Promise<Float32Array>>);
    // Copies: a caller that scales or reuses its array must not change what later callers get.
    return vectors.map((vector) => new Float32Array(vector));
  }

  /** Frees what the wrapped embedder holds (the ONNX session); call once at shutdown. */
  async close(): Promise<void> {
    this.cache.clear();
    const releasable = this.inner as Partial<{ release(): Promise<void> }>;
    if (typeof releasable.release === 'function') await releasable.release();
  }

  private keyOf(text: string, purpose: EmbeddingPurpose): string {
    // A NUL between the parts: "ab"+"c" and "a"+"bc" must not share a key.
    return createHash('sha256').update(this.modelId).update('\0').update(purpose).update('\0').update(text).digest('base64');
  }
}
