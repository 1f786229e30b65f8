import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { type Principal, localPrincipal } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { gitFixture, gitIn } from '../../../test/support/fixtures';
import { dumpRepository, type GraphDump, testDriver } from '../../../test/support/graph';
import { knowledgeWith } from '../../../test/support/knowledge';
import { IndexingService } from './indexing/indexing.service';

/**
 * A commit indexed again with every file as the last complete run left it does no work (issue 46):
 * nothing parsed, resolved, written or embedded, and the run says so; the graph is the one a fresh
 * index of the same files makes, and after a one-file change, or a new commit of the same files, it
 * is again (test/fixtures/acme-monorepo: several TypeScript programs, so the exact pass of each).
 */
const incremental: Principal = localPrincipal('unchanged-incremental', 'test');
const fresh: Principal = localPrincipal('unchanged-fresh', 'test');
const REPOSITORY = 'acme-monorepo';

let moduleRef: TestingModule;
let indexing: IndexingService;
let driver: Driver;
let path: string;

/** A fresh index of the checkout as it is now: another tenant, another cache. */
async function freshIndex(): Promise<{ summary: IndexRunSummary; graph: GraphDump }> {
  const fresher = await knowledgeWith({ LORE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'lore-unchanged-fresh-')) });
  try {
    await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: fresh.tenantId });
    const summary = await fresher.get(IndexingService).indexRepository({ path }, fresh);
    return { summary, graph: await dumpRepository(driver, fresh.tenantId, REPOSITORY) };
  } finally {
    await fresher.close();
  }
}

/** What a summary says of the graph, without the run's own id and times. */
function figures(summary: IndexRunSummary): Pick<IndexRunSummary, 'commitSha' | 'files' | 'symbols' | 'calls' | 'imports' | 'skipped'> {
  const { commitSha, files, symbols, calls, imports, skipped } = summary;
  return { commitSha, files, symbols, calls, imports, skipped };
}

beforeAll(async () => {
  moduleRef = await knowledgeWith({ LORE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'lore-unchanged-cache-')) });
  indexing = moduleRef.get(IndexingService);
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: incremental.tenantId });
  path = gitFixture(REPOSITORY).path;
}, 60_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('an unchanged commit indexed again', () => {
  let first: IndexRunSummary;

  it('is complete without any work, with the first run figures, and leaves the graph a fresh index makes', async () => {
    first = await indexing.indexRepository({ path }, incremental);
    expect(first.unchanged).toBeUndefined();
    const again = await indexing.indexRepository({ path }, incremental);
    expect(again).toMatchObject({ ...figures(first), status: 'completed', unchanged: true, exactMs: again.durationMs });
    expect(again.queryableMs).toBe(again.durationMs);
    const { records } = await driver.executeQuery(
      'MATCH (r:Repository {uid: $uid}) MATCH (run:IndexRun {uid: r.lastRunId}) RETURN run.unchanged AS unchanged, run.files AS files',
      { uid: `${incremental.tenantId}:${REPOSITORY}` },
    );
    expect(records.map((record) => record.toObject())).toEqual([{ unchanged: true, files: first.files }]);
    const expected = await freshIndex();
    expect(figures(expected.summary)).toEqual(figures(first));
    expect(await dumpRepository(driver, incremental.tenantId, REPOSITORY)).toEqual(expected.graph);
  }, 120_000);

  it('does the work of a one-file change, and the graph is a fresh index of the changed files', async () => {
    appendFileSync(
      join(path, 'packages/core/src/money.ts'),
      '\n/** Dollars and cents from cents. */\nexport function splitMoney(cents: number): [number, number] {\n  return [Math.floor(cents / 100), cents % 100];\n}\n',
    );
    const changed = await indexing.indexRepository({ path }, incremental);
    expect(changed.unchanged).toBeUndefined();
    expect(changed.symbols).toBe(first.symbols + 1);
    const expected = await freshIndex();
    expect(figures(changed)).toEqual(figures(expected.summary));
    expect(await dumpRepository(driver, incremental.tenantId, REPOSITORY)).toEqual(expected.graph);
    // Unchanged again, after the change: no work, the same graph.
    expect(await indexing.indexRepository({ path }, incremental)).toMatchObject({ ...figures(changed), unchanged: true });
    expect(await dumpRepository(driver, incremental.tenantId, REPOSITORY)).toEqual(expected.graph);
  }, 120_000);

  it('does the work of a new commit of the same files: the graph is of the new commit', async () => {
    gitIn(path, ['add', '-A']);
    gitIn(path, ['commit', '-q', '-m', 'splitMoney']);
    const commitSha = gitIn(path, ['rev-parse', 'HEAD']).trim();
    const committed = await indexing.indexRepository({ path }, incremental);
    expect(committed).toMatchObject({ commitSha });
    expect(committed.unchanged).toBeUndefined();
    const { records } = await driver.executeQuery('MATCH (r:Repository {uid: $uid}) RETURN r.commitSha AS commitSha', {
      uid: `${incremental.tenantId}:${REPOSITORY}`,
    });
    expect(records.map((record) => record.get('commitSha'))).toEqual([commitSha]);
    expect(await dumpRepository(driver, incremental.tenantId, REPOSITORY)).toEqual((await freshIndex()).graph);
  }, 120_000);
});
