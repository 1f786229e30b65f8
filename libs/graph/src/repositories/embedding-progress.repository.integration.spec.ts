import { loadConfig } from '@lore/config';
import { CypherQueries } from '../neo4j/cypher-queries';
import { EmbeddingProgressRepository } from './embedding-progress.repository';
import { Neo4jService } from '../neo4j/neo4j.service';

describe('EmbeddingProgressRepository against Neo4j', () => {
  const neo4j = new Neo4jService(loadConfig());
  const progress = new EmbeddingProgressRepository(neo4j, new CypherQueries());
  afterAll(async () => {
    await neo4j.writeOne(
      "MATCH (n) WHERE (n:EmbeddingProgress OR n:EmbeddedWith OR n:Repository) AND n.tenantId STARTS WITH 'progress-' DETACH DELETE n",
    );
    await neo4j.onModuleDestroy();
  });

  it('keeps the latest progress per repository and model until cleared, scoped by tenant and repositories', async () => {
    await progress.record('progress-acme', 'shop', 'minilm', 0, 300);
    await progress.record('progress-acme', 'shop', 'minilm', 128, 300);
    await progress.record('progress-acme', 'billing', 'minilm', 64, 90);
    await progress.record('progress-acme', 'shop', 'lore-hash-v2-384', 5, 6);
    await progress.record('progress-other', 'shop', 'minilm', 1, 2);

    const inProgress = async (repoIds: string[] | null) =>
      (await progress.searchStatus('progress-acme', repoIds, 'minilm', 60_000)).inProgress;
    expect(await inProgress(null)).toEqual([
      { repoId: 'billing', embeddedChunks: 64, totalChunks: 90 },
      { repoId: 'shop', embeddedChunks: 128, totalChunks: 300 },
    ]);
    expect(await inProgress(['shop'])).toEqual([{ repoId: 'shop', embeddedChunks: 128, totalChunks: 300 }]);

    await progress.clear('progress-acme', 'shop', 'minilm');
    expect(await inProgress(null)).toEqual([{ repoId: 'billing', embeddedChunks: 64, totalChunks: 90 }]);
  });

  it('ignores progress not written within the staleness window: a stopped process never cleared it', async () => {
    await progress.record('progress-stale', 'shop', 'minilm', 10, 20);
    await neo4j.writeOne("MATCH (p:EmbeddingProgress {tenantId: 'progress-stale'}) SET p.updatedAt = timestamp() - 300000");
    expect(await progress.searchStatus('progress-stale', null, 'minilm', 120_000)).toEqual({ inProgress: [], withoutVectors: [] });
  });

  it('lists the served repositories without complete vectors for the model, with the models they have, newest first', async () => {
    const tenantId = 'progress-models';
    for (const repoId of ['billing', 'shop', 'shop~2', 'unserved'])
      await neo4j.writeOne('CREATE (:Repository {tenantId: $tenantId, repoId: $repoId, commitSha: $commitSha})', {
        tenantId,
        repoId,
        commitSha: repoId === 'unserved' ? null : 'c1',
      });
    await progress.recordEmbedded(tenantId, 'billing', 'minilm', 'c1');
    await progress.recordEmbedded(tenantId, 'shop', 'lore-hash-v2-384', 'c1');
    await progress.recordEmbedded(tenantId, 'shop', 'e5-small-v2-onnx-int8', 'c1');
    await progress.recordEmbedded(tenantId, 'unserved', 'lore-hash-v2-384', 'c1');

    expect(await progress.searchStatus(tenantId, null, 'minilm', 60_000)).toEqual({
      inProgress: [],
      withoutVectors: [{ repoId: 'shop', previousModels: ['e5-small-v2-onnx-int8', 'lore-hash-v2-384'] }],
    });
    expect(await progress.searchStatus(tenantId, ['billing'], 'minilm', 60_000)).toEqual({ inProgress: [], withoutVectors: [] });
    expect((await progress.searchStatus(tenantId, null, 'e5-small-v2-onnx-int8', 60_000)).withoutVectors).toEqual([
      { repoId: 'billing', previousModels: ['minilm'] },
    ]);
  });
});
