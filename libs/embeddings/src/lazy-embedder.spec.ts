import type { Embedder } from './embedder';
import { HashingEmbedder } from './hashing-embedder';
import { LazyEmbedder } from './lazy-embedder';

describe('LazyEmbedder', () => {
  it('creates the embedder on first use, once', async () => {
    const embedder = new HashingEmbedder();
    const create = jest.fn(async (): Promise<Embedder> => embedder);
    const lazy = new LazyEmbedder(create);
    expect(create).toHaveBeenCalledTimes(0);
    expect(await Promise.all([lazy.get(), lazy.get()])).toEqual([embedder, embedder]);
    expect(await lazy.get()).toBe(embedder);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next use after a failed creation', async () => {
    const embedder = new HashingEmbedder();
    const create = jest
      .fn<Promise<Embedder>, []>()
      .mockRejectedValueOnce(new Error('model.onnx not found'))
      .mockResolvedValueOnce(embedder);
    const lazy = new LazyEmbedder(create);
    await expect(lazy.get()).rejects.toThrow('model.onnx not found');
    expect(await lazy.get()).toBe(embedder);
    expect(await lazy.get()).toBe(embedder);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
