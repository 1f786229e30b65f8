import { Neo4jVectorIndex } from './neo4j-vector-index';
import { type Neo4jVectorSettings, Neo4jVectorSession } from './neo4j-vector-session';
import type { QdrantDistribution } from './qdrant-vector-index';
import type { VectorIndex } from './vector-index';

export interface VectorIndexSettings {
  /** Set: vectors go to this Qdrant. Unset or empty: to the Neo4j native vector index. */
  qdrantUrl?: string;
  qdrantApiKey?: string;
  qdrantDistribution?: QdrantDistribution;
  neo4j: Neo4jVectorSettings;
}

/** Chooses the adapter: Qdrant when a URL is configured, else Neo4j (the embedded default, on the given driver). The caller closes it. */
export function createVectorIndex(settings: VectorIndexSettings): VectorIndex {
  if (settings.qdrantUrl) {
    // Loaded only when Qdrant is configured: its client and HTTP stack cost every process ~80 ms of CPU at start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { QdrantVectorIndex } = require('./qdrant-vector-index') as typeof import('./qdrant-vector-index');
    return QdrantVectorIndex.connect({
      url: settings.qdrantUrl,
      apiKey: settings.qdrantApiKey || undefined,
      distribution: settings.qdrantDistribution,
    });
  }
  return new Neo4jVectorIndex(new Neo4jVectorSession(settings.neo4j));
}
