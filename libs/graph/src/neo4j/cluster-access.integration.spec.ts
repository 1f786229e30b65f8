import { randomUUID } from 'node:crypto';
import { type LoreConfig, loadConfig } from '@lore/config';
import { ConflictError, InvalidInputError, decodeBookmark, encodeBookmark, runWithBookmark, writtenBookmark } from '@lore/domain';
import { CypherQueries } from './cypher-queries';
import { IndexRunLeases } from '../storage-slots/index-run-leases';
import { MigrationService } from './migrations';
import { Neo4jService, runRows } from './neo4j.service';

/**
 * Graph access as on a cluster: a routing (`neo4j://`) URI, which a single Neo4j answers with itself;
 * bookmarks that let a caller read its own writes through another server (another driver, another
 * bookmark manager); a lease that two servers asking at once never both get.
 */
describe('cluster-ready graph access', () => {
  const base = loadConfig();
  const routed: LoreConfig = { ...base, NEO4J_URI: base.NEO4J_URI.replace(/^bolt:/, 'neo4j:') };
  const serverA = new Neo4jService(routed);
  const serverB = new Neo4jService(routed);
  const tenant = `cluster-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    expect(routed.NEO4J_URI).toMatch(/^neo4j:\/\//);
    await new MigrationService(serverA).migrate();
  });
  afterAll(async () => {
    await serverA.writeOne('MATCH (n {tenantId: $tenant}) DETACH DELETE n', { tenant });
    await serverA.onModuleDestroy();
    await serverB.onModuleDestroy();
  });

  it('routes reads and writes over neo4j://, and hands back the bookmark of a write that another server reads after', async () => {
    const token = await runWithBookmark(null, async () => {
      await serverA.write((tx) => runRows(tx, 'CREATE (:BookmarkProbe {tenantId: $tenant, n: 1})', { tenant }));
      return writtenBookmark();
    });
    expect(token).toMatch(/^lore-bm1\./);
    expect(decodeBookmark(token!, base.NEO4J_DATABASE).length).toBeGreaterThan(0);

    const rows = await runWithBookmark(token, () =>
      serverB.read('MATCH (p:BookmarkProbe {tenantId: $tenant}) RETURN p.n AS n', { tenant }),
    );
    expect(rows).toEqual([{ n: 1 }]);
    // A call that only read hands back no bookmark.
    expect(await runWithBookmark(token, async () => (await serverB.read('RETURN 1 AS one'), writtenBookmark()))).toBeNull();
  });

  it('refuses a malformed bookmark, and one from another database, as invalid_input, changing nothing', async () => {
    const write = (): Promise<unknown> =>
      serverA.write((tx) => runRows(tx, 'CREATE (:BookmarkProbe {tenantId: $tenant, n: 2})', { tenant }));
    for (const [given, message] of [
      ['not-a-bookmark', 'The bookmark is malformed.'],
      ['lore-bm1.!!!', 'The bookmark is malformed.'],
      [encodeBookmark({ database: base.NEO4J_DATABASE, bookmarks: ['has space'] }), 'The bookmark is malformed.'],
      [
        encodeBookmark({ database: 'elsewhere', bookmarks: ['FB:abc'] }),
        'The bookmark is from another database ("elsewhere"), not this server\'s.',
      ],
    ] as const) {
      const refused = runWithBookmark(given, write);
      await expect(refused).rejects.toThrow(InvalidInputError);
      await expect(runWithBookmark(given, write)).rejects.toThrow(message);
    }
    expect(await serverA.read('MATCH (p:BookmarkProbe {tenantId: $tenant, n: 2}) RETURN count(p) AS n', { tenant })).toEqual([{ n: 0 }]);
  });

  it('gives a repository to exactly one of two servers that begin a run at the same moment, every time', async () => {
    const config = { ...routed, LORE_INDEX_LEASE_SECONDS: 60 };
    const leasesA = new IndexRunLeases(serverA, new CypherQueries(), config);
    const leasesB = new IndexRunLeases(serverB, new CypherQueries(), config);
    for (let round = 0; round < 10; round++) {
      const repoId = `race-${round}`;
      const outcomes = await Promise.allSettled([
        leasesA.beginRun({ tenantId: tenant, repoId, runId: `${repoId}-a` }, new Date().toISOString()),
        leasesB.beginRun({ tenantId: tenant, repoId, runId: `${repoId}-b` }, new Date().toISOString()),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(ConflictError);
      const [lease] = await serverA.read('MATCH (l:IndexLease {uid: $uid}) RETURN l.runId AS runId', { uid: `${tenant}:${repoId}` });
      const winner = outcomes[0]!.status === 'fulfilled' ? `${repoId}-a` : `${repoId}-b`;
      expect(lease).toEqual({ runId: winner });
      expect(
        await serverA.read("MATCH (r:IndexRun {tenantId: $tenant, repoId: $repoId, status: 'running'}) RETURN r.uid AS uid", {
          tenant,
          repoId,
        }),
      ).toEqual([{ uid: winner }]);
    }
  });

  it('gives the repository of a holder on another machine whose heartbeats stopped to the next run, once its lease ran out', async () => {
    const config = { ...routed, LORE_INDEX_LEASE_SECONDS: 5 };
    const leasesA = new IndexRunLeases(serverA, new CypherQueries(), config);
    const leasesB = new IndexRunLeases(serverB, new CypherQueries(), config);
    const repoId = 'dead-holder';
    await leasesA.beginRun({ tenantId: tenant, repoId, runId: 'dead-run' }, new Date().toISOString());
    // As a holder elsewhere: its process cannot be looked up from here, only its lease's end.
    await serverA.writeOne("MATCH (l:IndexLease {uid: $uid}) SET l.host = 'elsewhere'", { uid: `${tenant}:${repoId}` });
    await expect(leasesB.beginRun({ tenantId: tenant, repoId, runId: 'next-run' }, new Date().toISOString())).rejects.toThrow(
      ConflictError,
    );
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await leasesB.beginRun({ tenantId: tenant, repoId, runId: 'next-run' }, new Date().toISOString());
    expect(
      await serverA.read('MATCH (r:IndexRun {tenantId: $tenant, repoId: $repoId}) RETURN r.uid AS uid, r.status AS status ORDER BY uid', {
        tenant,
        repoId,
      }),
    ).toEqual([
      { uid: 'dead-run', status: 'failed' },
      { uid: 'next-run', status: 'running' },
    ]);
  });
});
