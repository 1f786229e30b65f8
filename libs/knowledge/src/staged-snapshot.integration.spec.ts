import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import neo4j, { type Driver } from 'neo4j-driver';
import { type Principal, localPrincipal } from '@lore/domain';
import { CodeGraphRepository } from '@lore/graph';
import { dumpRepository, testDriver } from '../../../test/support/graph';
import { gitIn } from '../../../test/support/fixtures';
import { TEST_NEO4J_SETTINGS } from '../../../test/support/global-setup';
import { knowledgeWith } from '../../../test/support/knowledge';
import { IndexingService } from './indexing/indexing.service';
import { SymbolService } from './symbols/symbol.service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require('../../../tools/neo4j-local/launcher.js') as typeof import('../../../tools/neo4j-local/launcher');

/**
 * Snapshots are written in transactions of bounded size: on a Neo4j whose transactions may hold only
 * 8 MiB, a first snapshot that one transaction cannot hold is written, and a served repository's
 * re-index whose difference one transaction cannot hold is written beside it; either graph equals the
 * one the test Neo4j of the global setup holds for the same repository.
 */
const TRANSACTION_LIMIT = '8m';
/** Half the limit, by estimate (see SnapshotWriter): the default, 64 MiB, is for a Neo4j of default settings. */
const BOUND = String(4 * 1024 * 1024);
const principal: Principal = localPrincipal('staged', 'test');

/** 150 files of 30 functions each calling the next: 4,500 symbols, 4,499 calls, ~13,500 relationships. */
function generatedRepository(name = 'generated'): string {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-staged-')), name);
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  for (let file = 0; file < 150; file++) {
    const functions = Array.from({ length: 30 }, (_, i) => {
      const next = i + 1 < 30 ? `f${file}_${i + 1}(n + 1)` : `${file > 0 ? `f${file - 1}_0` : 'Number'}(n)`;
      return `/** Step ${i} of file ${file}. */\nexport function f${file}_${i}(n: number): number { return ${next}; }`;
    });
    const previous = file > 0 ? `import { f${file - 1}_0 } from './m${file - 1}';\n` : '';
    writeFileSync(join(root, 'src', `m${file}.ts`), `${previous}${functions.join('\n')}\n`);
  }
  gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  gitIn(root, ['add', '-A']);
  gitIn(root, ['commit', '-q', '-m', 'generated']);
  return root;
}

function indexingOn(uri: string, password: string, env: Record<string, string>): Promise<TestingModule> {
  return knowledgeWith({ NEO4J_URI: uri, NEO4J_PASSWORD: password, NEO4J_MAX_RETRY_MS: '0', ...env });
}

describe('a snapshot larger than what one Neo4j transaction may hold', () => {
  const password = 'lore-staged-test';
  let small: Awaited<ReturnType<typeof launcher.startNeo4jLocal>>;
  let smallDriver: Driver;
  let driver: Driver;
  let root: string;

  beforeAll(async () => {
    small = await launcher.startNeo4jLocal({
      port: await launcher.findFreePort(),
      dataDir: mkdtempSync(join(tmpdir(), 'lore-neo4j-small-')),
      password,
      settings: { ...TEST_NEO4J_SETTINGS, 'db.memory.transaction.max': TRANSACTION_LIMIT },
    });
    smallDriver = neo4j.driver(small.uri, neo4j.auth.basic('neo4j', password), { disableLosslessIntegers: true });
    driver = testDriver();
    root = generatedRepository();
  }, 180_000);

  afterAll(async () => {
    await smallDriver?.close();
    await driver?.close();
    await small?.stop();
  });

  it('fails as one transaction, with the limit reached', async () => {
    const moduleRef = await indexingOn(small.uri, password, { LORE_SNAPSHOT_TRANSACTION_BYTES: String(1024 * 1024 * 1024) });
    try {
      await expect(
        moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId: 'one-transaction' }, principal),
      ).rejects.toMatchObject({
        code: 'resource_exhausted',
        message: 'The graph database ran out of memory for this work (db.memory.transaction.max reached).',
        hint: expect.stringContaining('LORE_NEO4J_TX_MEMORY'),
      });
      // What the failed transaction wrote was rolled back; the repository is not served.
      const { records } = await smallDriver.executeQuery('MATCH (n:Symbol {repoId: $repoId}) RETURN count(n) AS symbols', {
        repoId: 'one-transaction',
      });
      expect(records[0]!.get('symbols')).toBe(0);
    } finally {
      await moduleRef.close();
    }
  }, 180_000);

  it('is written in bounded transactions, hidden until complete, equal to the one-transaction graph', async () => {
    const moduleRef = await indexingOn(small.uri, password, { LORE_SNAPSHOT_TRANSACTION_BYTES: BOUND });
    const reference = await indexingOn(process.env.NEO4J_URI!, process.env.NEO4J_PASSWORD!, {});
    try {
      const staged = await moduleRef.get(IndexingService).indexRepository({ path: root }, principal);
      expect(staged).toMatchObject({ status: 'completed', files: 151, symbols: 4500, calls: 4499 });
      await reference.get(IndexingService).indexRepository({ path: root }, principal);
      const [stagedGraph, referenceGraph] = await Promise.all([
        dumpRepository(smallDriver, 'staged', 'generated'),
        dumpRepository(driver, 'staged', 'generated'),
      ]);
      expect(stagedGraph.nodes.length).toBe(4651);
      expect(stagedGraph).toEqual(referenceGraph);
      // Served once complete: its symbols are found and their calls are the compiler's.
      const detail = await moduleRef.get(SymbolService).getSymbol({ name: 'f7_3', repositoryId: 'generated' }, principal);
      expect(detail).toMatchObject({
        symbol: { name: 'f7_3', calls: [{ symbol: { name: 'f7_4' }, line: 9, confidence: 'exact' }] },
      });
      // Re-indexing the same commit writes nothing.
      const again = await moduleRef.get(IndexingService).indexRepository({ path: root }, principal);
      expect(again).toMatchObject({ status: 'completed' });
      expect(await dumpRepository(smallDriver, 'staged', 'generated')).toEqual(stagedGraph);
    } finally {
      await moduleRef.close();
      await reference.close();
    }
  }, 300_000);

  it('re-indexes a served repository beside it when the difference is past the bound: served as it was until one small transaction makes the new graph live, and a run stopped before that is completed by the next', async () => {
    const tenant = localPrincipal('beside', 'test');
    const moduleRef = await indexingOn(small.uri, password, { LORE_SNAPSHOT_TRANSACTION_BYTES: BOUND });
    const reference = await indexingOn(process.env.NEO4J_URI!, process.env.NEO4J_PASSWORD!, {});
    const slotNodes = async (slotId: string): Promise<number> =>
      (
        await smallDriver.executeQuery(
          'MATCH (n {tenantId: $tenantId, repoId: $slotId}) WHERE n:File OR n:Symbol OR n:Document OR n:Section OR n:Repository RETURN count(n) AS nodes',
          { tenantId: 'beside', slotId },
        )
      ).records[0]!.get('nodes') as number;
    const f7_3 = async (): Promise<unknown> =>
      (await moduleRef.get(SymbolService).getSymbol({ name: 'f7_3', repositoryId: 'generated' }, tenant)).symbol;
    try {
      const repo = generatedRepository();
      const indexing = moduleRef.get(IndexingService);
      await indexing.indexRepository({ path: repo }, tenant);
      const served = await dumpRepository(smallDriver, 'beside', 'generated');
      const servedF7_3 = await f7_3();
      expect(servedF7_3).toMatchObject({ uid: 'beside:generated:src/m7.ts#f7_3', repositoryId: 'generated', doc: 'Step 3 of file 7.' });

      // Every doc comment changes: 4,500 symbols to update, far past the 4 MiB bound.
      for (let file = 0; file < 150; file++) {
        const path = join(repo, 'src', `m${file}.ts`);
        writeFileSync(path, readFileSync(path, 'utf8').replaceAll('/** Step ', '/** Stage '));
      }
      gitIn(repo, ['commit', '-q', '-am', 'stages']);
      const stopped = indexing.indexRepository({ path: repo }, tenant, (progress) => {
        if (progress.phase === 'writing' && progress.done > 0 && progress.done < progress.total)
          throw new Error('stopped between staged transactions');
      });
      await expect(stopped).rejects.toThrow('stopped between staged transactions');
      // Still served exactly as before; what was written waits, hidden, in the other slot.
      expect(await dumpRepository(smallDriver, 'beside', 'generated')).toEqual(served);
      expect(await f7_3()).toEqual(servedF7_3);
      expect(await slotNodes('generated~2')).toBeGreaterThan(0);

      const completed = await indexing.indexRepository({ path: repo }, tenant);
      expect(completed).toMatchObject({ status: 'completed', files: 151, symbols: 4500, calls: 4499 });
      // Served from the second slot, equal to a fresh index of the new commit; the first slot is deleted.
      await reference.get(IndexingService).indexRepository({ path: repo }, tenant);
      const fresh = await dumpRepository(driver, 'beside', 'generated');
      expect(await dumpRepository(smallDriver, 'beside', 'generated', 'generated~2')).toEqual(fresh);
      expect(await slotNodes('generated')).toBe(0);
      // Readers name it as before.
      expect(await f7_3()).toMatchObject({
        uid: 'beside:generated:src/m7.ts#f7_3',
        repositoryId: 'generated',
        doc: 'Stage 3 of file 7.',
        commitSha: completed.commitSha,
        calls: [{ symbol: { uid: 'beside:generated:src/m7.ts#f7_4', repositoryId: 'generated' }, line: 9, confidence: 'exact' }],
      });
      expect(await moduleRef.get(CodeGraphRepository).listRepositories(tenant)).toEqual([
        expect.objectContaining({ repositoryId: 'generated', commitSha: completed.commitSha }),
      ]);

      // A small change afterwards is written in place, in the second slot.
      writeFileSync(
        join(repo, 'src', 'm0.ts'),
        readFileSync(join(repo, 'src', 'm0.ts'), 'utf8').replace('Stage 0 of file 0', 'First stage'),
      );
      gitIn(repo, ['commit', '-q', '-am', 'first']);
      await indexing.indexRepository({ path: repo }, tenant);
      await reference.get(IndexingService).indexRepository({ path: repo }, tenant);
      expect(await dumpRepository(smallDriver, 'beside', 'generated', 'generated~2')).toEqual(
        await dumpRepository(driver, 'beside', 'generated'),
      );
      expect(await slotNodes('generated')).toBe(0);
    } finally {
      await moduleRef.close();
      await reference.close();
    }
  }, 480_000);
});
