import { Logger } from '@nestjs/common';
import type { ChunkRow } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import type { Embedder } from '@lore/embeddings';
import type { VectorHit, VectorIndex, VectorPoint } from '@lore/vectors';
import { FakeCodeGraph, FakeEmbeddingProgress, asPort, principal, semanticIndex, symbolRef } from '../../test/fakes';
import { SearchService } from './search.service';
import type { SemanticIndex } from './semantic-index';
import type { ProjectKnowledgeService } from '../project-knowledge/project-knowledge.service';

/** These searches include no project knowledge. */
const noKnowledge = asPort<ProjectKnowledgeService>({});

/** Vectors in memory: a live set per repository, and a generation made live on commit. */
class MemoryVectors {
  readonly backend = 'neo4j' as const;
  live: VectorPoint[] = [];
  async ensureCollection(): Promise<void> {}
  async contentHashes(): Promise<Map<string, string>> {
    return new Map(this.live.map((point) => [point.id, point.payload.contentHash]));
  }
  async beginFullReindex() {
    const staged: VectorPoint[] = [];
    return {
      generation: 'g1',
      upsert: async (points: readonly VectorPoint[]) => void staged.push(...points),
      commit: async () => void (this.live = staged),
      abort: async () => undefined,
    };
  }
  async search(): Promise<VectorHit[]> {
    return [];
  }
  async close(): Promise<void> {}
}

/** Embeds nothing until released: what the background is waiting on can be looked at. */
class GatedEmbedder implements Embedder {
  readonly modelId = 'gated';
  readonly dimension = 2;
  private release!: () => void;
  private readonly gate = new Promise<void>((done) => (this.release = done));
  open(): void {
    this.release();
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    await this.gate;
    return texts.map(() => Float32Array.of(1, 0));
  }
}

const chunk = (id: string): ChunkRow => ({
  id: `shop:src/orders.ts#${id}`,
  uid: `shop:src/orders.ts#${id}`,
  kind: 'function',
  path: 'src/orders.ts',
  language: 'typescript',
  startLine: 1,
  endLine: 2,
  text: `function ${id}() {}`,
  contentHash: `hash-${id}`,
});

describe('SemanticIndex in the background', () => {
  beforeAll(() => Logger.overrideLogger(false));

  let embedder: GatedEmbedder;
  let vectors: MemoryVectors;
  let progress: FakeEmbeddingProgress;
  let index: SemanticIndex;
  beforeEach(() => {
    embedder = new GatedEmbedder();
    vectors = new MemoryVectors();
    progress = new FakeEmbeddingProgress();
    index = semanticIndex(embedder, asPort<VectorIndex>(vectors), progress);
  });
  /** The background embeddings the graph would answer as under way. */
  const inProgress = async (tenantId: string, repoIds: string[] | null) =>
    (await progress.searchStatus(tenantId, repoIds, 'gated')).inProgress;

  it('waits for the embedder by default', async () => {
    const indexing = index.indexChunks('acme', 'shop', 'c1', [chunk('a')]);
    embedder.open();
    await expect(indexing).resolves.toEqual({ embedded: 1, unchanged: 0, full: true, queued: false });
    expect(vectors.live.map((point) => point.id)).toEqual(['shop:src/orders.ts#a']);
  });

  it('returns at once, reports progress until the chunks are embedded, and tells search so in a warning', async () => {
    index.embedInBackground();
    await expect(index.indexChunks('acme', 'shop', 'c1', [chunk('a'), chunk('b'), chunk('c')])).resolves.toEqual({
      embedded: 0,
      unchanged: 0,
      full: false,
      queued: true,
    });
    // The first progress is written once the queued work starts.
    await new Promise((done) => setImmediate(done));
    expect(await inProgress('acme', null)).toEqual([{ repoId: 'shop', embeddedChunks: 0, totalChunks: 3 }]);
    expect(await inProgress('acme', ['billing'])).toEqual([]);
    expect(await inProgress('other-tenant', null)).toEqual([]);
    expect(vectors.live).toEqual([]);

    const graph = new FakeCodeGraph();
    graph.addRepository('shop', 'aaaa000000000000000000000000000000000000');
    graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'placeOrder', 'function', 1));
    const search = new SearchService(asPort<CodeGraphRepository>(graph), index, noKnowledge);
    const searching = search.searchCode({ query: 'place an order', mode: 'semantic' }, principal());
    embedder.open(); // the query's own embedding waits on the same gate
    expect((await searching).warnings).toEqual([
      {
        code: 'semantic_incomplete',
        message: 'shop is still being embedded (0/3 chunks); the semantic ranking covers what is embedded so far.',
      },
    ]);

    await index.idle();
    expect(await inProgress('acme', null)).toEqual([]);
    expect(vectors.live.map((point) => point.id)).toEqual(['shop:src/orders.ts#a', 'shop:src/orders.ts#b', 'shop:src/orders.ts#c']);
  });

  it("warns while a served repository's vectors are another model's, until it is embedded with the serving one", async () => {
    index = semanticIndex(embedder, asPort<VectorIndex>(vectors), new FakeEmbeddingProgress({ acme: ['shop'] }));
    const graph = new FakeCodeGraph();
    graph.addRepository('shop', 'aaaa000000000000000000000000000000000000');
    graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'placeOrder', 'function', 1));
    const search = new SearchService(asPort<CodeGraphRepository>(graph), index, noKnowledge);
    embedder.open();
    expect(await index.notEmbedded('acme', null)).toEqual([{ repoId: 'shop', rootPath: null }]);
    expect((await search.searchCode({ query: 'place an order' }, principal())).warnings).toEqual([
      {
        code: 'semantic_incomplete',
        message:
          'shop has no vectors from the serving embedding model (it was embedded with another one, or not at all), so the semantic ranking leaves it out: lore serve and lore up embed it again in the background, lore index <its path> does it now.',
      },
    ]);
    await index.indexChunks('acme', 'shop', 'c1', [chunk('a')]);
    expect(await index.notEmbedded('acme', null)).toEqual([]);
    expect((await search.searchCode({ query: 'place an order' }, principal())).warnings).toEqual([]);
    expect(await index.describe()).toBe('semantic search: gated, 2 dimensions, vectors in neo4j');
  });
});

describe('SemanticIndex while the serving model is new', () => {
  beforeAll(() => Logger.overrideLogger(false));

  /** A hit of shop's chunk `name`. */
  const hit = (name: string): VectorHit => ({
    id: `shop:src/orders.ts#${name}`,
    uid: `shop:src/orders.ts#${name}`,
    score: 0.5,
    payload: { ...chunk(name), tenantId: 'acme', repoId: 'shop', commit: 'c1' },
  });

  /** Each model ranks what the test gives it, and the searches asked are kept. */
  function vectorsRanking(rankings: Record<string, VectorHit[]>) {
    const searches: { modelId: string; dimension: number; repoIds: readonly string[] | null | undefined }[] = [];
    const vectors = {
      backend: 'neo4j' as const,
      ensureCollection: async () => undefined,
      search: async (model: { id: string; dimension: number }, _query: unknown, filter: { repoIds?: readonly string[] | null }) => {
        searches.push({ modelId: model.id, dimension: model.dimension, repoIds: filter.repoIds });
        return rankings[model.id] ?? [];
      },
    };
    return { vectors: asPort<VectorIndex>(vectors), searches };
  }

  it('ranks a repository with the vectors of the model it was embedded with before, taking each ranking in turn', async () => {
    const embedder = new GatedEmbedder();
    embedder.open();
    const progress = new FakeEmbeddingProgress({ acme: ['billing', 'shop'] });
    await progress.recordEmbedded('acme', 'billing', 'gated');
    await progress.recordEmbedded('acme', 'shop', 'lore-hash-v2-8');
    const { vectors, searches } = vectorsRanking({ gated: [hit('a'), hit('b')], 'lore-hash-v2-8': [hit('c'), hit('a'), hit('d')] });
    const index = semanticIndex(embedder, vectors, progress);

    expect(await index.search('place an order', { tenantId: 'acme', repoIds: null }, 4)).toEqual({
      hits: [hit('a'), hit('c'), hit('b'), hit('d')],
      previousModels: [{ repoId: 'shop', modelId: 'lore-hash-v2-8' }],
      inProgress: [],
      notEmbedded: ['shop'],
    });
    expect(searches).toEqual([
      { modelId: 'gated', dimension: 2, repoIds: null },
      { modelId: 'lore-hash-v2-8', dimension: 8, repoIds: ['shop'] },
    ]);

    const graph = new FakeCodeGraph();
    graph.addRepository('shop', 'aaaa000000000000000000000000000000000000');
    const search = new SearchService(asPort<CodeGraphRepository>(graph), index, noKnowledge);
    expect((await search.searchCode({ query: 'place an order' }, principal())).warnings).toEqual([
      {
        code: 'semantic_previous_model',
        message:
          'shop is ranked by the vectors of lore-hash-v2-8, the model it was embedded with before, until lore serve and lore up embed it again with the serving model in the background (lore index <its path> does it now).',
      },
    ]);
  });

  it('leaves a repository out, as before, when the model it was embedded with cannot run in this process', async () => {
    const embedder = new GatedEmbedder();
    embedder.open();
    const progress = new FakeEmbeddingProgress({ acme: ['shop'] });
    await progress.recordEmbedded('acme', 'shop', 'text-embedding-3-small');
    const { vectors, searches } = vectorsRanking({ gated: [hit('a')] });
    const index = semanticIndex(embedder, vectors, progress);

    expect(await index.search('place an order', { tenantId: 'acme', repoIds: ['shop'] }, 4)).toEqual({
      hits: [hit('a')],
      previousModels: [],
      inProgress: [],
      notEmbedded: ['shop'],
    });
    expect(searches).toEqual([{ modelId: 'gated', dimension: 2, repoIds: ['shop'] }]);
  });
});
