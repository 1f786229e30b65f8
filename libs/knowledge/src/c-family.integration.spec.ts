import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { CallersService } from './callers/callers.service';
import { ImpactService } from './impact/impact.service';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';
import { SearchService } from './search/search.service';

/** The C and C++ fixtures indexed once, then asked what the doors ask: callers, impact, search. */
const principal: Principal = localPrincipal('c-family', 'test');

let moduleRef: TestingModule;
let driver: Driver;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
  const indexing = moduleRef.get(IndexingService);
  for (const fixture of ['shapes-c', 'shapes-cpp']) await indexing.indexRepository({ path: join(FIXTURES, fixture) }, principal);
}, 300_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('C and C++ repositories', () => {
  it('answers get_callers for a C function through the header its callers include', async () => {
    const result = await moduleRef.get(CallersService).getCallers({ name: 'point_add', repositoryId: 'shapes-c' }, principal);
    expect(result.callers.map((caller) => [caller.symbol.qualifiedName, caller.symbol.path, caller.confidence])).toEqual([
      ['main', 'src/main.c', 'import'],
    ]);
  });

  it('answers analyze_impact for a C++ method defined out of line (its header declares it too): its callers and the tests that reach it', async () => {
    const result = await moduleRef
      .get(ImpactService)
      .analyzeImpact({ uid: 'c-family:shapes-cpp:src/shape.cpp#geo::Shape::area' }, principal);
    expect(result.affected.map((affected) => affected.symbol.qualifiedName).sort()).toEqual(['geo::total']);
    expect(result.tests.map((test) => [test.test.qualifiedName, test.via])).toEqual([['total adds the areas', 'transitive']]);
  });

  it('answers search_code by language', async () => {
    const result = await moduleRef
      .get(SearchService)
      .searchCode({ query: 'rect_area', mode: 'fulltext', language: 'c', scope: { repositoryId: 'shapes-c' } }, principal);
    expect(result.results.map((hit) => [hit.qualifiedName, hit.path])[0]).toEqual(['rect_area', 'src/shapes.c']);
  });
});
