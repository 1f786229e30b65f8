import type { QdrantClient } from '@qdrant/js-client-rest';
import { QdrantVectorIndex, type QdrantDistribution } from './qdrant-vector-index';

/**
 * What the adapter asks of a Qdrant cluster, recorded by a stand-in for the client (no Qdrant binary
 * or cluster runs here: the contract suite against a real one is qdrant-vector-index.integration.spec.ts).
 */
function recordingClient(): { client: QdrantClient; calls: [string, string, Record<string, unknown>][] } {
  const calls: [string, string, Record<string, unknown>][] = [];
  const aliases: { alias_name: string; collection_name: string }[] = [];
  const record =
    <T>(method: string, answer: (collection: string, body: Record<string, unknown>) => T) =>
    async (collection: string, body: Record<string, unknown> = {}): Promise<T> => {
      calls.push([method, collection, body]);
      return answer(collection, body);
    };
  const client = {
    getAliases: async () => ({ aliases }),
    collectionExists: async () => ({ exists: false }),
    getCollection: async () => ({ config: { params: { vectors: { dense: { size: 3 } } } } }),
    createCollection: record('createCollection', () => true),
    createPayloadIndex: record('createPayloadIndex', () => ({})),
    updateCollectionAliases: async (body: { actions: { create_alias: { alias_name: string; collection_name: string } }[] }) => {
      aliases.push(...body.actions.map((action) => action.create_alias));
      return true;
    },
    scroll: record('scroll', () => ({ points: [], next_page_offset: null })),
    query: record('query', () => ({ points: [] })),
    retrieve: record('retrieve', () => []),
    upsert: record('upsert', () => ({})),
    delete: record('delete', () => ({})),
  };
  return { client: client as unknown as QdrantClient, calls };
}

const MODEL = { id: 'cluster-test', dimension: 3 };

async function searchOnce(distribution?: QdrantDistribution): Promise<[string, string, Record<string, unknown>][]> {
  const { client, calls } = recordingClient();
  await new QdrantVectorIndex(client, { distribution }).search(MODEL, [1, 0, 0], { tenantId: 't' }, 5);
  return calls.filter(([method]) => method !== 'createPayloadIndex');
}

describe('QdrantVectorIndex in distributed mode', () => {
  it('creates its collections with the configured shards, replicas and write consistency, and reads the live generation with the configured consistency', async () => {
    const calls = await searchOnce({ shardNumber: 3, replicationFactor: 2, writeConsistencyFactor: 2, readConsistency: 'majority' });
    const distribution = { shard_number: 3, replication_factor: 2, write_consistency_factor: 2 };
    expect(calls.map(([method, collection, body]) => [method, collection, { ...body, filter: undefined }])).toEqual([
      [
        'createCollection',
        'lore_chunks_cluster_test_aa9cd89d__d3',
        {
          vectors: { dense: { size: 3, distance: 'Cosine' } },
          sparse_vectors: { sparse: { modifier: 'idf' } },
          ...distribution,
          filter: undefined,
        },
      ],
      ['createCollection', 'lore_chunk_generations', { vectors: { size: 1, distance: 'Dot' }, ...distribution, filter: undefined }],
      [
        'scroll',
        'lore_chunk_generations',
        { limit: 1000, offset: undefined, with_payload: true, with_vector: false, consistency: 'majority', filter: undefined },
      ],
      [
        'query',
        'lore_chunks_cluster_test_aa9cd89d',
        { query: [1, 0, 0], using: 'dense', limit: 5, with_payload: true, consistency: 'majority', filter: undefined },
      ],
    ]);
  });

  it("asks nothing of the kind when none is configured: Qdrant's defaults", async () => {
    const calls = await searchOnce();
    for (const [, , body] of calls) {
      expect(
        Object.keys(body).filter((key) => ['shard_number', 'replication_factor', 'write_consistency_factor', 'consistency'].includes(key)),
      ).toEqual([]);
    }
    expect(calls.map(([method]) => method)).toEqual(['createCollection', 'createCollection', 'scroll', 'query']);
  });
});
