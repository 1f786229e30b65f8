import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { gitIn } from '../support/fixtures';
import { type GraphDump, dumpRepository, testDriver } from '../support/graph';
import { LORE_BIN, killOutright, runCli } from '../support/processes';

/**
 * A run killed while it writes must leave the previous snapshot exactly as it was, and free the
 * repository once its lease ends; the next run then gives what a fresh index gives.
 */
const TENANT = 'killed';
const REPO = 'generated';
const env = { LORE_TENANT: TENANT, LORE_INDEX_LEASE_SECONDS: '2' };

/** Files of 30 functions each: a snapshot large enough that its write is seen under way (polled every 20 ms) and killed in it. */
const FILES = 60;
/** What a run stores of it: 30 functions a file, and a `g` constant in every file but the first. */
const SYMBOLS = 1859;

/** A repository whose snapshot takes a second or so to write. */
function generatedRepository(version: number, name = REPO): string {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-generated-')), name);
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  write(root, version);
  gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  commit(root);
  return root;
}

function write(root: string, version: number): void {
  for (let file = 0; file < FILES; file++) {
    const functions = Array.from({ length: 30 }, (_, i) => {
      const next = i + 1 < 30 ? `f${file}_${i + 1}(n + ${version})` : `${file > 0 ? `g${file - 1}` : 'Number'}(n)`;
      return `export function f${file}_${i}(n: number): number { return ${next}; }`;
    });
    const previous =
      file > 0
        ? `import { f${file - 1}_0 } from './m${file - 1}';\nexport const g${file - 1} = (n: number): number => f${file - 1}_0(n);\n`
        : '';
    writeFileSync(join(root, 'src', `m${file}.ts`), `${previous}${functions.join('\n')}\n`);
  }
}

function commit(root: string): string {
  gitIn(root, ['add', '-A']);
  gitIn(root, ['commit', '-q', '-m', 'version']);
  return gitIn(root, ['rev-parse', 'HEAD']).trim();
}

let freshSecondVersion: Promise<GraphDump> | undefined;

/**
 * What a fresh index of version 2 (committed on version 1) stores, which every completed run here must
 * equal: indexed once per file, by a tenant of its own. Git's fixed identity and dates give every
 * such repository the same commits, wherever it is checked out.
 */
function freshIndexOfSecondVersion(driver: Driver): Promise<GraphDump> {
  freshSecondVersion ??= (async () => {
    const root = generatedRepository(1);
    write(root, 2);
    commit(root);
    const fresh = await runCli(['index', root, '--name', REPO, '--json'], { ...env, LORE_TENANT: 'killed-fresh' });
    expect(fresh.code).toBe(0);
    return dumpRepository(driver, 'killed-fresh', REPO);
  })();
  return freshSecondVersion;
}

async function waitForSnapshotWrite(driver: Driver, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const { records } = await driver.executeQuery('SHOW TRANSACTIONS YIELD metaData RETURN metaData');
    if (records.some((r) => (r.get('metaData') as Record<string, string>).lore === 'snapshot')) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function waitForQueryableRun(driver: Driver, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const { records } = await driver.executeQuery(
      "MATCH (run:IndexRun {tenantId: $t, repoId: $r, status: 'running'}) WHERE run.queryableAt IS NOT NULL RETURN count(run) AS n",
      { t: TENANT, r: REPO },
    );
    if (Number(records[0].get('n')) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** Until a storage slot with no commit holds symbols: a staged write is under way, between two of its transactions. */
async function waitForUnservedSlot(driver: Driver, tenant: string, slotId: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const { records } = await driver.executeQuery(
      `MATCH (r:Repository {tenantId: $tenant, repoId: $slotId}) WHERE r.commitSha IS NULL
       RETURN COUNT { MATCH (s:Symbol {tenantId: $tenant, repoId: $slotId}) } AS symbols`,
      { tenant, slotId },
    );
    if (records.length === 1 && (records[0]!.get('symbols') as number) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('an index run killed while it writes', () => {
  let driver: Driver;
  beforeAll(() => (driver = testDriver()));
  afterAll(() => driver.close());

  it('leaves the previous snapshot served, then the next run completes as a fresh index would', async () => {
    const root = generatedRepository(1);
    const first = await runCli(['index', root, '--name', REPO, '--json'], env);
    expect(first.code).toBe(0);
    const before = await dumpRepository(driver, TENANT, REPO);
    expect(before.nodes.length).toBeGreaterThan(SYMBOLS);

    write(root, 2);
    const second = commit(root);
    const child = spawn(process.execPath, [LORE_BIN, 'index', root, '--name', REPO, '--json'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const writing = await waitForSnapshotWrite(driver, Date.now() + 120_000);
    killOutright(child);
    await exited;
    expect(writing).toBe(true);

    // Neo4j rolls the transaction back when the killed process's connection drops.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await dumpRepository(driver, TENANT, REPO)).toEqual(before);
    // The killed run's lease (2 s here) runs out; until then a new run is refused (see the integration spec).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const third = await runCli(['index', root, '--name', REPO, '--json'], env);
    expect(third.code).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ commitSha: second, status: 'completed' });
    expect(await dumpRepository(driver, TENANT, REPO)).toEqual(await freshIndexOfSecondVersion(driver));
  }, 300_000);

  it('killed between its two passes, leaves answers that say calls are not yet exact until a run completes', async () => {
    const since = new Date().toISOString();
    const root = generatedRepository(1);
    expect((await runCli(['index', root, '--name', REPO, '--json'], env)).code).toBe(0);
    const callersOf = async (): Promise<{ callers: { symbol: { qualifiedName: string } }[]; warnings: { code: string }[] }> => {
      const answer = await runCli(['callers', 'f7_3', '--repo', REPO, '--json'], env);
      expect(answer.code).toBe(0);
      return JSON.parse(answer.stdout) as { callers: { symbol: { qualifiedName: string } }[]; warnings: { code: string }[] };
    };
    expect((await callersOf()).warnings).toEqual([]);

    write(root, 3);
    commit(root);
    const child = spawn(process.execPath, [LORE_BIN, 'index', root, '--name', REPO, '--json'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const queryable = await waitForQueryableRun(driver, Date.now() + 120_000);
    killOutright(child);
    await exited;
    expect(queryable).toBe(true);

    const between = await callersOf();
    expect(between.callers.map((caller) => caller.symbol.qualifiedName)).toEqual(['f7_2']);
    expect(between.warnings.map((warning) => warning.code)).toEqual(['calls_not_exact']);

    // The next run completes the exact pass (a killed run on this machine does not hold it back).
    const next = await runCli(['index', root, '--name', REPO, '--json'], env);
    expect({ code: next.code, stderr: next.code === 0 ? '' : next.stderr + next.stdout }).toEqual({ code: 0, stderr: '' });
    expect((await callersOf()).warnings).toEqual([]);
    const runs = await driver.executeQuery(
      'MATCH (run:IndexRun {tenantId: $t, repoId: $r}) WHERE run.startedAt >= $since RETURN run.status AS status, run.error AS error ORDER BY run.startedAt',
      { t: TENANT, r: REPO, since },
    );
    expect(runs.records.map((r) => [r.get('status'), r.get('error')])).toEqual([
      ['completed', null],
      // Taken over at once (its process is gone), or, when its 2 s lease ran out first, swept or taken over
      // as expired: failed, with why.
      ['failed', expect.stringMatching(/^The run ended without finishing: its (process was killed|heartbeats stopped)/)],
      ['completed', null],
    ]);
  }, 300_000);

  it('killed between the staged transactions of a first index, serves nothing of it, and the next run completes it', async () => {
    const tenant = 'killed-staged';
    // Small transactions (by estimate, see SnapshotWriter): the first snapshot takes dozens of them.
    const staged = { ...env, LORE_TENANT: tenant, LORE_SNAPSHOT_TRANSACTION_BYTES: String(128 * 1024) };
    const served = generatedRepository(1, 'served');
    expect((await runCli(['index', served, '--json'], staged)).code).toBe(0);
    const servedBefore = await dumpRepository(driver, tenant, 'served');
    const searched = async (): Promise<string[]> => {
      const result = await runCli(['search', 'f3_1', '--mode', 'fulltext', '--json'], staged);
      expect(result.code).toBe(0);
      const uids = (JSON.parse(result.stdout) as { results: { uid: string }[] }).results.map(({ uid }) => uid);
      return uids.filter((uid) => uid.endsWith('#f3_1')).sort();
    };
    expect(await searched()).toEqual([`${tenant}:served:src/m3.ts#f3_1`]);

    // Version 2 on version 1, as the fresh index every run here is compared with.
    const root = generatedRepository(1);
    write(root, 2);
    commit(root);
    const child = spawn(process.execPath, [LORE_BIN, 'index', root, '--json'], { env: { ...process.env, ...staged }, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Between two staged transactions: some of the repository's elements are committed, its commit is not.
    const partial = await waitForUnservedSlot(driver, tenant, REPO, Date.now() + 120_000);
    killOutright(child);
    await exited;
    expect(partial).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { records } = await driver.executeQuery(
      `MATCH (r:Repository {tenantId: $tenant, repoId: $repoId})
       RETURN r.commitSha AS commitSha, COUNT { MATCH (s:Symbol {tenantId: $tenant, repoId: $repoId}) } AS symbols`,
      { tenant, repoId: REPO },
    );
    // Left as the kill found it: part of the snapshot, hidden from every reader.
    expect(records[0]!.get('commitSha')).toBeNull();
    expect(records[0]!.get('symbols')).toBeGreaterThan(0);
    expect(records[0]!.get('symbols')).toBeLessThan(SYMBOLS);
    expect(await searched()).toEqual([`${tenant}:served:src/m3.ts#f3_1`]);
    expect(await dumpRepository(driver, tenant, 'served')).toEqual(servedBefore);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const next = await runCli(['index', root, '--json'], staged);
    expect(next.code).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ status: 'completed', symbols: SYMBOLS });
    expect(await searched()).toEqual([`${tenant}:${REPO}:src/m3.ts#f3_1`, `${tenant}:served:src/m3.ts#f3_1`]);
    expect(await dumpRepository(driver, tenant, REPO)).toEqual(await freshIndexOfSecondVersion(driver));
  }, 300_000);

  it('killed between the staged transactions of a re-index written beside the served graph, serves the previous snapshot exactly, and the next run completes it', async () => {
    const tenant = 'killed-beside';
    // Small transactions (by estimate): the new commit's difference (every file) is past the bound, so it is written beside.
    const staged = { ...env, LORE_TENANT: tenant, LORE_SNAPSHOT_TRANSACTION_BYTES: String(128 * 1024) };
    const root = generatedRepository(1);
    const first = await runCli(['index', root, '--json'], staged);
    expect(first.code).toBe(0);
    const firstCommit = (JSON.parse(first.stdout) as { commitSha: string }).commitSha;
    const servedBefore = await dumpRepository(driver, tenant, REPO);
    const symbolOf = async (): Promise<unknown> => {
      const result = await runCli(['symbol', 'f3_1', '--repo', REPO, '--json'], staged);
      expect(result.code).toBe(0);
      const { symbol } = JSON.parse(result.stdout) as {
        symbol: { uid: string; repositoryId: string; commitSha: string; calls: unknown[] };
      };
      return { uid: symbol.uid, repositoryId: symbol.repositoryId, commitSha: symbol.commitSha, calls: symbol.calls };
    };
    const answerBefore = await symbolOf();
    expect(answerBefore).toMatchObject({ uid: `${tenant}:${REPO}:src/m3.ts#f3_1`, repositoryId: REPO, commitSha: firstCommit });

    write(root, 2);
    const second = commit(root);
    const child = spawn(process.execPath, [LORE_BIN, 'index', root, '--json'], { env: { ...process.env, ...staged }, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Between two staged transactions: part of the new graph is in the second slot, which serves nothing yet.
    const partial = await waitForUnservedSlot(driver, tenant, `${REPO}~2`, Date.now() + 120_000);
    killOutright(child);
    await exited;
    expect(partial).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Served exactly as before the run: the same graph, the same answers, the first commit.
    expect(await dumpRepository(driver, tenant, REPO)).toEqual(servedBefore);
    expect(await symbolOf()).toEqual(answerBefore);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const next = await runCli(['index', root, '--json'], staged);
    expect(next.code).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ status: 'completed', commitSha: second, symbols: SYMBOLS });
    expect(await symbolOf()).toMatchObject({ uid: `${tenant}:${REPO}:src/m3.ts#f3_1`, repositoryId: REPO, commitSha: second });
    expect(await dumpRepository(driver, tenant, REPO, `${REPO}~2`)).toEqual(await freshIndexOfSecondVersion(driver));
    expect((await dumpRepository(driver, tenant, REPO)).nodes).toEqual([]);
  }, 300_000);
});
