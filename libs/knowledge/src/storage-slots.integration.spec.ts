import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { localPrincipal, type Principal } from '@lore/domain';
import { testDriver } from '../../../test/support/graph';
import { knowledgeWith } from '../../../test/support/knowledge';
import { CalleesService } from './callees/callees.service';
import { CallersService } from './callers/callers.service';
import { DocumentsService } from './documents/documents.service';
import { ExplorerService } from './explorer/explorer.service';
import { FileSpanService } from './files/file-span.service';
import { ImpactService } from './impact/impact.service';
import { IndexingService } from './indexing/indexing.service';
import { GraphNeighborhoodService } from './neighborhood/neighborhood.service';
import { SearchService } from './search/search.service';
import { ProjectStructureService } from './structure/structure.service';
import { SymbolService } from './symbols/symbol.service';
import { RelatedTestsService } from './related-tests/related-tests.service';

/**
 * A repository a re-index moved to its second storage slot (storageSlots: a difference past the
 * transaction bound is written beside the served graph) answers every reader exactly as it did from
 * its first: the same uids, repository ids, commits and resource URIs, through every read service.
 */
const principal: Principal = localPrincipal('slots', 'test');
const REPOSITORY = 'slotted';

/**
 * What every read service answers about the repository, but when it was indexed (a re-index changes
 * it: indexedAt, and the structure's `modified`) and search's scores and order: Lucene's BM25 statistics count documents deleted and not yet
 * merged away, so two close hits may swap ranks, and the fused score with them (seen once in CI).
 * Search must still find the same hits.
 */
function sameHitsAnyOrder(answer: { results: { uid: string; score: number }[] }): unknown {
  const results = answer.results.map(({ score: _score, ...hit }) => hit).sort((a, b) => a.uid.localeCompare(b.uid));
  return { ...answer, results };
}

async function everyAnswer(moduleRef: TestingModule): Promise<unknown> {
  const symbol = { name: 'applyDiscount', repositoryId: REPOSITORY };
  const explorer = moduleRef.get(ExplorerService);
  const detail = await moduleRef.get(SymbolService).getSymbol(symbol, principal);
  const answers = {
    symbol: detail,
    callers: await moduleRef.get(CallersService).getCallers({ ...symbol, depth: 2 }, principal),
    callees: await moduleRef.get(CalleesService).getCallees({ name: 'placeOrder', repositoryId: REPOSITORY }, principal),
    impact: await moduleRef.get(ImpactService).analyzeImpact(symbol, principal),
    tests: await moduleRef.get(RelatedTestsService).getRelatedTests(symbol, principal),
    neighborhood: await moduleRef.get(GraphNeighborhoodService).getNeighborhood({ ...symbol, depth: 2 }, principal),
    documents: await moduleRef
      .get(DocumentsService)
      .getDocuments({ path: 'src/pricing/discounts.ts', repositoryId: REPOSITORY }, principal),
    structure: await moduleRef.get(ProjectStructureService).getProjectStructure({ repositoryId: REPOSITORY }, principal),
    fulltext: sameHitsAnyOrder(
      await moduleRef
        .get(SearchService)
        .searchCode({ query: 'discount', mode: 'fulltext', scope: { repositoryId: REPOSITORY } }, principal),
    ),
    documentSearch: (
      await moduleRef
        .get(SearchService)
        .searchCode({ query: 'order', mode: 'fulltext', include: ['documents'], scope: { repositoryId: REPOSITORY } }, principal)
    ).documents,
    span: await moduleRef.get(FileSpanService).getFileSpan({ uri: detail.symbol.resourceUri }, principal),
    repositories: await explorer.listRepositories(principal, {}),
    repository: await explorer.getRepository(principal, REPOSITORY),
    file: await explorer.getFile(principal, { repositoryId: REPOSITORY, path: 'src/pricing/discounts.ts' }),
    explorerSymbol: await explorer.getSymbol(principal, detail.symbol.uid),
    repositoryFiles: await explorer.pages(principal, 'repository-files', [REPOSITORY], {}),
    mostDependedOn: await explorer.pages(principal, 'repository-depended-on', [REPOSITORY], {}),
    callerPages: await explorer.pages(principal, 'symbol-callers', [detail.symbol.uid], {}),
  };
  return JSON.parse(
    JSON.stringify(answers, (key, value: unknown) => (['indexedAt', 'modified', 'scores'].includes(key) ? undefined : value)),
  );
}

describe('a repository moved to its second storage slot', () => {
  let driver: Driver;
  let inPlace: TestingModule;
  let beside: TestingModule;

  beforeAll(async () => {
    driver = testDriver();
    inPlace = await knowledgeWith({});
    // The least bound there is (64 KiB by estimate, about ten nodes): the edit below is past it.
    beside = await knowledgeWith({ LORE_SNAPSHOT_TRANSACTION_BYTES: String(64 * 1024) });
  });

  afterAll(async () => {
    await inPlace?.close();
    await beside?.close();
    await driver?.close();
  });

  const slotsInGraph = async (): Promise<Record<string, number>> => {
    const { records } = await driver.executeQuery(
      `MATCH (n {tenantId: 'slots'}) WHERE n:File OR n:Symbol OR n:Document OR n:Section
       RETURN n.repoId AS slotId, count(n) AS nodes ORDER BY slotId`,
    );
    return Object.fromEntries(records.map((record) => [record.get('slotId') as string, Number(record.get('nodes'))]));
  };

  it('answers every reader as it did from its first slot', async () => {
    // Outside git: the commit is the working tree's digest, the same again once an edit is undone.
    const root = join(mkdtempSync(join(tmpdir(), 'lore-slots-')), REPOSITORY);
    cpSync(join(__dirname, '../../../test/fixtures/order-service'), root, { recursive: true });
    const index = (moduleRef: TestingModule) =>
      moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId: REPOSITORY }, principal);
    await index(inPlace);
    const fromFirstSlot = await everyAnswer(inPlace);
    expect((fromFirstSlot as { documentSearch: unknown }).documentSearch).toEqual([
      {
        artifactType: 'document_section',
        title: 'order-service',
        documentPath: 'README.md',
        repositoryId: REPOSITORY,
        startLine: 1,
        endLine: 4,
        uri: expect.stringMatching(new RegExp(`^doc://${REPOSITORY}/[0-9a-f]+/README\\.md#L1-L4$`)),
        score: 0.016393,
        reasons: ['fulltext'],
      },
    ]);
    const nodes = (await slotsInGraph())[REPOSITORY];
    expect(nodes).toBeGreaterThan(0);

    // Twenty functions in a new file: twenty-one nodes, past the bound, so the re-index goes beside.
    const added = join(root, 'src/pricing/rounding.ts');
    const functions = Array.from(
      { length: 20 },
      (_, i) => `export function round${i}(value: number): number {\n  return Math.round(value * ${i});\n}\n`,
    );
    writeFileSync(added, functions.join('\n'));
    await index(beside);
    expect(await slotsInGraph()).toEqual({ [`${REPOSITORY}~2`]: nodes! + 21 });
    rmSync(added);
    // Undone in place, in the second slot.
    await index(inPlace);
    expect(await slotsInGraph()).toEqual({ [`${REPOSITORY}~2`]: nodes });

    expect(await everyAnswer(inPlace)).toEqual(fromFirstSlot);
  }, 180_000);
});
