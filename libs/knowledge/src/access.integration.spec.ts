import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type LoreError, type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES } from '../../../test/support/fixtures';
import { testDriver } from '../../../test/support/graph';
import { CalleesService } from './callees/callees.service';
import { CallersService } from './callers/callers.service';
import { DocumentsService } from './documents/documents.service';
import { ExplorerService } from './explorer/explorer.service';
import { FileSpanService } from './files/file-span.service';
import { ImpactService } from './impact/impact.service';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';
import { GraphNeighborhoodService } from './neighborhood/neighborhood.service';
import { SearchService } from './search/search.service';
import { ProjectStructureService } from './structure/structure.service';
import { SymbolService } from './symbols/symbol.service';
import { RelatedTestsService } from './related-tests/related-tests.service';

/**
 * Authorization and tenant isolation below the doors, through the services as every door calls them
 * (the operation gate included): tenant access-a indexes order-contracts, order-service and
 * billing-service (linked across repositories); tenant access-b indexes order-service too. A
 * principal of access-a limited to order-contracts sees nothing of the other two, and a repository
 * it may not see answers exactly as one that does not exist.
 */
const TENANT_A = 'access-a';
const TENANT_B = 'access-b';
const CONTRACTS = 'order-contracts';
const SERVICE = 'order-service';
const BILLING = 'billing-service';

const ownerA = localPrincipal(TENANT_A, 'owner');
const contractsOnly: Principal = { ...localPrincipal(TENANT_A, 'contracts-reader'), repositories: [CONTRACTS], permissions: ['read'] };
const ownerB = localPrincipal(TENANT_B, 'owner');

let moduleRef: TestingModule;
let driver: Driver;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery("MATCH (n) WHERE n.tenantId STARTS WITH 'access-' DETACH DELETE n");
  const indexing = moduleRef.get(IndexingService);
  for (const repository of [CONTRACTS, SERVICE, BILLING]) await indexing.indexRepository({ path: join(FIXTURES, repository) }, ownerA);
  await indexing.indexRepository({ path: join(FIXTURES, SERVICE) }, ownerB);
}, 180_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

const service = <T>(type: new (...args: never[]) => T): T => moduleRef.get(type as never);

/** What a call answers: its value, or its error's code and message. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    const { code, message, hint } = error as LoreError;
    return { code, message, hint };
  }
}

describe('a repository the principal may not see answers as one that does not exist', () => {
  // Each input names billing-service (hidden from contractsOnly); the same with a repository that is
  // indexed nowhere must answer the same, the name aside.
  const hiddenInputs: [string, (input: never, principal: Principal) => Promise<unknown>, Record<string, unknown>][] = [
    ['get_symbol', (i, p) => service(SymbolService).getSymbol(i, p), { uid: `${TENANT_A}:${BILLING}:billing/service.py#BillingService` }],
    ['get_symbol by name', (i, p) => service(SymbolService).getSymbol(i, p), { name: 'BillingService', repositoryId: BILLING }],
    [
      'get_callers',
      (i, p) => service(CallersService).getCallers(i, p),
      { uid: `${TENANT_A}:${BILLING}:billing/orders.py#invoice_for_order` },
    ],
    ['get_callees', (i, p) => service(CalleesService).getCallees(i, p), { name: 'invoice_for_order', repositoryId: BILLING }],
    ['search_code scope', (i, p) => service(SearchService).searchCode(i, p), { query: 'invoice', scope: { repositoryId: BILLING } }],
    // The other names of a field (input-vocabulary.ts) are checked as the field is.
    ['get_symbol by name, repo', (i, p) => service(SymbolService).getSymbol(i, p), { name: 'BillingService', repo: BILLING }],
    ['search_code flat repositoryId', (i, p) => service(SearchService).searchCode(i, p), { query: 'invoice', repositoryId: BILLING }],
    ['get_project_structure', (i, p) => service(ProjectStructureService).getProjectStructure(i, p), { repositoryId: BILLING }],
    [
      'get_file_span code://',
      (i, p) => service(FileSpanService).getFileSpan(i, p),
      { uri: `code://${BILLING}/HEAD/billing/service.py#L1-L3` },
    ],
    ['get_file_span symbol://', (i, p) => service(FileSpanService).getFileSpan(i, p), { uri: `symbol://${BILLING}/HEAD/BillingService` }],
    ['get_documents', (i, p) => service(DocumentsService).getDocuments(i, p), { path: 'README.md', repositoryId: BILLING }],
    ['analyze_impact', (i, p) => service(ImpactService).analyzeImpact(i, p), { path: 'billing/service.py', repositoryId: BILLING }],
    [
      'get_related_tests',
      (i, p) => service(RelatedTestsService).getRelatedTests(i, p),
      { uid: `${TENANT_A}:${BILLING}:billing/orders.py#invoice_for_order` },
    ],
    [
      'get_graph_neighborhood',
      (i, p) => service(GraphNeighborhoodService).getNeighborhood(i, p),
      { path: 'billing/orders.py', repositoryId: BILLING },
    ],
  ];

  it.each(hiddenInputs)('%s', async (_, call, input) => {
    const hidden = await outcome(() => call(input as never, contractsOnly));
    const absent = await outcome(() =>
      call(JSON.parse(JSON.stringify(input).replaceAll(BILLING, 'nowhere-service')) as never, contractsOnly),
    );
    expect(hidden).toMatchObject({ code: 'not_found' });
    expect(JSON.stringify(absent).replaceAll('nowhere-service', BILLING)).toBe(JSON.stringify(hidden));
    // The owner of the tenant is answered.
    expect(await outcome(() => call(input as never, ownerA))).not.toMatchObject({ code: 'not_found' });
  });

  it("answers tenant B's key asking for tenant A's uid as not found, and tenant A's uid with B's tenant as B's own", async () => {
    const uid = `${TENANT_A}:${SERVICE}:src/services/order-service.ts#OrderService.placeOrder`;
    expect(await outcome(() => service(SymbolService).getSymbol({ uid }, ownerB))).toEqual({
      code: 'not_found',
      message: `No symbol with uid ${uid}.`,
      hint: 'Find symbols with search_code.',
    });
    const own = (await service(SymbolService).getSymbol({ uid: uid.replace(TENANT_A, TENANT_B) }, ownerB)) as { symbol: { uid: string } };
    expect(own.symbol.uid).toBe(`${TENANT_B}:${SERVICE}:src/services/order-service.ts#OrderService.placeOrder`);
  });
});

describe('search never answers from another tenant or a hidden repository', () => {
  it.each(['hybrid', 'fulltext', 'semantic'] as const)('%s search', async (mode) => {
    const uids = async (principal: Principal) =>
      (await service(SearchService).searchCode({ query: 'order placed invoice', mode, maxResults: 50 }, principal)).results.map(
        (hit) => hit.uid,
      );
    const fromB = await uids(ownerB);
    expect(fromB.length).toBeGreaterThan(0);
    expect(fromB.filter((uid) => !uid.startsWith(`${TENANT_B}:${SERVICE}:`))).toEqual([]);
    const fromA = await uids(ownerA);
    expect(new Set(fromA.map((uid) => uid.split(':')[1]))).toEqual(new Set([CONTRACTS, SERVICE, BILLING]));
    const limited = await uids(contractsOnly);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.filter((uid) => !uid.startsWith(`${TENANT_A}:${CONTRACTS}:`))).toEqual([]);
  });
});

describe('impact across repositories leaves a hidden repository out', () => {
  it('lists only the repositories the principal sees, and none of their symbols', async () => {
    const input = { name: 'orderPlaced', repositoryId: CONTRACTS };
    const full = await service(ImpactService).analyzeImpact(input, ownerA);
    expect(full.summary.repositories).toEqual([CONTRACTS, SERVICE]);
    expect(full.affected.map((affected) => affected.symbol.repositoryId)).toContain(SERVICE);
    const limited = await service(ImpactService).analyzeImpact(input, contractsOnly);
    expect(limited.summary.repositories).toEqual([CONTRACTS]);
    expect(JSON.stringify(limited)).not.toContain(SERVICE);
  });
});

describe('the explorer (GraphQL) leaves hidden repositories out of lists, counts and lookups', () => {
  it('lists and counts only the visible repositories, and answers a hidden one as absent', async () => {
    const explorer = service(ExplorerService);
    const page = await explorer.listRepositories(contractsOnly, { first: 10 });
    expect(page.nodes.map((node) => node.id)).toEqual([CONTRACTS]);
    expect(page.totalCount).toBe(1);
    expect((await explorer.listRepositories(ownerA, { first: 10 })).totalCount).toBe(3);
    expect(await explorer.repositories(contractsOnly, [BILLING, CONTRACTS, 'nowhere'])).toEqual([
      null,
      expect.objectContaining({ id: CONTRACTS }),
      null,
    ]);
    const hidden = await outcome(() => explorer.getRepository(contractsOnly, BILLING));
    const absent = await outcome(() => explorer.getRepository(contractsOnly, 'nowhere'));
    expect(JSON.stringify(absent).replace('nowhere', BILLING)).toBe(JSON.stringify(hidden));
  });

  it('answers hidden files and symbols as null, and their nested lists as empty with a count of 0', async () => {
    const explorer = service(ExplorerService);
    const symbolUid = `${TENANT_A}:${SERVICE}:src/services/order-service.ts#OrderService.placeOrder`;
    expect(await explorer.symbols(contractsOnly, [symbolUid])).toEqual([null]);
    expect(await explorer.files(contractsOnly, [{ repositoryId: SERVICE, path: 'src/services/order-service.ts' }])).toEqual([null]);
    const [callees] = await explorer.pages(contractsOnly, 'symbol-callees', [symbolUid], { first: 10 });
    expect(callees).toMatchObject({ totalCount: 0, nodes: [] });
    const [files] = await explorer.pages(contractsOnly, 'repository-files', [SERVICE], { first: 10 });
    expect(files).toMatchObject({ totalCount: 0, nodes: [] });
    const [dependedOn] = await explorer.pages(contractsOnly, 'repository-depended-on', [SERVICE], { first: 10 });
    expect(dependedOn).toMatchObject({ totalCount: 0, nodes: [] });
    // A visible symbol's callers in a hidden repository are left out of its list and its count.
    const orderPlaced = `${TENANT_A}:${CONTRACTS}:src/events.ts#orderPlaced`;
    const [seenByOwner] = await explorer.pages(ownerA, 'symbol-callers', [orderPlaced], { first: 10 });
    expect(seenByOwner!.totalCount).toBeGreaterThan(0);
    const [seenByReader] = await explorer.pages(contractsOnly, 'symbol-callers', [orderPlaced], { first: 10 });
    expect(seenByReader).toMatchObject({ totalCount: 0, nodes: [] });
    // Nor are they counted among its dependents.
    const dependentsOf = async (principal: Principal) => {
      const [ranked] = await explorer.pages(principal, 'repository-depended-on', [CONTRACTS], { first: 100 });
      return ranked!.edges.map((edge) => `${edge.node.qualifiedName} ${edge.dependents}`);
    };
    // order-service calls orderPlaced, billing-service invoice_request, and order-contracts' own test
    // invoiceRequestsFor: a reader of order-contracts alone sees only that one.
    expect(await dependentsOf(ownerA)).toEqual(['invoiceRequestsFor 1', 'invoice_request 1', 'orderPlaced 1']);
    expect(await dependentsOf(contractsOnly)).toEqual(['invoiceRequestsFor 1']);
  });
});
