import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { FIXTURES, gitFixture } from '../../../test/support/fixtures';
import { dumpRepository, testDriver, type GraphDump } from '../../../test/support/graph';
import { knowledgeWith } from '../../../test/support/knowledge';
import { IndexingService } from './indexing/indexing.service';
import { KnowledgeModule } from './knowledge.module';

/**
 * order-contracts provides `@acme/order-contracts` (TypeScript) and `acme_order_contracts` (Python);
 * order-service calls its orderPlaced, billing-service its invoice_request. Indexed in any order, the
 * three give one graph; a re-index of the provider that renames what a consumer calls drops the link,
 * and one that restores it brings it back.
 */
const CONTRACTS = 'order-contracts';
const SERVICE = 'order-service';
const BILLING = 'billing-service';

let moduleRef: TestingModule;
let driver: Driver;
let indexing: IndexingService;

const principal = (tenantId: string): Principal => localPrincipal(tenantId, 'test');

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery("MATCH (n) WHERE n.tenantId STARTS WITH 'links-' DETACH DELETE n");
  indexing = moduleRef.get(IndexingService);
}, 60_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

async function indexInOrder(tenantId: string, repositories: readonly string[]): Promise<void> {
  for (const repository of repositories) await indexing.indexRepository({ path: join(FIXTURES, repository) }, principal(tenantId));
}

/** Every node and relationship (properties included) of the repositories, the tenant taken out. */
async function graphOf(tenantId: string, repositories: readonly string[]): Promise<Record<string, GraphDump>> {
  const dumps = await Promise.all(repositories.map((repository) => dumpRepository(driver, tenantId, repository)));
  return Object.fromEntries(repositories.map((repository, i) => [repository, dumps[i]!]));
}

/** The links between repositories: [type, from, to, properties], the tenant taken out of the uids. */
async function crossLinks(tenantId: string): Promise<unknown[]> {
  const { records } = await driver.executeQuery(
    `MATCH (a {tenantId: $tenantId})-[e]->(b) WHERE e.crossRepository = true
     RETURN type(e) AS type, a.uid AS from, b.uid AS to, properties(e) AS props ORDER BY type, from, to`,
    { tenantId },
  );
  const untenant = (uid: string): string => uid.slice(tenantId.length + 1);
  return records.map((r) => [r.get('type'), untenant(r.get('from')), untenant(r.get('to')), r.get('props')]);
}

const SERVICE_LINKS = [
  [
    'CALLS',
    `${SERVICE}:src/services/order-service.ts#OrderService.placeOrder`,
    `${CONTRACTS}:src/events.ts#orderPlaced`,
    { line: 27, count: 1, confidence: 'import', crossRepository: true },
  ],
  [
    'IMPORTS',
    `${SERVICE}:src/services/order-service.ts`,
    `${CONTRACTS}:src/index.ts`,
    { names: ['OrderPlaced', 'orderPlaced'], confidence: 'import', crossRepository: true },
  ],
];
const BILLING_LINKS = [
  [
    'CALLS',
    `${BILLING}:billing/orders.py#invoice_for_order`,
    `${CONTRACTS}:python/acme_order_contracts/__init__.py#invoice_request`,
    { line: 10, count: 1, confidence: 'import', crossRepository: true },
  ],
  [
    'IMPORTS',
    `${BILLING}:billing/orders.py`,
    `${CONTRACTS}:python/acme_order_contracts/__init__.py`,
    { names: ['invoice_request'], confidence: 'import', crossRepository: true },
  ],
];

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('links between the repositories of a tenant', () => {
  it('links order-service to order-contracts whichever is indexed first, into the same graph', async () => {
    await indexInOrder('links-cs', [CONTRACTS, SERVICE]);
    await indexInOrder('links-sc', [SERVICE, CONTRACTS]);
    expect(await crossLinks('links-cs')).toEqual(SERVICE_LINKS);
    expect(await graphOf('links-sc', [CONTRACTS, SERVICE])).toEqual(await graphOf('links-cs', [CONTRACTS, SERVICE]));
  }, 120_000);

  it('gives the same graph for the three repositories in every order, with the Python call from billing-service', async () => {
    const orders = permutations([CONTRACTS, SERVICE, BILLING]);
    const graphs: Record<string, GraphDump>[] = [];
    for (const [i, order] of orders.entries()) {
      const tenantId = `links-three-${i}`;
      await indexInOrder(tenantId, order);
      expect(await crossLinks(tenantId)).toEqual([...BILLING_LINKS, ...SERVICE_LINKS].sort((a, b) => compareLinks(a, b)));
      graphs.push(await graphOf(tenantId, [CONTRACTS, SERVICE, BILLING]));
    }
    for (const graph of graphs.slice(1)) expect(graph).toEqual(graphs[0]);
  }, 300_000);

  it('drops the link when the provider renames what is called, and makes it again when the name comes back', async () => {
    const tenantId = 'links-rename';
    await indexInOrder(tenantId, [SERVICE, BILLING, CONTRACTS]);
    const before = await graphOf(tenantId, [CONTRACTS, SERVICE, BILLING]);
    const provider = gitFixture(CONTRACTS);
    const events = join(provider.path, 'src/events.ts');
    const index = join(provider.path, 'src/index.ts');
    const original = { events: readFileSync(events, 'utf8'), index: readFileSync(index, 'utf8') };
    const reindex = () => indexing.indexRepository({ path: provider.path, repositoryId: CONTRACTS }, principal(tenantId));

    writeFileSync(events, original.events.replace('function orderPlaced(', 'function placedEvent('));
    writeFileSync(index, original.index.replace('orderPlaced }', 'placedEvent }'));
    await reindex();
    expect(await crossLinks(tenantId)).toEqual([...BILLING_LINKS, SERVICE_LINKS[1]].sort((a, b) => compareLinks(a, b)));

    writeFileSync(events, original.events);
    writeFileSync(index, original.index);
    await reindex();
    expect(await crossLinks(tenantId)).toEqual([...BILLING_LINKS, ...SERVICE_LINKS].sort((a, b) => compareLinks(a, b)));
    expect(await graphOf(tenantId, [CONTRACTS, SERVICE, BILLING])).toEqual(before);
  }, 120_000);

  it('keeps the links when a re-index moves the provider to its second storage slot, and back in place', async () => {
    const tenantId = 'links-slot';
    await indexInOrder(tenantId, [SERVICE, BILLING, CONTRACTS]);
    const before = await graphOf(tenantId, [CONTRACTS, SERVICE, BILLING]);
    const provider = gitFixture(CONTRACTS);
    // Past the least bound there is (64 KiB by estimate): the re-index is written beside the served graph.
    const beside = await knowledgeWith({ LORE_SNAPSHOT_TRANSACTION_BYTES: String(64 * 1024) });
    try {
      const added = join(provider.path, 'src/rounding.ts');
      writeFileSync(
        added,
        Array.from({ length: 20 }, (_, i) => `export function round${i}(value: number): number {\n  return value * ${i};\n}\n`).join('\n'),
      );
      await beside.get(IndexingService).indexRepository({ path: provider.path, repositoryId: CONTRACTS }, principal(tenantId));
      const { records } = await driver.executeQuery('MATCH (r:Repository {tenantId: $tenantId}) RETURN r.repoId AS slot ORDER BY slot', {
        tenantId,
      });
      expect(records.map((record) => record.get('slot'))).toEqual([BILLING, `${CONTRACTS}~2`, SERVICE]);
      expect(await crossLinks(tenantId)).toEqual([...BILLING_LINKS, ...SERVICE_LINKS].sort((a, b) => compareLinks(a, b)));

      rmSync(added);
      await indexing.indexRepository({ path: provider.path, repositoryId: CONTRACTS }, principal(tenantId));
      expect(await crossLinks(tenantId)).toEqual([...BILLING_LINKS, ...SERVICE_LINKS].sort((a, b) => compareLinks(a, b)));
      const [contracts, others] = await Promise.all([
        dumpRepository(driver, tenantId, CONTRACTS, `${CONTRACTS}~2`),
        graphOf(tenantId, [SERVICE, BILLING]),
      ]);
      expect({ [CONTRACTS]: contracts, ...others }).toEqual(before);
    } finally {
      await beside.close();
    }
  }, 120_000);

  it('links only inside a tenant', async () => {
    await indexInOrder('links-other', [SERVICE]);
    expect(await crossLinks('links-other')).toEqual([]);
  }, 60_000);
});

function compareLinks(a: unknown[], b: unknown[]): number {
  const key = (link: unknown[]): string => `${link[0]} ${link[1]} ${link[2]}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}
