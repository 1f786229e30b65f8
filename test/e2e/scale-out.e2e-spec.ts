import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { dumpRepository, testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, runCli, startServer, waitUntilReady } from '../support/processes';
import { cliJson, connectMcp, graphql } from './doors';

/**
 * Lore as several processes on one Neo4j reached through a routing (`neo4j://`) URI: two servers,
 * CLI processes racing for one repository's run, and the bookmark of every write handed back by each
 * door and sent back to the other server, which then reads that write.
 */
const TENANT = 'scale-out';
const BOOKMARK = /^lore-bm1\.[\w-]+$/;

let env: Record<string, string>;
let driver: Driver;
let fixture: FixtureRepository;
let serverA: RunningServer;
let serverB: RunningServer;
const clients: Client[] = [];
/** The bookmark `lore index --json` printed for its run (the race below), sent back by the doors' tests. */
let indexBookmark: string;

/** The storage slot that serves order-service (a re-index may move it to its second slot). */
async function servedSlot(tenant: string): Promise<string> {
  const { records } = await driver.executeQuery(
    "MATCH (r:Repository {tenantId: $tenant}) WHERE r.repoId STARTS WITH 'order-service' AND r.commitSha IS NOT NULL RETURN r.repoId AS slot",
    { tenant },
  );
  expect(records).toHaveLength(1);
  return records[0]!.get('slot') as string;
}

beforeAll(async () => {
  env = { LORE_TENANT: TENANT, NEO4J_URI: process.env.NEO4J_URI!.replace(/^bolt:/, 'neo4j:') };
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture('order-service');
  // One after the other: on a loaded machine two cold starts at once outran startServer's minute.
  serverA = await startServer(env);
  serverB = await startServer(env);
  await Promise.all([waitUntilReady(serverA.url), waitUntilReady(serverB.url)]);
}, 240_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await driver?.close();
});

describe('one repository, two processes starting its run together', () => {
  it('is indexed by one of them at a time, every time; the other is refused with conflict or runs after it', async () => {
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.all([1, 2].map(() => cliJson(['index', fixture.path, '--name', 'order-service'], env)));
      for (const outcome of outcomes) {
        if (outcome.code === 0) {
          expect(outcome.body).toMatchObject({ status: 'completed', bookmark: expect.stringMatching(BOOKMARK) });
          indexBookmark = outcome.body.bookmark as string;
        } else expect(outcome.body).toMatchObject({ error: { code: 'conflict' } });
      }
      expect(outcomes.some((outcome) => outcome.code === 0)).toBe(true);
    }
    // However the runs fell, the graph is what one process indexing the commit alone writes.
    const alone = await cliJson(['index', fixture.path, '--name', 'order-service'], { ...env, LORE_TENANT: `${TENANT}-alone` });
    expect(alone.code).toBe(0);
    expect(await dumpRepository(driver, TENANT, 'order-service', await servedSlot(TENANT))).toEqual(
      await dumpRepository(driver, `${TENANT}-alone`, 'order-service', await servedSlot(`${TENANT}-alone`)),
    );
  }, 300_000);
});

describe('a write through one server, read back through the other with its bookmark', () => {
  it('REST: Lore-Bookmark answered for a write and accepted back; a malformed one is invalid_input', async () => {
    const written = await fetch(`${serverA.url}/api/v1/analysis/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repository: 'order-service' }),
    });
    expect(written.status).toBe(200);
    const bookmark = written.headers.get('lore-bookmark');
    expect(bookmark).toMatch(BOOKMARK);
    const run = (await written.json()) as { run_id: string };

    const read = await fetch(`${serverB.url}/api/v1/analysis/runs/${run.run_id}`, { headers: { 'Lore-Bookmark': bookmark! } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { run_id: string }).run_id).toBe(run.run_id);
    // A read writes nothing: no bookmark comes back.
    expect(read.headers.get('lore-bookmark')).toBeNull();

    const malformed = await fetch(`${serverB.url}/api/v1/analysis/runs/latest`, { headers: { 'Lore-Bookmark': 'FB:not-ours' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_input', detail: 'The bookmark is malformed.' });
  });

  it('GraphQL and MCP: accepted back; a bookmark of another database is invalid_input; MCP answers a write with _meta', async () => {
    const bookmark = indexBookmark;
    const query = 'query { analysisRun(input: {}) { run_id } }';
    const answered = await graphql(serverB.url, query, {}, { 'Lore-Bookmark': bookmark });
    expect(answered.errors).toBeUndefined();
    const elsewhere = `lore-bm1.${Buffer.from(JSON.stringify({ db: 'elsewhere', b: ['FB:x'] })).toString('base64url')}`;
    const refused = await graphql(serverB.url, query, {}, { 'Lore-Bookmark': elsewhere });
    expect(refused.errors?.[0]?.extensions.code).toBe('invalid_input');

    const client = await connectMcp('http 2026-07-28', serverA.url, env);
    clients.push(client);
    const analysed = await client.callTool({
      name: 'analyze_repository',
      arguments: { repository: 'order-service' },
      _meta: { 'lore/bookmark': bookmark },
    });
    expect(analysed.isError).toBeFalsy();
    const written = analysed._meta?.['lore/bookmark'] as string;
    expect(written).toMatch(BOOKMARK);
    const { run_id } = (analysed.structuredContent as { data: { run_id: string } }).data;
    const onB = await fetch(`${serverB.url}/api/v1/analysis/runs/${run_id}`, { headers: { 'Lore-Bookmark': written } });
    expect(onB.status).toBe(200);

    const bad = await client.callTool({ name: 'get_run_summary', arguments: {}, _meta: { 'lore/bookmark': elsewhere } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]!.text)).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('CLI: LORE_BOOKMARK is read after; a malformed one exits as invalid input', async () => {
    const tree = await cliJson(['tree', 'order-service', '--depth', '1'], { ...env, LORE_BOOKMARK: indexBookmark });
    expect(tree.code).toBe(0);
    expect(tree.body.bookmark).toBeUndefined();
    const refused = await runCli(['tree', 'order-service', '--json'], { ...env, LORE_BOOKMARK: 'lore-bm1.e30' });
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'invalid_input', message: 'The bookmark is malformed.' } });
  });
});
