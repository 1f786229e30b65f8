import { localPrincipal } from '@lore/domain';
import type { CypherQueries } from '../neo4j/cypher-queries';
import type { Neo4jService, Params } from '../neo4j/neo4j.service';
import { readAsPrincipal } from './principal-reads';
import { TenantView, type TenantViews } from '../storage-slots/tenant-views.repository';

/** A served Repository node of the view as repositories/view reads it. */
function stored(repositoryId: string): ConstructorParameters<typeof TenantView>[1][number] {
  return {
    repositoryId,
    name: repositoryId,
    commitSha: 'c0ffee',
    rootPath: '/src',
    gitPrefix: null,
    url: null,
    defaultBranch: null,
    indexedAt: '2026-11-27T00:00:00Z',
    snapshotVersion: 1,
    exactCallsPending: null,
    generation: 1,
  };
}

/** Runs one reader query over a view where `shop` is served from its second slot and `tools` from its first. */
async function readThrough(params: Params, answer: Record<string, unknown>[]): Promise<{ sent: Params; rows: unknown }> {
  let sent: Params = {};
  const neo4j = {
    read: async (_cypher: string, queryParams: Params) => {
      sent = queryParams;
      return answer;
    },
  } as unknown as Neo4jService;
  const view = new TenantView('token', [stored('shop~2'), stored('tools')]);
  const views = { current: async () => view } as unknown as TenantViews;
  const queries = { get: (name: string) => name } as unknown as CypherQueries;
  const rows = await readAsPrincipal({ neo4j, queries, views }, localPrincipal('acme', 'test'), 'any/query', params);
  return { sent, rows };
}

describe('readAsPrincipal over storage slots', () => {
  it('asks for a repository and its uid by the slot it is served from', async () => {
    const { sent } = await readThrough({ repositoryId: 'shop', uids: ['acme:shop', 'acme:tools', 'acme:shop:src/a.ts#f'] }, []);
    expect(sent).toMatchObject({
      repositoryId: 'shop~2',
      uids: ['acme:shop~2', 'acme:tools', 'acme:shop:src/a.ts#f'],
      tenantId: 'acme',
      repoIds: ['shop~2', 'tools'],
    });
  });

  it('names a slot as readers know it in every column, however it is called and however deep', async () => {
    const { rows } = await readThrough({}, [
      {
        owner: 'shop~2',
        home: { uid: 'acme:shop~2', repositoryId: 'shop~2' },
        hits: [{ where: 'shop~2', file: 'acme:shop:src/a.ts' }],
        other: 'tools',
        qualifiedName: 'Order.place~2',
        count: 3,
      },
    ]);
    expect(rows).toEqual([
      {
        owner: 'shop',
        home: { uid: 'acme:shop', repositoryId: 'shop' },
        hits: [{ where: 'shop', file: 'acme:shop:src/a.ts' }],
        other: 'tools',
        qualifiedName: 'Order.place~2',
        count: 3,
      },
    ]);
  });
});
