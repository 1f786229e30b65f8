import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitFixture, gitIn, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { runCli, startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { AnalyzeImpactResultSchema } from '@lore/domain/schemas/impact';
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

describe('analyze_impact', () => {
  const REPO = 'order-service';
  const discounts = 'src/pricing/discounts.ts';
  const services = 'src/services/order-service.ts';
  const specs = 'test/order-service.spec.ts';
  const applyDiscount = ref(REPO, discounts, 'applyDiscount', 'function', 9, 12);
  const placeOrder = ref(REPO, services, 'OrderService.placeOrder', 'method', 20, 25);
  const calls = (from: { uid: string }, to: { uid: string }) => ({ from: from.uid, to: to.uid, type: 'CALLS', confidence: 'exact' });
  const imports = (from: string, to: string) => ({
    from: `${TENANT}:${REPO}:${from}`,
    to: `${TENANT}:${REPO}:${to}`,
    type: 'IMPORTS',
    confidence: 'exact',
  });
  const throughPlaceOrder = (qualifiedName: string, startLine: number, endLine: number) => ({
    test: ref(REPO, specs, qualifiedName, 'test', startLine, endLine),
    via: 'transitive',
    distance: 2,
    exercises: placeOrder.uid,
  });
  const readme = (mentions: { uid: string }) => ({
    repositoryId: REPO,
    documentPath: 'README.md',
    title: 'order-service',
    startLine: 1,
    endLine: 4,
    mentions: mentions.uid,
  });
  /** The impact of changing applyDiscount, whichever way the change is named. */
  const ofApplyDiscount = (changed: { changedFiles: unknown[]; files: unknown[] } = { changedFiles: [], files: [] }) => ({
    targets: [applyDiscount],
    changedFiles: changed.changedFiles,
    affected: [{ symbol: placeOrder, distance: 1, confidence: 'exact', evidence: [calls(placeOrder, applyDiscount)] }],
    files: changed.files,
    tests: [
      throughPlaceOrder('OrderService > places a valid order with its discount', 11, 15),
      throughPlaceOrder('OrderService > cancels a placed order', 17, 23),
    ],
    documents: [readme(applyDiscount), readme(placeOrder)],
    summary: {
      affectedSymbols: 1,
      affectedFiles: changed.files.length,
      tests: 2,
      documentSections: 2,
      repositories: [REPO],
      weakestConfidence: 'exact',
      mostDependedOn: [
        { uid: placeOrder.uid, qualifiedName: 'OrderService.placeOrder', distance: 1, dependents: 2 },
        { uid: applyDiscount.uid, qualifiedName: 'applyDiscount', distance: 0, dependents: 1 },
      ],
    },
    warnings: [],
    trustBoundary: 'untrusted_repository_content',
  });
  const importersOfDiscounts = [
    { repositoryId: REPO, path: 'src/index.ts', distance: 1, evidence: [imports('src/index.ts', discounts)] },
    { repositoryId: REPO, path: services, distance: 1, evidence: [imports(services, discounts)] },
    { repositoryId: REPO, path: specs, distance: 2, evidence: [imports(specs, services), imports(services, discounts)] },
  ];

  // A commit on a branch of the indexed repository that edits the body of applyDiscount (line 11); the work tree stays on main.
  beforeAll(() => {
    const { path } = fixtures.get(REPO)!;
    gitIn(path, ['checkout', '-q', '-b', 'bigger-discounts']);
    const file = join(path, discounts);
    writeFileSync(file, readFileSync(file, 'utf8').replace('(100 - percent) / 100', '(100 - percent * 2) / 100'));
    gitIn(path, ['commit', '-q', '-am', 'double every discount']);
    gitIn(path, ['checkout', '-q', 'main']);
  });

  parityTable(
    {
      tool: 'analyze_impact',
      graphqlField: 'impact',
      graphqlInput: 'AnalyzeImpactInput',
      result: AnalyzeImpactResultSchema,
      restPath: '/api/v1/impact',
    },
    () => [
      {
        name: 'a symbol: its callers, the tests through them, the sections naming them, with evidence',
        input: { name: 'applyDiscount' },
        query: 'name=applyDiscount',
        cli: ['impact', 'applyDiscount'],
        expected: () => ofApplyDiscount(),
      },
      {
        name: 'the lines of a file map to the symbols they touch',
        input: { path: discounts, startLine: 10, endLine: 11 },
        query: `path=${discounts}&startLine=10&endLine=11`,
        cli: ['impact', `${discounts}:10-11`],
        expected: () => ofApplyDiscount({ changedFiles: [{ repositoryId: REPO, path: discounts }], files: importersOfDiscounts }),
      },
      {
        name: 'a git diff maps its changed lines to symbols first',
        input: { diff: 'main..bigger-discounts', repositoryId: REPO },
        query: `diff=main..bigger-discounts&repositoryId=${REPO}`,
        cli: ['impact', '--diff', 'main..bigger-discounts', '--repo', REPO],
        expected: () => ofApplyDiscount({ changedFiles: [{ repositoryId: REPO, path: discounts }], files: importersOfDiscounts }),
      },
      ...['--output=x', 'a..b;rm -rf /', '$(id)', 'main..main..main'].map((diff) => ({
        name: `invalid_input for the range ${diff}, before git runs`,
        input: { diff },
        query: `diff=${encodeURIComponent(diff)}`,
        cli: ['impact', `--diff=${diff}`],
        expected: () => ({ error: 'invalid_input' }),
      })),
      {
        name: 'invalid_input for a ref that is not a commit',
        input: { diff: 'no-such-branch..main' },
        query: 'diff=no-such-branch..main',
        cli: ['impact', '--diff', 'no-such-branch..main'],
        expected: () => ({ error: 'invalid_input' }),
      },
      {
        name: 'invalid_input for a path outside the repository',
        input: { path: '../etc/passwd' },
        query: 'path=../etc/passwd',
        cli: ['impact', '../etc/passwd'],
        expected: () => ({ error: 'invalid_input' }),
      },
      {
        name: 'invalid_input for two targets at once',
        input: { name: 'applyDiscount', paths: [discounts] },
        query: `name=applyDiscount&paths=${discounts}`,
        cli: ['impact', 'applyDiscount', '--paths', discounts],
        expected: () => ({ error: 'invalid_input' }),
      },
      {
        name: 'not_found for a file that is not indexed',
        input: { path: 'src/nope.ts' },
        query: 'path=src/nope.ts',
        cli: ['impact', 'src/nope.ts'],
        expected: () => ({ error: 'not_found' }),
      },
    ],
  );

  it('fails a CI step past a threshold (--fail-on)', async () => {
    const passing = await runCli(['impact', 'applyDiscount', '--fail-on', '1'], env);
    expect(passing.code).toBe(0);
    const failing = await runCli(['impact', 'applyDiscount', '--fail-on', '0'], env);
    expect({ code: failing.code, stderr: failing.stderr.trim() }).toEqual({ code: 5, stderr: '1 symbols affected: more than --fail-on 0' });
  });
});
