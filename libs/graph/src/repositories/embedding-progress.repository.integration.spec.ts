import { loadConfig } from '@lore/config';
import { CypherQueries } from '../neo4j/cypher-queries';
import { EmbeddingProgressRepository } from './embedding-progress.repository';
import { Neo4jService } from '../neo4j/neo4j.service';

describe('EmbeddingProgressRepository against Neo4j', () => {
  const neo4j = new Neo4jService(loadConfig());
  const progress = new EmbeddingProgressRepository(neo4j, new CypherQueries());
  afterAll(async () => {
    await neo4j.writeOne("MATCH (p:EmbeddingProgress) WHERE p.tenantId STARTS WITH 'progress-' DELETE p");
    await neo4j.onModuleDestroy();
  });

  it('keeps the latest progress per repository and model until cleared, scoped by tenant and repositories', async () => {
    await progress.record('progress-acme', 'shop', 'minilm', 0, 300);
    await progress.record('progress-acme', 'shop', 'minilm', 128, 300);
    await progress.record('progress-acme', 'billing', 'minilm', 64, 90);
    await progress.record('progress-acme', 'shop', 'lore-hash-v2-384', 5, 6);
    await progress.record('progress-other', 'shop', 'minilm', 1, 2);

    expect(await progress.inProgress('progress-acme', null, 'minilm', 60_000)).toEqual([
      { repoId: 'billing', embeddedChunks: 64, totalChunks: 90 },
      { repoId: 'shop', embeddedChunks: 128, totalChunks: 300 },
    ]);
    expect(await progress.inProgress('progress-acme', ['shop'], 'minilm', 60_000)).toEqual([
      { repoId: 'shop', embeddedChunks: 128, totalChunks: 300 },
    ]);

    await progress.clear('progress-acme', 'shop', 'minilm');
    expect(await progress.inProgress('progress-acme', null, 'minilm', 60_000)).toEqual([
      { repoId: 'billing', embeddedChunks: 64, totalChunks: 90 },
    ]);
  });

  it('ignores progress not written within the staleness window: a stopped process never cleared it', async () => {
    await progress.record('progress-stale', 'shop', 'minilm', 10, 20);
    await neo4j.writeOne("MATCH (p:EmbeddingProgress {tenantId: 'progress-stale'}) SET p.updatedAt = timestamp() - 300000");
    expect(await progress.inProgress('progress-stale', null, 'minilm', 120_000)).toEqual([]);
  });
});
