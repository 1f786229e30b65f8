import { CachingEmbedder, DEFAULT_CACHE_SIZE } from './caching-embedder';
import { EmbeddingConfigError } from './embedder';
import { HashingEmbedder } from './hashing-embedder';
import { verifyModelDirectory } from './models/model-store';
import { OnnxEmbedder } from './onnx-embedder';
import { OpenAiCompatibleEmbedder } from './openai-compatible-embedder';
import { StaticEmbedder } from './static-embedder';

export const EMBEDDING_PROVIDERS = ['hash', 'onnx', 'static', 'openai'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/**
 * The embedding settings, one field per environment variable:
 * provider LORE_EMBEDDINGS_PROVIDER, dimension LORE_EMBEDDINGS_DIMENSION, modelDir LORE_EMBEDDINGS_MODEL_DIR,
 * baseUrl LORE_EMBEDDINGS_URL, model LORE_EMBEDDINGS_MODEL, apiKey LORE_EMBEDDINGS_API_KEY,
 * batchSize LORE_EMBEDDINGS_BATCH_SIZE, threads LORE_EMBEDDINGS_THREADS.
 */
export interface EmbeddingsConfig {
  provider: EmbeddingProvider;
  /** hash: vector length (default 384). onnx: optional, checked against the model. openai: required. */
  dimension?: number;
  /** onnx: directory with model.onnx and tokenizer.json; static: with model.safetensors and tokenizer.json. */
  modelDir?: string;
  /** openai: server root, e.g. http://127.0.0.1:11434. */
  baseUrl?: string;
  /** openai: model name on that server. */
  model?: string;
  /** openai: bearer token, if the server wants one. */
  apiKey?: string;
  /** Texts per request (openai, default 64) or per inference run (onnx, see onnx-embedder.ts). */
  batchSize?: number;
  /** onnx: ONNX Runtime intra-op threads (see onnx-embedder.ts). */
  threads?: number;
  /** openai: per-request timeout in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Vectors kept by the cache in front of the provider (default 10 000; 0 turns caching off). */
  cacheSize?: number;
}

/** The env variable behind each setting, so an error names what the operator has to set. */
const SETTING_NAMES: Record<keyof EmbeddingsConfig, string> = {
  provider: 'LORE_EMBEDDINGS_PROVIDER',
  dimension: 'LORE_EMBEDDINGS_DIMENSION',
  modelDir: 'LORE_EMBEDDINGS_MODEL_DIR',
  baseUrl: 'LORE_EMBEDDINGS_URL',
  model: 'LORE_EMBEDDINGS_MODEL',
  apiKey: 'LORE_EMBEDDINGS_API_KEY',
  batchSize: 'LORE_EMBEDDINGS_BATCH_SIZE',
  threads: 'LORE_EMBEDDINGS_THREADS',
  timeoutMs: 'timeoutMs',
  cacheSize: 'cacheSize',
};

/**
 * Builds the configured provider, wrapped in a {@link CachingEmbedder}. Async because the ONNX model is
 * loaded (and its dimension read) before the embedder is handed out: a bad model fails start-up, not
 * the first search. Throws {@link EmbeddingConfigError} naming the missing or wrong setting.
 */
export async function createEmbedder(config: EmbeddingsConfig): Promise<CachingEmbedder> {
  const cache = { maxEntries: config.cacheSize ?? DEFAULT_CACHE_SIZE };
  if (config.dimension !== undefined && (!Number.isInteger(config.dimension) || config.dimension < 1)) {
    throw new EmbeddingConfigError(`${SETTING_NAMES.dimension} must be a positive integer, got ${config.dimension}`);
  }
  switch (config.provider) {
    case 'hash':
      return new CachingEmbedder(new HashingEmbedder({ dimension: config.dimension }), cache);

    case 'onnx': {
      const modelDir = required(config, 'modelDir');
      await verifyModelDirectory(modelDir);
      const embedder = await OnnxEmbedder.load({ modelDir, batchSize: config.batchSize, threads: config.threads });
      if (config.dimension !== undefined && config.dimension !== embedder.dimension) {
        await embedder.release();
        throw new EmbeddingConfigError(
          `${SETTING_NAMES.dimension} is ${config.dimension} but the model in ${modelDir} produces vectors of dimension ${embedder.dimension}`,
        );
      }
      return new CachingEmbedder(embedder, cache);
    }

    case 'static': {
      const modelDir = required(config, 'modelDir');
      await verifyModelDirectory(modelDir);
      const embedder = await StaticEmbedder.load({ modelDir });
      if (config.dimension !== undefined && config.dimension !== embedder.dimension) {
        throw new EmbeddingConfigError(
          `${SETTING_NAMES.dimension} is ${config.dimension} but the model in ${modelDir} produces vectors of dimension ${embedder.dimension}`,
        );
      }
      return new CachingEmbedder(embedder, cache);
    }

    case 'openai':
      return new CachingEmbedder(
        new OpenAiCompatibleEmbedder({
          baseUrl: required(config, 'baseUrl'),
          model: required(config, 'model'),
          dimension: required(config, 'dimension'),
          apiKey: config.apiKey || undefined,
          batchSize: config.batchSize,
          timeoutMs: config.timeoutMs,
        }),
        cache,
      );

    default:
      throw new EmbeddingConfigError(
        `${SETTING_NAMES.provider} must be one of ${EMBEDDING_PROVIDERS.join(', ')}, got ${JSON.stringify((config as { provider?: unknown }).provider)}`,
      );
  }
}

function required<K extends 'modelDir' | 'baseUrl' | 'model' | 'dimension'>(
  config: EmbeddingsConfig,
  setting: K,
): NonNullable<EmbeddingsConfig[K]> {
  const value = config[setting];
  if (value === undefined || value === null || value === '') {
    throw new EmbeddingConfigError(`${SETTING_NAMES[setting]} is required for provider ${config.provider}`);
  }
  return value as NonNullable<EmbeddingsConfig[K]>;
}
