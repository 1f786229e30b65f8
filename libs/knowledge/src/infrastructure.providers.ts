import { homedir } from 'node:os';
import { join } from 'node:path';
import { Logger, type Provider } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type EmbeddingsConfig, LazyEmbedder, chooseDefaultEmbedder, createEmbedder } from '@lore/embeddings';
import { Neo4jService } from '@lore/graph';
import { Checkouts, SourceRepository } from '@lore/indexer';
import { IndexJobQueue } from '@lore/queue';
import { type VectorIndex, createVectorIndex } from '@lore/vectors';

/** The configured Embedder (LORE_EMBEDDINGS_*), as a LazyEmbedder: made by the first use, made again after a failure. */
export const EMBEDDER = Symbol('EMBEDDER');

/**
 * The configured VectorIndex: Qdrant when QDRANT_URL is set, else Neo4j's native vector index on the
 * graph's driver (one pool for both; Neo4jService closes it). SemanticIndex, its one user, closes the index.
 */
export const VECTOR_INDEX = Symbol('VECTOR_INDEX');

/** The index job queue on Redis (LORE_QUEUE_URL), or null: with no queue, index runs happen in the process that asks. */
export const INDEX_JOB_QUEUE = Symbol('INDEX_JOB_QUEUE');

/**
 * The ports through which knowledge's services reach the systems outside the graph's repositories:
 * the embedder, the vector index, and the indexed repositories' files on disk and in git. Built
 * here from the configuration, so the services receive them and tests can hand them fakes.
 */
export const INFRASTRUCTURE_PROVIDERS: Provider[] = [
  {
    provide: EMBEDDER,
    inject: [LORE_CONFIG],
    useFactory: (config: LoreConfig): LazyEmbedder =>
      new LazyEmbedder(() =>
        createEmbedder({
          ...configuredOrDefaultEmbedder(config),
          dimension: config.LORE_EMBEDDINGS_DIMENSION,
          baseUrl: config.LORE_EMBEDDINGS_URL,
          model: config.LORE_EMBEDDINGS_MODEL,
          apiKey: config.LORE_EMBEDDINGS_API_KEY,
          threads: config.LORE_EMBEDDINGS_THREADS,
          batchSize: config.LORE_EMBEDDINGS_BATCH_SIZE,
        }),
      ),
  },
  {
    provide: VECTOR_INDEX,
    inject: [LORE_CONFIG, Neo4jService],
    useFactory: (config: LoreConfig, neo4j: Neo4jService): VectorIndex =>
      createVectorIndex({
        qdrantUrl: config.QDRANT_URL,
        qdrantApiKey: config.QDRANT_API_KEY,
        qdrantDistribution: {
          shardNumber: config.QDRANT_SHARD_NUMBER,
          replicationFactor: config.QDRANT_REPLICATION_FACTOR,
          writeConsistencyFactor: config.QDRANT_WRITE_CONSISTENCY_FACTOR,
          readConsistency: config.QDRANT_READ_CONSISTENCY,
        },
        neo4j: {
          driver: neo4j.driver,
          database: config.NEO4J_DATABASE,
          txTimeoutMs: config.NEO4J_TX_TIMEOUT_MS,
          sessionConfig: (mode) => neo4j.sessionConfig(mode),
          afterWrite: (session) => neo4j.recordWrite(session),
        },
      }),
  },
  { provide: SourceRepository, useFactory: () => new SourceRepository() },
  {
    provide: INDEX_JOB_QUEUE,
    inject: [LORE_CONFIG],
    useFactory: (config: LoreConfig): IndexJobQueue | null =>
      config.LORE_QUEUE_URL
        ? new IndexJobQueue({
            url: config.LORE_QUEUE_URL,
            attempts: config.LORE_QUEUE_ATTEMPTS,
            backoffMs: config.LORE_QUEUE_BACKOFF_MS,
            lockMs: config.LORE_QUEUE_LOCK_MS,
          })
        : null,
  },
  { provide: Checkouts, inject: [LORE_CONFIG], useFactory: (config: LoreConfig) => new Checkouts(checkoutDirectory(config)) },
];

/** Where workers check out commits: LORE_CHECKOUT_DIR, else $XDG_DATA_HOME/lore/checkouts. */
function checkoutDirectory(config: LoreConfig): string {
  return config.LORE_CHECKOUT_DIR ?? join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'checkouts');
}

/** The configured embedder, or (none configured) the default model when installed, else hash with a one-line hint. */
function configuredOrDefaultEmbedder(config: LoreConfig): Pick<EmbeddingsConfig, 'provider' | 'modelDir'> {
  if (config.LORE_EMBEDDINGS_PROVIDER) return { provider: config.LORE_EMBEDDINGS_PROVIDER, modelDir: config.LORE_EMBEDDINGS_MODEL_DIR };
  const choice = chooseDefaultEmbedder(config.LORE_MODELS_DIR);
  if (choice.hint) new Logger('Embeddings').warn(choice.hint);
  return { provider: choice.provider, modelDir: choice.modelDir };
}
