import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { IndexStoreRepository } from '@lore/graph';
import { readRepository } from '@lore/indexer';
import { type Principal, localPrincipal } from '@lore/domain';
import { countGraph, dumpRepository, testDriver, wipeGraph } from '../../../test/support/graph';
import { gitIn } from '../../../test/support/fixtures';
import { FileSpanService } from './files/file-span.service';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';
import { SymbolService } from './symbols/symbol.service';

// This suite's own cache of per-file results, so that it can be looked into.
const cacheDir = mkdtempSync(join(tmpdir(), 'lore-knowledge-cache-'));
process.env.LORE_CACHE_DIR = cacheDir;

/** The services against the real Neo4j started by the jest global setup. */
const principal: Principal = localPrincipal('integration', 'test');

let moduleRef: TestingModule;
let driver: Driver;
let indexing: IndexingService;
let spans: FileSpanService;
let symbols: SymbolService;

function repository(files: Record<string, string>): string {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-knowledge-')), 'app');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  gitIn(root, ['add', '-A']);
  gitIn(root, ['commit', '-q', '-m', 'first']);
  return root;
}

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  indexing = moduleRef.get(IndexingService);
  spans = moduleRef.get(FileSpanService);
  symbols = moduleRef.get(SymbolService);
  driver = testDriver();
  await wipeGraph(driver);
});

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('indexing into Neo4j', () => {
  it('replaces the snapshot: deleted files and symbols disappear, edges follow the code', async () => {
    const root = repository({
      'tsconfig.json': '{}',
      'src/a.ts': "import { b } from './b';\nexport function a(): number { return b(); }\n",
      'src/b.ts': 'export function b(): number { return 1; }\n',
    });
    await indexing.indexRepository({ path: root }, principal);
    expect(await countGraph(driver, 'integration')).toEqual({
      nodes: { EmbeddedWith: 1, File: 3, IndexLease: 1, IndexRun: 1, Repository: 1, Symbol: 2 },
      relationships: { CALLS: 1, CONTAINS: 3, DECLARES: 2, IMPORTS: 1 },
    });

    writeFileSync(join(root, 'src/a.ts'), 'export function a(): number { return 2; }\n');
    rmSync(join(root, 'src/b.ts'));
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'second']);
    const run = await indexing.indexRepository({ path: root }, principal);
    expect(run).toMatchObject({ files: 2, symbols: 1, calls: 0, imports: 0, status: 'completed' });
    expect(await countGraph(driver, 'integration')).toEqual({
      nodes: { EmbeddedWith: 1, File: 2, IndexLease: 1, IndexRun: 2, Repository: 1, Symbol: 1 },
      relationships: { CONTAINS: 2, DECLARES: 1 },
    });
  });

  it('updates incrementally to exactly what a full index of the new commit gives', async () => {
    const root = repository({
      'tsconfig.json': '{}',
      'README.md': '# App\n\nStart at `main`; see [util](src/util.ts).\n',
      'src/main.ts': "import { helper } from './util';\nexport function main(): number { return helper(1); }\n",
      'src/util.ts': 'export function helper(x: number): number { return x + 1; }\nexport function unused(): void {}\n',
      'src/old.ts': 'export class Old { run(): void {} }\n',
      'src/moved.ts': 'export function moved(): string { return "m"; }\n',
      'test/main.spec.ts': "import { main } from '../src/main';\ndescribe('main', () => { it('works', () => { main(); }); });\n",
    });
    await indexing.indexRepository({ path: root, repositoryId: 'incremental' }, principal);

    writeFileSync(join(root, 'src/util.ts'), '/** Adds one. */\nexport function helper(x: number): number { return x + 1; }\n');
    writeFileSync(
      join(root, 'src/new.ts'),
      "import { helper } from './util';\nexport const twice = (x: number): number => helper(helper(x));\n",
    );
    rmSync(join(root, 'src/old.ts'));
    gitIn(root, ['mv', 'src/moved.ts', 'src/renamed.ts']);
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'second']);
    await indexing.indexRepository({ path: root, repositoryId: 'incremental' }, principal);

    const fresh: Principal = { ...principal, tenantId: 'integration-fresh' };
    await indexing.indexRepository({ path: root, repositoryId: 'incremental' }, fresh);
    const updated = await dumpRepository(driver, principal.tenantId, 'incremental');
    expect(updated).toEqual(await dumpRepository(driver, fresh.tenantId, 'incremental'));
    expect(updated.nodes.filter((line) => line.startsWith('[["Symbol"]')).length).toBe(6);
    expect(updated.relationships.filter((line) => line.includes('"CALLS"')).length).toBe(3);
  });

  it('is queryable from syntax first, and keeps the exact calls of unchanged files until the compiler is done', async () => {
    const root = repository({
      'tsconfig.json': '{}',
      'src/a.ts': "import { b } from './b';\nexport function a(): number { return b(); }\n",
      'src/b.ts': 'export function b(): number { return 1; }\n',
      'src/c.ts': "import { b } from './b';\nexport function c(): number { return b(); }\n",
    });
    const first = await indexing.indexRepository({ path: root, repositoryId: 'two-pass' }, principal);
    expect(first.exactMs).toBe(first.durationMs);
    expect(first.queryableMs).toBeLessThanOrEqual(first.exactMs!);
    const confidences = async (): Promise<string[]> => {
      const { records } = await driver.executeQuery(
        `MATCH (a:Symbol {tenantId: $tenantId, repoId: 'two-pass'})-[e:CALLS]->(b:Symbol)
         RETURN a.name + ' -> ' + b.name + ': ' + e.confidence AS edge ORDER BY edge`,
        { tenantId: principal.tenantId },
      );
      return records.map((record) => record.get('edge') as string);
    };
    expect(await confidences()).toEqual(['a -> b: exact', 'c -> b: exact']);

    writeFileSync(join(root, 'src/c.ts'), "import { a } from './a';\nexport function c(): number { return a() + 1; }\n");
    gitIn(root, ['commit', '-q', '-am', 'c calls a']);
    // The first of the two transactions only, as a run would write it before the checker starts.
    const reading = await readRepository(root, { tenantId: principal.tenantId, repositoryId: 'two-pass', maxFileBytes: 1 << 20 });
    const store = moduleRef.get(IndexStoreRepository);
    const run = { tenantId: principal.tenantId, repoId: 'two-pass', runId: 'integration:two-pass:run:manual' };
    const written = await store.applyQueryableSnapshot(reading.snapshot, run, () => 1);
    // c's symbol is written again: its body's measures (token count) changed with the call it makes.
    expect(written.changes).toEqual({ nodesWritten: 2, nodesDeleted: 0, relationshipsWritten: 2, relationshipsDeleted: 2 });
    expect(await confidences()).toEqual(['a -> b: exact', 'c -> a: import']);

    // The run "dies" here, between its two transactions. The next run finds that first snapshot and
    // ends where a full index of the same commit, from nothing, ends.
    await indexing.indexRepository({ path: root, repositoryId: 'two-pass' }, principal);
    expect(await confidences()).toEqual(['a -> b: exact', 'c -> a: exact']);
    const fresh: Principal = { ...principal, tenantId: 'integration-two-pass-fresh' };
    await indexing.indexRepository({ path: root, repositoryId: 'two-pass' }, fresh);
    expect(await dumpRepository(driver, principal.tenantId, 'two-pass')).toEqual(await dumpRepository(driver, fresh.tenantId, 'two-pass'));
  });

  it('reads back from Neo4j the graph state it kept, relationships stored without their hash', async () => {
    const root = repository({
      'tsconfig.json': '{}',
      'README.md': '# Read back\n\nSee `a` in [a](src/a.ts).\n',
      'src/a.ts':
        "import { b } from './b';\nexport class A {\n  run(): number {\n    return b();\n  }\n}\nexport function a(): number { return b(); }\n",
      'src/b.ts': 'export function b(): number { return 1; }\n',
    });
    await indexing.indexRepository({ path: root, repositoryId: 'read-back' }, principal);
    const store = moduleRef.get(IndexStoreRepository);
    const run = { tenantId: principal.tenantId, repoId: 'read-back', runId: 'integration:read-back:run:read' };
    const kept = await store.liveGraph(run);
    // Another writer's stamp: the state is read from Neo4j, element by element.
    await driver.executeQuery("MATCH (r:Repository {uid: $uid}) SET r.snapshotVersion = 'another writer'", {
      uid: `${principal.tenantId}:read-back`,
    });
    const read = await store.liveGraph(run);
    expect(read).toEqual(kept);
    const { records } = await driver.executeQuery(
      `MATCH (:File {tenantId: $tenantId, repoId: 'read-back'})-[e]->() RETURN type(e) AS type, e.hash IS NULL AS unhashed
       UNION MATCH (:Symbol {tenantId: $tenantId, repoId: 'read-back'})-[e]->() RETURN type(e) AS type, e.hash IS NULL AS unhashed`,
      { tenantId: principal.tenantId },
    );
    // A relationship's hash is made from its properties when read back, not stored.
    expect(records.map((record) => [record.get('type'), record.get('unhashed')]).sort()).toEqual([
      ['CALLS', true],
      ['DECLARES', true],
      ['HAS_MEMBER', true],
      ['IMPORTS', true],
    ]);
  });

  it('trusts the graph state it kept only while the repository carries the same snapshot stamp', async () => {
    const root = repository({
      'tsconfig.json': '{}',
      'src/a.ts': "import { b } from './b';\nexport function a(): number { return b(); }\n",
      'src/b.ts': 'export function b(): number { return 1; }\n',
    });
    await indexing.indexRepository({ path: root, repositoryId: 'stamped' }, principal);
    const calls = async (): Promise<number> => {
      const { records } = await driver.executeQuery(
        "MATCH (:Symbol {tenantId: $tenantId, repoId: 'stamped'})-[e:CALLS]->() RETURN count(e) AS calls",
        { tenantId: principal.tenantId },
      );
      return Number(records[0]!.get('calls'));
    };
    const removeCall = "MATCH (:Symbol {tenantId: $tenantId, repoId: 'stamped'})-[e:CALLS]->() DELETE e";
    expect(await calls()).toBe(1);

    // Changed behind the indexer's back, stamp untouched: the kept state is believed (nothing is re-read).
    await driver.executeQuery(removeCall, { tenantId: principal.tenantId });
    await indexing.indexRepository({ path: root, repositoryId: 'stamped' }, principal);
    expect(await calls()).toBe(0);

    // Another writer's stamp: the live graph is read, and the snapshot made whole again.
    await driver.executeQuery("MATCH (r:Repository {uid: $uid}) SET r.snapshotVersion = 'another writer'", {
      uid: `${principal.tenantId}:stamped`,
    });
    await indexing.indexRepository({ path: root, repositoryId: 'stamped' }, principal);
    expect(await calls()).toBe(1);
  });

  it('serves spans from the indexed commit even after the working tree changed', async () => {
    const root = repository({ 'src/x.ts': 'export function x(): number {\n  return 1;\n}\n', '.env': 'SECRET=1\n' });
    const run = await indexing.indexRepository({ path: root, repositoryId: 'spans' }, principal);
    writeFileSync(join(root, 'src/x.ts'), 'changed\n');
    const span = await spans.getFileSpan({ uri: `code://spans/${run.commitSha}/src/x.ts#L1-L2` }, principal);
    expect(span).toMatchObject({
      text: 'export function x(): number {\n  return 1;',
      startLine: 1,
      endLine: 2,
      truncated: false,
      trustBoundary: 'untrusted_repository_content',
    });
    await expect(spans.getFileSpan({ uri: `code://spans/${run.commitSha}/.env#L1-L1` }, principal)).rejects.toMatchObject({
      code: 'sensitive_content_blocked',
    });
    await expect(spans.getFileSpan({ uri: `code://spans/0000000/src/x.ts#L1-L2` }, principal)).rejects.toMatchObject({
      code: 'snapshot_not_indexed',
    });
    await expect(
      spans.getFileSpan({ uri: `code://spans/${run.commitSha}/src/x.ts#L1-L2` }, { ...principal, repositories: ['other'] }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('redacts secrets from stored snippets and served spans, and counts them on the run', async () => {
    const token = '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';
    const root = repository({
      'src/client.ts': `/** Connects with ${token} (do not do this). */\nexport function connect(token = '${token}'): string {\n  return token;\n}\n`,
      // Headings are titles: the document's and its sections'.
      'README.md': `# Client for ${token}\n\nSee \`connect\`.\n\n## Token ${token}\n\nRotate it.\n`,
      // A test's title names the test symbol and makes its uid.
      'src/client.test.ts': `import { connect } from './client';\ndescribe('connect', () => {\n  it('accepts ${token}', () => {\n    connect();\n  });\n});\n`,
    });
    const run = await indexing.indexRepository({ path: root, repositoryId: 'leaky' }, principal);
    expect(run.secretsRedacted).toBe(5);
    const tested = await driver.executeQuery(
      'MATCH (t:Symbol {tenantId: $t, repoId: "leaky"})-[:TESTS]->(s:Symbol {name: "connect"}) RETURN t.uid AS uid, t.name AS name',
      { t: principal.tenantId },
    );
    expect(tested.records.map((r) => [r.get('uid'), r.get('name')])).toEqual([
      [`${principal.tenantId}:leaky:src/client.test.ts#connect > accepts [REDACTED:github]`, 'accepts [REDACTED:github]'],
    ]);
    const titles = await driver.executeQuery(
      'MATCH (n {tenantId: $t, repoId: "leaky"}) WHERE n:Document OR n:Section RETURN n.title AS title ORDER BY title',
      { t: principal.tenantId },
    );
    expect(titles.records.map((r) => r.get('title'))).toEqual([
      'Client for [REDACTED:github]',
      'Client for [REDACTED:github]',
      'Token [REDACTED:github]',
    ]);
    const { symbol } = await symbols.getSymbol({ name: 'connect', repositoryId: 'leaky' }, principal);
    expect(symbol.doc).toBe('Connects with [REDACTED:github] (do not do this).');
    expect(symbol.signature).toBe("export function connect(token = '[REDACTED:github]'): string");
    const span = await spans.getFileSpan({ uri: symbol.resourceUri }, principal);
    expect(span.text).not.toContain(token);
    expect(span.text.split('\n')[0]).toBe("export function connect(token = '[REDACTED:github]'): string {");
    const stored = await driver.executeQuery('MATCH (n {tenantId: $t, repoId: "leaky"}) RETURN properties(n) AS p', {
      t: principal.tenantId,
    });
    expect(JSON.stringify(stored.records.map((r) => r.get('p')))).not.toContain(token);

    // Kept between runs: where the secrets are, and the redacted snippets; never the secret itself.
    const kept = readdirSync(join(cacheDir, 'extraction'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    expect(kept.join('\n')).toContain('[REDACTED:github]');
    expect(kept.join('\n')).not.toContain(token);
    writeFileSync(join(root, 'src/other.ts'), 'export const other = 1;\n');
    const again = await indexing.indexRepository({ path: root, repositoryId: 'leaky' }, principal);
    expect(again.secretsRedacted).toBe(5);
    const reread = await symbols.getSymbol({ name: 'connect', repositoryId: 'leaky' }, principal);
    expect([reread.symbol.doc, reread.symbol.signature]).toEqual([symbol.doc, symbol.signature]);
  });

  it('hides repositories the principal may not read', async () => {
    await expect(symbols.getSymbol({ name: 'x' }, { ...principal, repositories: ['nothing'] })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await symbols.getSymbol({ name: 'x' }, principal)).symbol.repositoryId).toBe('spans');
  });

  it('refuses a second run on a repository while one holds it, and takes it back after that run fails', async () => {
    const root = repository({ 'a.ts': 'export const a = 1;\n' });
    const store = moduleRef.get(IndexStoreRepository);
    const holder = { tenantId: principal.tenantId, repoId: 'busy', runId: 'integration:busy:run:holder' };
    await store.beginRun(holder, new Date().toISOString());
    await expect(indexing.indexRepository({ path: root, repositoryId: 'busy' }, principal)).rejects.toMatchObject({
      code: 'conflict',
      retryable: true,
    });
    await store.failRun(holder, new Date().toISOString(), 'stopped by the test');
    expect(await indexing.indexRepository({ path: root, repositoryId: 'busy' }, principal)).toMatchObject({
      status: 'completed',
      files: 1,
    });
    const runs = await driver.executeQuery('MATCH (r:IndexRun {tenantId: $t, repoId: "busy"}) RETURN r.status AS status ORDER BY status', {
      t: principal.tenantId,
    });
    expect(runs.records.map((r) => r.get('status'))).toEqual(['completed', 'failed']);
  });

  it('says who holds a busy repository, and takes it over at once from a holder whose process is gone', async () => {
    const root = repository({ 'a.ts': 'export const a = 1;\n' });
    const store = moduleRef.get(IndexStoreRepository);
    const holder = { tenantId: principal.tenantId, repoId: 'orphaned', runId: 'integration:orphaned:run:holder' };
    await store.beginRun(holder, '2026-11-26T10:00:00.000Z');
    await expect(indexing.indexRepository({ path: root, repositoryId: 'orphaned' }, principal)).rejects.toMatchObject({
      code: 'conflict',
      message: `Repository orphaned is being indexed by a live run (process ${process.pid} on this machine, started at 2026-11-26T10:00:00.000Z).`,
      details: { runId: holder.runId },
    });
    // The holder's process dies: a pid that no process has (beyond the kernel's pid range).
    await driver.executeQuery('MATCH (l:IndexLease {uid: $uid}) SET l.pid = 4194305', { uid: `${principal.tenantId}:orphaned` });
    expect(await indexing.indexRepository({ path: root, repositoryId: 'orphaned' }, principal)).toMatchObject({ status: 'completed' });
    const dead = await driver.executeQuery('MATCH (r:IndexRun {uid: $uid}) RETURN r.status AS status, r.error AS error', {
      uid: holder.runId,
    });
    expect(dead.records[0].toObject()).toEqual({
      status: 'failed',
      error: 'The run ended without finishing: its process was killed or crashed.',
    });
  });

  it('records a run whose lease ran out, or that no lease holds, as failed with why', async () => {
    const root = repository({ 'a.ts': 'export const a = 1;\n' });
    const store = moduleRef.get(IndexStoreRepository);
    const expired = { tenantId: principal.tenantId, repoId: 'expired', runId: 'integration:expired:run:holder' };
    await store.beginRun(expired, new Date().toISOString());
    // Another machine's run that stopped beating: its lease ran out a minute ago.
    await driver.executeQuery("MATCH (l:IndexLease {uid: $uid}) SET l.host = 'elsewhere', l.until = datetime('2026-11-26T10:00:00Z')", {
      uid: `${principal.tenantId}:expired`,
    });
    const forgotten = 'integration:forgotten:run:1';
    await driver.executeQuery("CREATE (:IndexRun {uid: $uid, tenantId: $t, repoId: 'forgotten', status: 'running'})", {
      uid: forgotten,
      t: principal.tenantId,
    });
    expect(await indexing.indexRepository({ path: root, repositoryId: 'expired' }, principal)).toMatchObject({ status: 'completed' });
    const runs = await driver.executeQuery(
      'MATCH (r:IndexRun) WHERE r.uid IN $uids RETURN r.uid AS uid, r.status AS status, r.error AS error',
      {
        uids: [expired.runId, forgotten],
      },
    );
    const byUid = Object.fromEntries(runs.records.map((r) => [r.get('uid'), [r.get('status'), r.get('error')]]));
    expect(byUid[expired.runId][0]).toBe('failed');
    expect(byUid[expired.runId][1]).toMatch(/^The run ended without finishing: its process was killed, crashed or cut off \(found at /);
    expect(byUid[forgotten][0]).toBe('failed');
  });

  it('writes nothing for a bad path', async () => {
    const before = await countGraph(driver, 'integration');
    await expect(indexing.indexRepository({ path: '/definitely/not/here' }, principal)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await countGraph(driver, 'integration')).toEqual(before);
  });
});
