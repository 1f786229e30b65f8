import { CachingEmbedder } from './caching-embedder';
import { createEmbedder, type EmbeddingsConfig } from './create-embedder';
import { EmbeddingConfigError } from './embedder';
import { HashingEmbedder } from './hashing-embedder';
import { OpenAiCompatibleEmbedder } from './openai-compatible-embedder';

describe('createEmbedder', () => {
  it('builds the hashing embedder behind a cache by default settings', async () => {
    const embedder = await createEmbedder({ provider: 'hash' });
    expect(embedder).toBeInstanceOf(CachingEmbedder);
    expect(embedder.inner).toBeInstanceOf(HashingEmbedder);
    expect([embedder.modelId, embedder.dimension]).toEqual(['lore-hash-v2-384', 384]);
    await embedder.embed(['placeOrder']);
    await embedder.embed(['placeOrder']);
    expect(embedder.stats).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  it('passes the dimension and cache size on', async () => {
    const embedder = await createEmbedder({ provider: 'hash', dimension: 256, cacheSize: 0 });
    expect([embedder.modelId, embedder.dimension]).toEqual(['lore-hash-v2-256', 256]);
    await embedder.embed(['placeOrder']);
    expect(embedder.stats.size).toBe(0);
  });

  it('builds the HTTP embedder from URL, model and dimension', async () => {
    const embedder = await createEmbedder({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434',
      model: 'nomic-embed-text',
      dimension: 768,
    });
    expect(embedder.inner).toBeInstanceOf(OpenAiCompatibleEmbedder);
    expect([embedder.modelId, embedder.dimension]).toEqual(['openai:nomic-embed-text', 768]);
  });

  it.each<[string, EmbeddingsConfig, string]>([
    ['onnx without a directory', { provider: 'onnx' }, 'LORE_EMBEDDINGS_MODEL_DIR is required for provider onnx'],
    ['openai without a URL', { provider: 'openai', model: 'm', dimension: 8 }, 'LORE_EMBEDDINGS_URL is required for provider openai'],
    [
      'openai without a model',
      { provider: 'openai', baseUrl: 'http://127.0.0.1:1', dimension: 8 },
      'LORE_EMBEDDINGS_MODEL is required for provider openai',
    ],
    [
      'openai without a dimension',
      { provider: 'openai', baseUrl: 'http://127.0.0.1:1', model: 'm' },
      'LORE_EMBEDDINGS_DIMENSION is required for provider openai',
    ],
    ['a bad dimension', { provider: 'hash', dimension: -3 }, 'LORE_EMBEDDINGS_DIMENSION must be a positive integer, got -3'],
    [
      'an unknown provider',
      { provider: 'word2vec' as EmbeddingsConfig['provider'] },
      'LORE_EMBEDDINGS_PROVIDER must be one of hash, onnx, static, openai, got "word2vec"',
    ],
  ])('names the setting to fix: %s', async (_case, config, message) => {
    const failure = createEmbedder(config);
    await expect(failure).rejects.toThrow(EmbeddingConfigError);
    await expect(failure).rejects.toThrow(message);
  });
});
