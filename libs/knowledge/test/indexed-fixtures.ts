import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { IndexingService } from '../src/indexing/indexing.service';
import { KnowledgeModule } from '../src/knowledge.module';

/** Indexing a handful of small fixtures takes well under this; the first run also loads the grammars. */
const INDEXING_TIMEOUT_MS = 300_000;

export interface IndexedFixtures {
  readonly principal: Principal;
  /** The knowledge module the fixtures were indexed with, initialised (valid inside the spec's tests). */
  readonly moduleRef: () => TestingModule;
}

/**
 * The fixtures indexed once for a spec, under a tenant of its own emptied first, then asked through the
 * knowledge services; registers the spec's beforeAll and afterAll.
 */
export function indexFixturesOnce(tenant: string, fixtures: readonly string[]): IndexedFixtures {
  const principal = localPrincipal(tenant, 'test');
  let moduleRef: TestingModule | undefined;
  let driver: Driver | undefined;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
    await moduleRef.init();
    driver = testDriver();
    await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
    const indexing = moduleRef.get(IndexingService);
    for (const fixture of fixtures) await indexing.indexRepository({ path: join(FIXTURES, fixture) }, principal);
  }, INDEXING_TIMEOUT_MS);

  afterAll(async () => {
    await moduleRef?.close();
    await driver?.close();
  });

  return {
    principal,
    moduleRef: () => {
      if (!moduleRef) throw new Error('the fixtures are indexed in beforeAll: ask inside a test');
      return moduleRef;
    },
  };
}
