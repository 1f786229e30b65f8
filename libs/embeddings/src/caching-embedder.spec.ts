import { CachingEmbedder } from './caching-embedder';
import type { Embedder, EmbeddingPurpose } from './embedder';
import { EmbeddingError } from './embedder';
import { HashingEmbedder } from './hashing-embedder';
import { LruCache } from './lru-cache';

/** Wraps the hashing embedder and records every batch it is asked for. */
class RecordingEmbedder implements Embedder {
  readonly modelId = 'recording';
  readonly dimension = 64;
  readonly calls: string[][] = [];
  readonly purposes: (EmbeddingPurpose | undefined)[] = [];
  failNext = false;
  private readonly hashing = new HashingEmbedder({ dimension: 64 });

  async embed(texts: string[], purpose?: EmbeddingPurpose): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    this.purposes.push(purpose);
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failNext) {
      this.failNext = false;
      throw new EmbeddingError('provider down');
    }
    return this.hashing.embed(texts);
  }
}

const direct = (text: string): number[] => Array.from(new HashingEmbedder({ dimension: 64 }).embedOne(text));

describe('CachingEmbedder', () => {
  it('embeds nothing new on a second call with the same texts', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    await caching.embed(['placeOrder', 'cancelInvoice']);
    const again = await caching.embed(['placeOrder', 'cancelInvoice']);
    expect(inner.calls).toEqual([['placeOrder', 'cancelInvoice']]);
    expect(caching.stats).toEqual({ hits: 2, misses: 2, size: 2 });
    expect(again.map((vector) => Array.from(vector))).toEqual([direct('placeOrder'), direct('cancelInvoice')]);
  });

  it('keeps a query apart from a document of the same text, and tells the provider which it embeds', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    await caching.embed(['placeOrder']);
    await caching.embed(['placeOrder'], 'query');
    await caching.embed(['placeOrder'], 'query');
    expect(inner.calls).toEqual([['placeOrder'], ['placeOrder']]);
    expect(inner.purposes).toEqual(['document', 'query']);
    expect(caching.stats).toEqual({ hits: 1, misses: 2, size: 2 });
  });

  it('sends only the misses, in one batch, and answers in input order', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    await caching.embed(['a1', 'b2']);
    const vectors = await caching.embed(['c3', 'a1', 'd4', 'b2']);
    expect(inner.calls).toEqual([
      ['a1', 'b2'],
      ['c3', 'd4'],
    ]);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(['c3', 'a1', 'd4', 'b2'].map(direct));
    expect(caching.stats).toEqual({ hits: 2, misses: 4, size: 4 });
  });

  it('embeds a text repeated within one call once', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    const vectors = await caching.embed(['same', 'other', 'same']);
    expect(inner.calls).toEqual([['same', 'other']]);
    expect(Array.from(vectors[2])).toEqual(Array.from(vectors[0]));
    expect(caching.stats).toEqual({ hits: 1, misses: 2, size: 2 });
  });

  it('lets a concurrent call wait for a text already being embedded', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    const [first, second] = await Promise.all([caching.embed(['shared', 'x1']), caching.embed(['shared', 'y2'])]);
    expect(inner.calls).toEqual([['shared', 'x1'], ['y2']]);
    expect(Array.from(second[0])).toEqual(Array.from(first[0]));
    expect(caching.stats).toEqual({ hits: 1, misses: 3, size: 3 });
  });

  it('forgets the least recently used vector beyond its size', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner, { maxEntries: 2 });
    await caching.embed(['a1']);
    await caching.embed(['b2']);
    await caching.embed(['a1']); // a1 is now the most recent
    await caching.embed(['c3']); // evicts b2
    await caching.embed(['a1', 'b2']);
    expect(inner.calls).toEqual([['a1'], ['b2'], ['c3'], ['b2']]);
    expect(caching.stats).toEqual({ hits: 2, misses: 4, size: 2 });
  });

  it('passes a provider failure on and retries the texts next time', async () => {
    const inner = new RecordingEmbedder();
    const caching = new CachingEmbedder(inner);
    inner.failNext = true;
    await expect(caching.embed(['a1'])).rejects.toThrow('provider down');
    await caching.embed(['a1']);
    expect(inner.calls).toEqual([['a1'], ['a1']]);
    expect(caching.stats).toEqual({ hits: 0, misses: 2, size: 1 });
  });

  it('hands out copies, so a caller changing its vector cannot corrupt the cache', async () => {
    const caching = new CachingEmbedder(new RecordingEmbedder());
    const [vector] = await caching.embed(['placeOrder']);
    vector.fill(0);
    const [again] = await caching.embed(['placeOrder']);
    expect(Array.from(again)).toEqual(direct('placeOrder'));
  });

  it('takes model id and dimension from the wrapped embedder', () => {
    const caching = new CachingEmbedder(new RecordingEmbedder());
    expect([caching.modelId, caching.dimension]).toEqual(['recording', 64]);
  });
});

describe('LruCache', () => {
  it('evicts the oldest entry and refreshes on read', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('holds nothing at capacity 0', () => {
    const cache = new LruCache<string, number>(0);
    cache.set('a', 1);
    expect(cache.size).toBe(0);
  });
});
