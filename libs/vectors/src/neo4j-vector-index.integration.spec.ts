import { randomBytes } from 'node:crypto';
import neo4j, { type Driver } from 'neo4j-driver';
import { Neo4jVectorIndex } from './neo4j-vector-index';
import { Neo4jVectorSession } from './neo4j-vector-session';
import { describeVectorIndexContract } from '../test/vector-index.contract';
import type { VectorModel, VectorPoint } from './vector-index';
import { modelSlug } from './vector-support';

/**
 * Against the real Neo4j 5.26 that the jest global setup started (NEO4J_URI / NEO4J_PASSWORD), on one
 * driver that this file owns as the graph does in the app: each adapter shares it and must not close it
 * (the storage tests below run on it after the contract suite closed its adapter).
 */
let driver: Driver;
beforeAll(() => {
  driver = neo4j.driver(process.env.NEO4J_URI!, neo4j.auth.basic('neo4j', process.env.NEO4J_PASSWORD!), { disableLosslessIntegers: true });
});
afterAll(() => driver.close());

const onSharedDriver = (): Neo4jVectorIndex =>
  new Neo4jVectorIndex(new Neo4jVectorSession({ driver, database: 'neo4j', txTimeoutMs: 30_000 }));

describeVectorIndexContract('Neo4jVectorIndex', onSharedDriver);

describe('Neo4jVectorIndex storage', () => {
  const model: VectorModel = { id: `storage-test/${randomBytes(4).toString('hex')}`, dimension: 4 };
  const slug = modelSlug(model.id);
  const tenantId = `storage-${randomBytes(4).toString('hex')}`;
  let index: Neo4jVectorIndex;

  beforeAll(() => {
    index = onSharedDriver();
  });

  afterAll(async () => {
    await index.dropCollection(model);
    await index.close();
  });

  const chunkGenerations = async (): Promise<Record<string, number>> => {
    const { records } = await driver.executeQuery(
      `MATCH (c:\`Chunk_${slug}\` {tenantId: $tenantId}) RETURN c.generation AS generation, count(*) AS chunks ORDER BY generation`,
      { tenantId },
    );
    return Object.fromEntries(records.map((record) => [record.get('generation') as string, record.get('chunks') as number]));
  };
  const point = (id: string, vector: number[]): VectorPoint => ({
    id,
    vector,
    payload: {
      tenantId,
      repoId: 'r1',
      commit: 'c1',
      path: `src/${id}.ts`,
      kind: 'function',
      uid: `u-${id}`,
      startLine: 1,
      endLine: 2,
      contentHash: id,
    },
  });

  it('creates one cosine vector index per model on a per-model label, with the uniqueness constraint and lookup indexes', async () => {
    await index.ensureCollection(model);
    await index.ensureCollection(model);
    const { records } = await driver.executeQuery(
      'SHOW INDEXES YIELD name, type, labelsOrTypes, properties, options, state WHERE name STARTS WITH $prefix RETURN * ORDER BY name',
      { prefix: `chunk_${slug}` },
    );
    expect(
      records.map((record) => [
        record.get('name'),
        record.get('type'),
        record.get('labelsOrTypes'),
        record.get('properties'),
        record.get('state'),
      ]),
    ).toEqual([
      [`chunk_${slug}`, 'VECTOR', [`Chunk_${slug}`], ['embedding'], 'ONLINE'],
      [`chunk_${slug}_key`, 'RANGE', [`Chunk_${slug}`], ['tenantId', 'id', 'generation'], 'ONLINE'],
      [`chunk_${slug}_path`, 'RANGE', [`Chunk_${slug}`], ['tenantId', 'repoId', 'path'], 'ONLINE'],
      [`chunk_${slug}_repo`, 'RANGE', [`Chunk_${slug}`], ['tenantId', 'repoId'], 'ONLINE'],
    ]);
    const config = records[0].get('options').indexConfig as Record<string, unknown>;
    expect(config['vector.dimensions']).toBe(4);
    expect(config['vector.similarity_function']).toBe('COSINE');
  });

  it('stores embeddings as float lists on :Chunk nodes, and leaves exactly one generation after a commit or an abort', async () => {
    await index.upsert(model, [point('a', [1, 0, 0, 0]), point('b', [0, 1, 0, 0])]);
    const { records } = await driver.executeQuery(
      `MATCH (c:Chunk:\`Chunk_${slug}\` {tenantId: $tenantId, id: 'a'}) RETURN c.embedding AS embedding, c.model AS model, c.startLine AS startLine, valueType(c.startLine) AS lineType`,
      { tenantId },
    );
    expect(records.map((record) => record.toObject())).toEqual([
      { embedding: [1, 0, 0, 0], model: model.id, startLine: 1, lineType: 'INTEGER NOT NULL' },
    ]);
    expect(await chunkGenerations()).toEqual({ '0': 2 });

    const aborted = await index.beginFullReindex(model, tenantId, 'r1');
    await aborted.upsert([point('a', [0, 0, 1, 0]), point('c', [0, 0, 0, 1])]);
    expect(await chunkGenerations()).toEqual({ '0': 2, [aborted.generation]: 2 });
    await aborted.abort();
    expect(await chunkGenerations()).toEqual({ '0': 2 });

    const committed = await index.beginFullReindex(model, tenantId, 'r1');
    await committed.upsert([point('c', [0, 0, 0, 1])]);
    await committed.commit();
    expect(await chunkGenerations()).toEqual({ [committed.generation]: 1 });
    const { records: live } = await driver.executeQuery(
      'MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId}) RETURN g.repoId AS repoId, g.live AS live',
      {
        model: model.id,
        tenantId,
      },
    );
    expect(live.map((record) => record.toObject())).toEqual([{ repoId: 'r1', live: committed.generation }]);

    await index.deleteByRepository(model, tenantId, 'r1');
    expect(await chunkGenerations()).toEqual({});
    const { records: left } = await driver.executeQuery(
      'MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId}) RETURN count(g) AS n',
      {
        model: model.id,
        tenantId,
      },
    );
    expect(left[0].get('n')).toBe(0);
  });

  it('drops the index, the schema and every chunk of the model', async () => {
    await index.upsert(model, [point('a', [1, 0, 0, 0])]);
    await index.dropCollection(model);
    const { records: indexes } = await driver.executeQuery('SHOW INDEXES YIELD name WHERE name STARTS WITH $prefix RETURN name', {
      prefix: `chunk_${slug}`,
    });
    expect(indexes).toEqual([]);
    const { records: chunks } = await driver.executeQuery(`MATCH (c:\`Chunk_${slug}\`) RETURN count(c) AS n`);
    expect(chunks[0].get('n')).toBe(0);
    // And it comes back on the next use.
    await index.upsert(model, [point('a', [1, 0, 0, 0])]);
    expect((await index.search(model, [1, 0, 0, 0], { tenantId }, 1)).map((hit) => hit.id)).toEqual(['a']);
  });
});
