import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import type { DocumentSearchCodeHit } from '@lore/domain/schemas/search';
import { FIXTURES } from '../../../../test/support/fixtures';
import { testDriver } from '../../../../test/support/graph';
import { IndexingService } from '../indexing/indexing.service';
import { KnowledgeModule } from '../knowledge.module';
import { SearchService } from './search.service';

/**
 * search_code's `documents` (include: ["documents"]) on the fixtures' READMEs: tenant docsearch-a
 * indexes order-contracts (sections "order-contracts", "Events", "HTTP API") and order-service (one
 * section, "order-service"); tenant docsearch-b indexes order-service too. Sections are ranked by the
 * full-text index over their headings and the semantic ranking of their text, fused by reciprocal
 * rank fusion (k = 60: a first rank in one ranking scores 1/61, in both 2/61).
 */
const TENANT = 'docsearch-a';
const OTHER_TENANT = 'docsearch-b';
const CONTRACTS = 'order-contracts';
const SERVICE = 'order-service';
const owner = localPrincipal(TENANT, 'owner');
const serviceOnly: Principal = { ...localPrincipal(TENANT, 'service-reader'), repositories: [SERVICE], permissions: ['read'] };
const otherOwner = localPrincipal(OTHER_TENANT, 'owner');

const FIRST_IN_ONE = 0.016393;
const FIRST_IN_BOTH = 0.032787;

let moduleRef: TestingModule;
let driver: Driver;
let commitSha: string;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery("MATCH (n) WHERE n.tenantId STARTS WITH 'docsearch-' DETACH DELETE n");
  const indexing = moduleRef.get(IndexingService);
  for (const repository of [CONTRACTS, SERVICE]) await indexing.indexRepository({ path: join(FIXTURES, repository) }, owner);
  await indexing.indexRepository({ path: join(FIXTURES, SERVICE) }, otherOwner);
  // The fixtures live in Lore's own repository: both are indexed at its commit.
  const { records } = await driver.executeQuery(
    'MATCH (r:Repository {tenantId: $tenantId, repoId: $repoId}) RETURN r.commitSha AS commitSha',
    {
      tenantId: TENANT,
      repoId: CONTRACTS,
    },
  );
  commitSha = records[0]!.get('commitSha') as string;
}, 180_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

const search = (input: Parameters<SearchService['searchCode']>[0], principal: Principal = owner) =>
  moduleRef.get(SearchService).searchCode(input, principal);

function section(
  repositoryId: string,
  title: string,
  startLine: number,
  endLine: number,
  score: number,
  reasons: DocumentSearchCodeHit['reasons'],
): DocumentSearchCodeHit {
  return {
    artifactType: 'document_section',
    title,
    documentPath: 'README.md',
    repositoryId,
    startLine,
    endLine,
    uri: `doc://${repositoryId}/${commitSha}/README.md#L${startLine}-L${endLine}`,
    score,
    reasons,
  };
}

describe('search_code with include: ["documents"]', () => {
  it('ranks the sections whose heading matches by full text', async () => {
    const { documents, warnings } = await search({ query: 'events', mode: 'fulltext', include: ['documents'] });
    expect(documents).toEqual([section(CONTRACTS, 'Events', 5, 10, FIRST_IN_ONE, ['fulltext'])]);
    expect(warnings).toEqual([]);
  });

  it('fuses the full-text ranking of headings with the semantic ranking of the text', async () => {
    const { documents, warnings } = await search({ query: 'events', include: ['documents'] });
    expect(documents).toEqual([
      section(CONTRACTS, 'Events', 5, 10, FIRST_IN_BOTH, ['fulltext', 'semantic']),
      section(CONTRACTS, 'order-contracts', 1, 4, 0.016129, ['semantic']),
      section(CONTRACTS, 'HTTP API', 11, 13, 0.015873, ['semantic']),
      section(SERVICE, 'order-service', 1, 4, 0.015625, ['semantic']),
    ]);
    expect(warnings).toEqual([]);
    const semantic = await search({ query: 'events', mode: 'semantic', include: ['documents'] });
    expect(semantic.documents).toEqual([
      section(CONTRACTS, 'Events', 5, 10, FIRST_IN_ONE, ['semantic']),
      section(CONTRACTS, 'order-contracts', 1, 4, 0.016129, ['semantic']),
      section(CONTRACTS, 'HTTP API', 11, 13, 0.015873, ['semantic']),
      section(SERVICE, 'order-service', 1, 4, 0.015625, ['semantic']),
    ]);
  });

  it('searches the scope the symbols are searched in: tenant, readable repositories, scope and path', async () => {
    const mine = section(SERVICE, 'order-service', 1, 4, FIRST_IN_BOTH, ['fulltext', 'semantic']);
    expect((await search({ query: 'order', include: ['documents'] }, serviceOnly)).documents).toEqual([mine]);
    expect((await search({ query: 'order', include: ['documents'] }, otherOwner)).documents).toEqual([mine]);
    const scoped = await search({ query: 'order', mode: 'fulltext', include: ['documents'], scope: { repositoryId: CONTRACTS } });
    expect(scoped.documents?.map((hit) => [hit.repositoryId, hit.title])).toEqual([[CONTRACTS, 'order-contracts']]);
    expect((await search({ query: 'events', include: ['documents'], pathPrefix: 'docs/' })).documents).toEqual([]);
  });

  it('leaves `documents` out unless asked, and the symbols as they are', async () => {
    const plain = await search({ query: 'events', maxResults: 3 });
    expect(plain.documents).toBeUndefined();
    const withDocuments = await search({ query: 'events', maxResults: 3, include: ['documents'] });
    expect(withDocuments.results).toEqual(plain.results);
    expect(withDocuments.documents).toHaveLength(3);
  });
});
