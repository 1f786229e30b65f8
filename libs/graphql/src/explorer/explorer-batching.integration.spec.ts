import { type INestApplication, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { AccessModule, PrincipalMiddleware } from '@lore/access';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { CypherQueries, Neo4jService } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { gitFixture } from '../../../../test/support/fixtures';
import { testDriver, wipeGraph } from '../../../../test/support/graph';
import { GraphqlApiModule } from '../graphql-api.module';

/**
 * The explorer's per-request batching, against the real Neo4j: a nested query over every symbol of a
 * repository costs one Cypher query per level and list, however many symbols there are.
 */
const TENANT = 'explorer-batching';
process.env.LORE_TENANT = TENANT;
const principal: Principal = localPrincipal(TENANT, 'test');

@Module({ imports: [ConfigModule, AccessModule, KnowledgeModule, GraphqlApiModule] })
class GraphqlDoorModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(PrincipalMiddleware).forRoutes('graphql');
  }
}

let app: INestApplication;
let driver: Driver;
let url: string;

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  const moduleRef = await Test.createTestingModule({ imports: [GraphqlDoorModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  url = `${await app.getUrl()}/graphql`;
  await app.get(IndexingService).indexRepository({ path: gitFixture('order-service').path, repositoryId: 'order-service' }, principal);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await driver?.close();
});

async function graphql(query: string): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as never;
}

const EVERY_SYMBOL_AND_ITS_NEIGHBOURS = `{
  repository(id: "order-service") {
    files(first: 20) {
      nodes {
        symbols(first: 20) {
          nodes {
            uid
            callers(first: 5) { totalCount nodes { qualifiedName file { path } } }
            callees(first: 5) { totalCount nodes { qualifiedName repository { id } } }
            members(first: 5) { totalCount }
            tests(first: 5) { totalCount }
            documents(first: 5) { totalCount }
            file { path }
          }
        }
      }
    }
  }
}`;

describe('the explorer batches a request', () => {
  it('answers a nested query over every symbol with one Cypher query per level and list', async () => {
    const read = jest.spyOn(app.get(Neo4jService), 'read');
    const body = await graphql(EVERY_SYMBOL_AND_ITS_NEIGHBOURS);
    expect(body.errors).toBeUndefined();
    const files = (body.data!.repository as { files: { nodes: { symbols: { nodes: unknown[] } }[] } }).files.nodes;
    const symbols = files.flatMap((file) => file.symbols.nodes);
    expect(symbols.length).toBeGreaterThan(40);
    // The repository's files, their symbols, the five lists of the symbols, and the files of the
    // symbols and their neighbours: 8 queries (without batching, 233 for the 42 symbols of the
    // fixture). The repositories (the principal's, and those of the symbols and neighbours) come from
    // the tenant's view (repositories/view), read aside: before each query outside an operation,
    // once for the root lookup, an operation; whether the caller must authenticate (any API key in
    // the graph) is asked aside too, now and then.
    const aside = [app.get(CypherQueries).get('repositories/view'), app.get(CypherQueries).get('keys/any')];
    expect(read.mock.calls.filter(([query]) => !aside.includes(query))).toHaveLength(8);
    read.mockRestore();
  });
});
