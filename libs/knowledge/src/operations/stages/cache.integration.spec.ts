import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { gitIn } from '../../../../../test/support/fixtures';
import { testDriver, wipeGraph } from '../../../../../test/support/graph';
import { IndexingService } from '../../indexing/indexing.service';
import { KnowledgeModule } from '../../knowledge.module';
import { SearchService } from '../../search/search.service';
import { SymbolService } from '../../symbols/symbol.service';
import { CacheStage } from './cache.stage';

process.env.LORE_CACHE_DIR = 'off';

/** A server and, beside it, the process of a `lore index`: two modules, two caches, one graph. */
let server: TestingModule;
let indexer: TestingModule;
const principal: Principal = localPrincipal('cache', 'test');

async function knowledge(): Promise<TestingModule> {
  const module = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await module.init();
  return module;
}

function commit(root: string, files: Record<string, string>, message: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  gitIn(root, ['add', '-A']);
  gitIn(root, ['commit', '-q', '-m', message]);
}

beforeAll(async () => {
  const driver = testDriver();
  await wipeGraph(driver);
  await driver.close();
  [server, indexer] = [await knowledge(), await knowledge()];
});

afterAll(async () => {
  await server?.close();
  await indexer?.close();
});

describe('the read cache against Neo4j', () => {
  it('answers a repeated question from the cache, and a re-index by another process changes the answer', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-cache-')), 'prices');
    mkdirSync(root);
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    commit(root, { 'src/price.ts': 'export function price(): number {\n  return 1;\n}\n' }, 'first');
    await indexer.get(IndexingService).indexRepository({ path: root, repositoryId: 'prices' }, principal);

    const symbols = server.get(SymbolService);
    const cache = server.get(CacheStage);
    const before = await symbols.getSymbol({ name: 'price', repositoryId: 'prices' }, principal);
    expect(before.symbol).toMatchObject({ qualifiedName: 'price', startLine: 1, endLine: 3 });
    const again = await symbols.getSymbol({ name: 'price', repositoryId: 'prices' }, principal);
    expect(again).toEqual(before);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });

    // Another principal, limited to other repositories, never gets the kept answer.
    const elsewhere: Principal = { ...principal, repositories: ['billing'], permissions: ['read'] };
    await expect(symbols.getSymbol({ name: 'price', repositoryId: 'prices' }, elsewhere)).rejects.toMatchObject({ code: 'not_found' });
    // Refused by the authorization stage, which runs before the cache: neither a hit nor a miss.
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });

    commit(root, { 'src/price.ts': '// Prices, now in cents.\n\nexport function price(): number {\n  return 100;\n}\n' }, 'second');
    await indexer.get(IndexingService).indexRepository({ path: root, repositoryId: 'prices' }, principal);
    const after = await symbols.getSymbol({ name: 'price', repositoryId: 'prices' }, principal);
    expect(after.symbol).toMatchObject({ qualifiedName: 'price', startLine: 3, endLine: 5 });
    expect(after.symbol.commitSha).not.toBe(before.symbol.commitSha);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });

    const search = server.get(SearchService);
    const found = await search.searchCode({ query: 'price', mode: 'fulltext' }, principal);
    expect(found.results.map((hit) => hit.qualifiedName)).toEqual(['price']);
    expect(await search.searchCode({ query: 'price', mode: 'fulltext' }, principal)).toEqual(found);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 3 });
  });
});
