import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { gitFixture, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { askEveryDoor, type Capability, cliJson, connectMcp, type Doors, type McpDoor } from './doors';

/**
 * The graph services (issue: graph services) through every door: each capability has a table of
 * questions, each asked through REST, GraphQL, MCP (stdio and HTTP, both protocol eras) and the CLI,
 * and each door must give the one exact answer the fixture's code implies.
 */
const TENANT = 'graph-e2e';
const env = { LORE_TENANT: TENANT };
const MCP_DOORS: McpDoor[] = ['stdio', 'http 2026-07-28', 'http 2025-11-25'];

let driver: Driver;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();
const fixtures = new Map<string, FixtureRepository>();

/** Indexes a fixture repository under its own name with the CLI. */
async function indexFixture(name: string): Promise<FixtureRepository> {
  const fixture = gitFixture(name);
  const indexed = await cliJson(['index', fixture.path, '--name', name], env);
  expect(indexed).toMatchObject({ code: 0, body: { repositoryId: name, status: 'completed' } });
  fixtures.set(name, fixture);
  return fixture;
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  await indexFixture('order-service');
  server = await startServer(env);
  await waitUntilReady(server.url);
  for (const door of MCP_DOORS) mcp.set(door, await connectMcp(door, server.url, env));
}, 180_000);

afterAll(async () => {
  for (const client of mcp.values()) await client.close();
  await server?.stop();
  await driver?.close();
});

const doors = (): Doors => ({ url: server.url, env, mcp });
const commitOf = (repository: string): string => fixtures.get(repository)!.commitSha;

/** A symbol as every answer refers to it. */
export const ref = (repositoryId: string, path: string, qualifiedName: string, kind: string, startLine: number, endLine: number) => ({
  uid: `${TENANT}:${repositoryId}:${path}#${qualifiedName}`,
  kind,
  name: kind === 'test' ? qualifiedName.split(' > ').pop()! : qualifiedName.split('.').pop()!,
  qualifiedName,
  repositoryId,
  path,
  startLine,
  endLine,
});

/** One question of a capability's table: its input, the same question as a REST query string and CLI arguments, and the one answer. */
export interface ParityCase {
  name: string;
  input: Record<string, unknown>;
  query: string;
  cli: string[];
  expected: () => unknown;
}

/** Asks each case through every door and requires every door's answer to be the expected one. */
export function parityTable(capability: Omit<Capability, 'cli'>, cases: () => ParityCase[]): void {
  it.each(cases())('$name: the same answer through every door', async ({ input, query, cli, expected }) => {
    const answers = await askEveryDoor(doors(), { ...capability, cli }, input, query);
    for (const [door, answer] of Object.entries(answers)) expect({ door, answer }).toEqual({ door, answer: expected() });
  });
}

// Each capability's describe block follows, one per capability (add new ones at the end of the file).
void commitOf;

describe('get_callees', () => {
  const services = 'src/services/order-service.ts';
  const validator = 'src/validation/order-validator.ts';
  const source = ref('order-service', services, 'OrderService.placeOrder', 'method', 20, 25);
  const step = (symbol: ReturnType<typeof ref>, distance: number, line: number, via: { uid: string }) => ({
    symbol,
    distance,
    line,
    via: via.uid,
    confidence: 'exact',
  });
  const validate = ref('order-service', validator, 'OrderValidator.validate', 'method', 8, 13);
  const orderTotal = ref('order-service', 'src/domain/order.ts', 'orderTotal', 'function', 26, 28);
  const direct = [
    step(validate, 1, 21, source),
    step(orderTotal, 1, 22, source),
    step(ref('order-service', 'src/pricing/discounts.ts', 'applyDiscount', 'function', 9, 12), 1, 22, source),
    step(ref('order-service', 'src/repository/order-repository.ts', 'OrderRepository.save', 'method', 5, 5), 1, 23, source),
  ];
  const answer = (callees: unknown[], warnings: unknown[] = []) => ({
    source,
    callees,
    warnings,
    trustBoundary: 'untrusted_repository_content',
  });

  parityTable(
    {
      tool: 'get_callees',
      graphqlField: 'callees',
      graphqlInput: 'GetCalleesInput',
      result: GetCalleesResultSchema,
      restPath: '/api/v1/callees',
    },
    () => [
      {
        name: 'direct callees in call-site order',
        input: { name: 'OrderService.placeOrder' },
        query: 'name=OrderService.placeOrder',
        cli: ['callees', 'OrderService.placeOrder'],
        expected: () => answer(direct),
      },
      {
        name: 'what the callees call, with depth 2',
        input: { name: 'OrderService.placeOrder', depth: 2 },
        query: 'name=OrderService.placeOrder&depth=2',
        cli: ['callees', 'OrderService.placeOrder', '--depth', '2'],
        expected: () =>
          answer([
            ...direct,
            // `new ValidationError(...)` calls the class.
            step(ref('order-service', 'src/domain/errors.ts', 'ValidationError', 'class', 2, 7), 2, 10, validate),
            step(ref('order-service', validator, 'OrderValidator.checkLines', 'method', 15, 24), 2, 12, validate),
            step(ref('order-service', 'src/domain/order.ts', 'lineTotal', 'function', 30, 32), 2, 27, orderTotal),
          ]),
      },
      {
        name: 'ambiguous_target for a name several symbols have',
        input: { name: 'save' },
        query: 'name=save',
        cli: ['callees', 'save'],
        expected: () => ({ error: 'ambiguous_target' }),
      },
      {
        name: 'invalid_input for an unknown confidence',
        input: { name: 'OrderService.placeOrder', minConfidence: 'sure' },
        query: 'name=OrderService.placeOrder&minConfidence=sure',
        cli: ['callees', 'OrderService.placeOrder', '--min-confidence', 'sure'],
        expected: () => ({ error: 'invalid_input' }),
      },
    ],
  );
});
