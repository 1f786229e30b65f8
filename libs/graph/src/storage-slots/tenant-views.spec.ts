import type { CypherQueries } from '../neo4j/cypher-queries';
import type { Neo4jService } from '../neo4j/neo4j.service';
import { TenantViews, withOneTenantView } from './tenant-views.repository';

const SERVED = {
  repositoryId: 'orders',
  name: 'orders',
  commitSha: 'c1',
  rootPath: '/r/orders',
  gitPrefix: null,
  url: null,
  defaultBranch: 'main',
  indexedAt: '2026-11-26T10:00:00Z',
  snapshotVersion: 3,
  exactCallsPending: null,
  generation: 2,
};
const HIDDEN = {
  ...SERVED,
  repositoryId: 'billing',
  name: 'billing',
  commitSha: null,
  indexedAt: null,
  snapshotVersion: 1,
  generation: null,
};

/** A graph answering repositories/view with whatever the test holds, counting the reads. */
function setUp() {
  const graph = { rows: [{ repositories: [HIDDEN, SERVED], embedding: [] }] as Record<string, unknown>[], reads: 0, fail: false };
  const neo4j = {
    read: async () => {
      graph.reads += 1;
      if (graph.fail) throw new Error('unreachable');
      return graph.rows;
    },
  } as unknown as Neo4jService;
  const queries = { get: (name: string) => name } as unknown as CypherQueries;
  return { graph, views: new TenantViews(neo4j, queries) };
}

describe('TenantViews', () => {
  it('names a repository read from its second storage slot as readers know it, and keeps which slot that is', async () => {
    const { graph, views } = setUp();
    // billing was re-indexed beside: its second slot serves, its first is retired (no commit).
    graph.rows = [{ repositories: [HIDDEN, { ...SERVED, repositoryId: 'billing~2', name: 'billing' }, SERVED], embedding: [] }];
    const view = await views.current('acme');
    expect(view.served.map((repository) => repository.repositoryId)).toEqual(['billing', 'orders']);
    expect(view.hidden).toEqual(['billing']);
    expect([view.slotOf('billing'), view.slotOf('orders'), view.slotOf('unknown')]).toEqual(['billing~2', 'orders', 'unknown']);
  });

  it('tells served repositories from hidden ones, with whether their calls are exact', async () => {
    const { views } = setUp();
    const view = await views.current('acme');
    expect(view.hidden).toEqual(['billing']);
    expect(view.served).toEqual([
      {
        repositoryId: 'orders',
        name: 'orders',
        commitSha: 'c1',
        rootPath: '/r/orders',
        gitPrefix: null,
        url: null,
        defaultBranch: 'main',
        indexedAt: '2026-11-26T10:00:00Z',
        callsExact: true,
      },
    ]);
  });

  it('reads once per tenant within one operation, and again outside it', async () => {
    const { graph, views } = setUp();
    await withOneTenantView(async () => {
      const [first, second] = await Promise.all([views.current('acme'), views.current('acme')]);
      expect(second).toBe(first);
      await withOneTenantView(() => views.current('acme'));
      await views.current('other');
    });
    expect(graph.reads).toBe(2);
    await views.current('acme');
    await views.current('acme');
    expect(graph.reads).toBe(4);
  });

  it('changes its token when a run bumps a generation, and keeps no failed read', async () => {
    const { graph, views } = setUp();
    const before = (await views.current('acme')).token;
    graph.rows = [{ repositories: [HIDDEN, { ...SERVED, generation: 3 }], embedding: [] }];
    expect((await views.current('acme')).token).not.toBe(before);
    await withOneTenantView(async () => {
      graph.fail = true;
      await expect(views.current('acme')).rejects.toThrow('unreachable');
      graph.fail = false;
      expect((await views.current('acme')).served).toHaveLength(1);
    });
  });
});
