import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { CodeGraphRepository } from '@lore/graph';
import { type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';
import { SymbolService } from './symbols/symbol.service';

/** Four fixture repositories in four languages, side by side in one tenant. */
const principal: Principal = localPrincipal('polyglot', 'test');

let moduleRef: TestingModule;
let driver: Driver;
let symbols: SymbolService;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery('MATCH (n {tenantId: $t}) DETACH DELETE n', { t: principal.tenantId });
  symbols = moduleRef.get(SymbolService);
  const indexing = moduleRef.get(IndexingService);
  for (const fixture of ['billing-service', 'inventory-java', 'shipping-go', 'order-contracts']) {
    await indexing.indexRepository({ path: join(FIXTURES, fixture) }, principal);
  }
  // billing-service's exact pass starts pyright: seconds on a quiet machine, a minute on a loaded one.
}, 300_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

async function repositoryFacts(repoId: string): Promise<Record<string, unknown>> {
  const { records } = await driver.executeQuery(
    `MATCH (r:Repository {tenantId: $t, repoId: $repo})
     RETURN COUNT { (r)-[:CONTAINS]->() } AS files,
            COUNT { MATCH (s:Symbol {tenantId: $t, repoId: $repo}) } AS symbols,
            COUNT { MATCH (s:Symbol {tenantId: $t, repoId: $repo, kind: 'test'}) } AS tests,
            COUNT { MATCH (:Symbol {tenantId: $t, repoId: $repo})-[:CALLS]->() } AS calls,
            COUNT { MATCH (:File {tenantId: $t, repoId: $repo})-[:IMPORTS]->() } AS imports,
            COUNT { MATCH (:Symbol {tenantId: $t, repoId: $repo})-[:EXTENDS|IMPLEMENTS]->() } AS inheritance,
            COUNT { MATCH (:Symbol {tenantId: $t, repoId: $repo})-[:TESTS]->() } AS testedBy,
            COUNT { MATCH (:Section {tenantId: $t, repoId: $repo})-[:MENTIONS]->() } AS mentions`,
    { t: principal.tenantId, repo: repoId },
  );
  return records[0]!.toObject();
}

describe('several repositories in one tenant', () => {
  it.each([
    // calls and imports count billing/orders.py's call of invoice_request and its import, linked into order-contracts.
    ['billing-service', { files: 9, symbols: 41, tests: 8, calls: 44, imports: 12, inheritance: 1, testedBy: 24, mentions: 5 }],
    // Four lambdas and three Go function literals are symbols of their own, each called by the method or function around it.
    ['inventory-java', { files: 9, symbols: 67, tests: 3, calls: 33, imports: 8, inheritance: 4, testedBy: 9, mentions: 0 }],
    ['shipping-go', { files: 9, symbols: 46, tests: 5, calls: 21, imports: 11, inheritance: 2, testedBy: 13, mentions: 3 }],
    ['order-contracts', { files: 11, symbols: 29, tests: 2, calls: 1, imports: 5, inheritance: 0, testedBy: 1, mentions: 5 }],
  ])('%s holds exactly its fixture', async (repoId, facts) => {
    expect(await repositoryFacts(repoId)).toEqual(facts);
  });

  it('answers get_symbol in each language, with how each call was resolved', async () => {
    const billing = await symbols.getSymbol({ name: 'BillingService', repositoryId: 'billing-service' }, principal);
    expect(billing.symbol).toMatchObject({ kind: 'class', language: 'python', path: 'billing/service.py', exported: true });
    const java = await symbols.getSymbol({ name: 'InventoryService', repositoryId: 'inventory-java' }, principal);
    expect(java.symbol).toMatchObject({ kind: 'class', language: 'java' });
    const go = await symbols.getSymbol({ name: 'FlatRate.Quote', repositoryId: 'shipping-go' }, principal);
    expect(go.symbol).toMatchObject({ kind: 'method', language: 'go', path: 'rates/flat.go', startLine: 22 });
    const weak = [billing, java, go].flatMap((result) => result.warnings.map((warning) => warning.code));
    expect(weak.every((code) => code === 'weak_edges')).toBe(true);
  });
});

describe('full-text search scoped to one repository among several', () => {
  const LUCENE = 'invoice^2 OR invoice*';
  const scoped = (candidates: number): Promise<string[]> =>
    moduleRef
      .get(CodeGraphRepository)
      .searchSymbolsFullText(principal, {
        lucene: LUCENE,
        repositoryId: 'order-contracts',
        kinds: null,
        pathPrefix: null,
        language: null,
        limit: 5,
        candidates,
      })
      .then((hits) => hits.map((hit) => hit.symbol.qualifiedName));

  it("widens the index's window when other repositories' better matches fill it", async () => {
    // The index's best match (of any tenant: other specs index the same fixtures) is outside the scope, so a window of one
    // holds nothing of order-contracts; without widening, the scoped search would answer nothing.
    const { records } = await driver.executeQuery(
      "CALL db.index.fulltext.queryNodes('symbol_text', $lucene, {limit: 1}) YIELD node RETURN node.tenantId = $t AND node.repoId = 'order-contracts' AS inScope",
      { lucene: LUCENE, t: principal.tenantId },
    );
    expect(records.map((record) => record.get('inScope') as boolean)).toEqual([false]);
    const expected = ['InvoiceRequest', 'invoice_request', 'invoiceRequestsFor', 'invoiceRequestsFor', 'InvoiceRequest.amountCents'];
    expect(await scoped(10_000)).toEqual(expected);
    expect(await scoped(1)).toEqual(expected);
  });
});
