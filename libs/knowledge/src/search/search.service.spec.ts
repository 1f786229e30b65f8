import { Logger } from '@nestjs/common';
import { InvalidInputError, NotFoundError, SYMBOL_KINDS, SnapshotNotIndexedError, type SymbolRef, UnavailableError } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { FakeCodeGraph, FakeEmbedder, FakeVectorIndex, asPort, principal, semanticIndex, symbolRef, vectorHit } from '../../test/fakes';
import { SearchService } from './search.service';
import type { ProjectKnowledgeService } from '../project-knowledge/project-knowledge.service';

/** These searches include no project knowledge. */
const noKnowledge = asPort<ProjectKnowledgeService>({});

const SHOP_COMMIT = 'aaaa000000000000000000000000000000000000';
const BILLING_COMMIT = 'bbbb000000000000000000000000000000000000';

describe('SearchService.searchCode', () => {
  let graph: FakeCodeGraph;
  let vectors: FakeVectorIndex;
  let placeOrder: SymbolRef;
  let orderService: SymbolRef;
  let orderTest: SymbolRef;
  let invoice: SymbolRef;

  // The warnings and model line the services log are not what these tests look at.
  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    graph = new FakeCodeGraph();
    graph.addRepository('shop', SHOP_COMMIT);
    graph.addRepository('billing', BILLING_COMMIT);
    orderService = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'OrderService', 'class', 1));
    placeOrder = graph.addSymbol(symbolRef('shop', 'src/orders.ts', 'OrderService.placeOrder', 'method', 5));
    orderTest = graph.addSymbol(symbolRef('shop', 'src/orders.spec.ts', 'OrderService > places an order', 'test', 3));
    invoice = graph.addSymbol(symbolRef('billing', 'src/invoice.ts', 'Invoice', 'class', 1));
    graph.fullTextRanking = [
      [placeOrder.uid, 3.25],
      [orderService.uid, 1.5],
      [orderTest.uid, 1.25],
    ];
    vectors = new FakeVectorIndex();
    vectors.nearest = [vectorHit(orderService, SHOP_COMMIT, 0.91234), vectorHit(invoice, BILLING_COMMIT, 0.5)];
  });

  const service = (embedder = new FakeEmbedder()): SearchService =>
    new SearchService(asPort<CodeGraphRepository>(graph), semanticIndex(embedder, vectors), noKnowledge);

  it('fuses the full-text and semantic rankings, exact names first and test cases discounted', async () => {
    const { results, warnings } = await service().searchCode({ query: 'placeOrder' }, principal());
    expect(warnings).toEqual([]);
    expect(results.map((hit) => [hit.qualifiedName, hit.score, hit.reasons, hit.scores])).toEqual([
      // 2 for the exact name, plus 1/61 for the first full-text rank
      ['OrderService.placeOrder', 2.016393, ['exact_name', 'fulltext'], { fulltext: 3.25, semantic: null }],
      // 1/62 (second full-text rank) + 1/61 (first semantic rank)
      ['OrderService', 0.032522, ['fulltext', 'semantic'], { fulltext: 1.5, semantic: 0.9123 }],
      // 1/62 (second semantic rank), found through the graph by its uid
      ['Invoice', 0.016129, ['semantic'], { fulltext: null, semantic: 0.5 }],
      // 1/63 (third full-text rank), halved: a test case
      ['OrderService > places an order', 0.007937, ['fulltext'], { fulltext: 1.25, semantic: null }],
    ]);
    expect(results[0]).toMatchObject({
      uid: placeOrder.uid,
      artifactType: 'symbol',
      title: 'OrderService.placeOrder',
      resourceUri: `code://shop/${SHOP_COMMIT}/src/orders.ts#L5-L14`,
    });
    expect(results[2]!.resourceUri).toBe(`code://billing/${BILLING_COMMIT}/src/invoice.ts#L1-L10`);
    // Each ranking is asked for three times the results wanted, and at least 30.
    expect(graph.fullTextSearches.map((params) => [params.lucene, params.limit, params.candidates])).toEqual([
      ['placeorder^4 OR place^2 OR place* OR order^2 OR order*', 30, 500],
    ]);
    expect(vectors.searches).toEqual([
      {
        filter: { tenantId: 'acme', repoIds: null, kinds: [...SYMBOL_KINDS], pathPrefix: undefined, language: undefined },
        limit: 30,
      },
    ]);
  });

  it('ranks a name typed inside a question first, and searches its content words only', async () => {
    const { results } = await service().searchCode({ query: 'where is placeOrder called?' }, principal());
    expect(results.map((hit) => [hit.qualifiedName, hit.reasons])).toEqual([
      ['OrderService.placeOrder', ['exact_name', 'fulltext']],
      ['OrderService', ['fulltext', 'semantic']],
      ['Invoice', ['semantic']],
      ['OrderService > places an order', ['fulltext']],
    ]);
    expect(graph.fullTextSearches.map((params) => params.lucene)).toEqual([
      'placeorder^4 OR isplaceordercalled^4 OR is^2 OR is* OR place^2 OR place* OR order^2 OR order* OR called^2 OR called*',
    ]);
  });

  it('honours the filters written in the query in both rankings, and embeds the query without them', async () => {
    const embedder = new FakeEmbedder();
    await service(embedder).searchCode({ query: 'in:src/ lang:ts kind:method place an order', pathPrefix: 'src/' }, principal());
    expect(graph.fullTextSearches.map(({ kinds, pathPrefix, language }) => ({ kinds, pathPrefix, language }))).toEqual([
      { kinds: ['method'], pathPrefix: 'src/', language: 'typescript' },
    ]);
    expect(vectors.searches.map((search) => search.filter)).toEqual([
      { tenantId: 'acme', repoIds: null, kinds: ['method'], pathPrefix: 'src/', language: 'typescript' },
    ]);
    expect(embedder.texts).toEqual([['place an order']]);
  });

  it('answers invalid_input when a filter in the query contradicts the same filter given as a field, and searches nothing', async () => {
    const failure = service().searchCode({ query: 'lang:python place an order', language: 'typescript' }, principal());
    await expect(failure).rejects.toThrow(InvalidInputError);
    await expect(failure).rejects.toMatchObject({
      message: 'The query says lang:python but language is typescript.',
      hint: 'Give the filter once, in the query or as language.',
    });
    await expect(service().searchCode({ query: 'kind:method' }, principal())).rejects.toThrow(
      'The query has no letters or digits to search for.',
    );
    expect(graph.fullTextSearches).toEqual([]);
    expect(vectors.searches).toEqual([]);
  });

  it('asks the semantic ranking for the repositories the caller may read only', async () => {
    const { results } = await service().searchCode({ query: 'placeOrder', mode: 'semantic', maxResults: 20 }, principal(['shop']));
    expect(vectors.searches.map((search) => [search.filter.repoIds, search.limit])).toEqual([[['shop'], 60]]);
    expect(results.map((hit) => [hit.qualifiedName, hit.score, hit.reasons])).toEqual([['OrderService', 0.016393, ['semantic']]]);
    expect(graph.fullTextSearches).toEqual([]);
  });

  it('answers full-text results with a semantic_unavailable warning when the embedder fails', async () => {
    const { results, warnings } = await service(new FakeEmbedder(new Error('embedding endpoint refused the connection'))).searchCode(
      { query: 'placeOrder' },
      principal(),
    );
    expect(warnings).toEqual([
      { code: 'semantic_unavailable', message: 'Semantic search is unavailable right now; these results are full-text only.' },
    ]);
    expect(results.map((hit) => [hit.qualifiedName, hit.score, hit.reasons])).toEqual([
      ['OrderService.placeOrder', 2.016393, ['exact_name', 'fulltext']],
      ['OrderService', 0.016129, ['fulltext']],
      ['OrderService > places an order', 0.007937, ['fulltext']],
    ]);
  });

  it('answers unavailable when semantic search alone was asked for and the embedder fails', async () => {
    const failure = service(new FakeEmbedder(new Error('model.onnx not found'))).searchCode(
      { query: 'placeOrder', mode: 'semantic' },
      principal(),
    );
    await expect(failure).rejects.toThrow(UnavailableError);
    await expect(failure).rejects.toMatchObject({
      message: 'Semantic search is unavailable right now.',
      hint: 'Retry, or search with mode fulltext.',
    });
  });

  it('answers not_found for a scope the caller may not read, as for one that does not exist, and searches nothing', async () => {
    for (const repositoryId of ['billing', 'warehouse']) {
      const failure = service().searchCode({ query: 'Invoice', scope: { repositoryId } }, principal(['shop']));
      await expect(failure).rejects.toThrow(NotFoundError);
      await expect(failure).rejects.toMatchObject({
        message: `No indexed repository ${repositoryId}.`,
        hint: 'Index it first with lore index.',
      });
    }
    expect(graph.fullTextSearches).toEqual([]);
    expect(vectors.searches).toEqual([]);
  });

  it('answers snapshot_not_indexed for a scope at a commit that is not the indexed one', async () => {
    await expect(
      service().searchCode({ query: 'Invoice', scope: { repositoryId: 'billing', commitSha: 'bbbb00' } }, principal()),
    ).resolves.toMatchObject({
      results: [{ qualifiedName: 'Invoice' }],
    });
    const failure = service().searchCode({ query: 'Invoice', scope: { repositoryId: 'billing', commitSha: 'cccc00' } }, principal());
    await expect(failure).rejects.toThrow(SnapshotNotIndexedError);
    await expect(failure).rejects.toMatchObject({
      message: 'Commit cccc00 of billing is not indexed; the indexed commit is bbbb00000000.',
    });
  });

  it('answers snapshot_not_indexed for a scope on a branch the indexed commit was not read from', async () => {
    await expect(
      service().searchCode({ query: 'Invoice', scope: { repositoryId: 'billing', branch: 'main' } }, principal()),
    ).resolves.toMatchObject({
      results: [{ qualifiedName: 'Invoice' }],
    });
    const failure = service().searchCode({ query: 'Invoice', scope: { repositoryId: 'billing', branch: 'release/2.0' } }, principal());
    await expect(failure).rejects.toThrow(SnapshotNotIndexedError);
    await expect(failure).rejects.toMatchObject({
      message: 'Branch release/2.0 of billing is not indexed; the indexed commit bbbb00000000 was read from branch main.',
      hint: 'Ask without a branch, or check out release/2.0 and index it.',
    });
  });
});
