import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitFixture, gitIn, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { runCli, startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { AnalyzeImpactResultSchema } from '@lore/domain/schemas/impact';
import { GetRelatedTestsResultSchema } from '@lore/domain/schemas/related-tests';
import { GetGraphNeighborhoodResultSchema } from '@lore/domain/schemas/neighborhood';
import { GetDocumentsResultSchema } from '@lore/domain/schemas/documents';
import { FileSpanSchema } from '@lore/domain/schemas/files';
import { ProjectStructureSchema } from '@lore/domain/schemas/structure';
import { askEveryDoor, type Capability, cliJson, connectMcp, type Doors, type McpDoor, restJson } from './doors';

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

/** analyze_impact through every door: asked by two describes, order-service's own and across repositories. */
const ANALYZE_IMPACT: Omit<Capability, 'cli'> = {
  tool: 'analyze_impact',
  graphqlField: 'impact',
  graphqlInput: 'AnalyzeImpactInput',
  result: AnalyzeImpactResultSchema,
  restPath: '/api/v1/impact',
};

describe('get_callees', () => {
  const services = 'src/services/order-service.ts';
  const validator = 'src/validation/order-validator.ts';
  const source = ref('order-service', services, 'OrderService.placeOrder', 'method', 22, 28);
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
    step(validate, 1, 23, source),
    step(orderTotal, 1, 24, source),
    step(ref('order-service', 'src/pricing/discounts.ts', 'applyDiscount', 'function', 9, 12), 1, 24, source),
    step(ref('order-service', 'src/repository/order-repository.ts', 'OrderRepository.save', 'method', 5, 5), 1, 25, source),
    // The callback placeOrder hands to map is a body it ENCLOSES, not one it calls: not a callee.
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
            // orderTotal calls lineTotal only from its reduce callback, a body it encloses: no callee of orderTotal.
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
  const placeOrder = ref(REPO, services, 'OrderService.placeOrder', 'method', 22, 28);
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
    knowledge: [],
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

  parityTable(ANALYZE_IMPACT, () => [
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
  ]);

  it('fails a CI step past a threshold (--fail-on)', async () => {
    const passing = await runCli(['impact', 'applyDiscount', '--fail-on', '1'], env);
    expect(passing.code).toBe(0);
    const failing = await runCli(['impact', 'applyDiscount', '--fail-on', '0'], env);
    expect({ code: failing.code, stderr: failing.stderr.trim() }).toEqual({ code: 5, stderr: '1 symbols affected: more than --fail-on 0' });
  });
});

describe('get_documents', () => {
  const REPO = 'order-service';
  const services = 'src/services/order-service.ts';
  const applyDiscount = ref(REPO, 'src/pricing/discounts.ts', 'applyDiscount', 'function', 9, 12);
  const placeOrder = ref(REPO, services, 'OrderService.placeOrder', 'method', 22, 28);
  /** README.md's one section (its heading on line 1, four lines) names applyDiscount, OrderService.placeOrder, OrderValidator and OrderRepository. */
  const readme = (refersBy: string[], symbols: unknown[]) => ({
    uri: `doc://${REPO}/${commitOf(REPO)}/README.md#L1-L4`,
    repositoryId: REPO,
    path: 'README.md',
    documentTitle: 'order-service',
    documentKind: 'readme',
    title: 'order-service',
    level: 1,
    startLine: 1,
    endLine: 4,
    refersBy,
    symbols,
  });
  const answer = (target: unknown, sections: unknown[]) => ({
    target,
    sections,
    knowledge: [],
    warnings: [],
    trustBoundary: 'untrusted_repository_content',
  });

  parityTable(
    {
      tool: 'get_documents',
      graphqlField: 'documents',
      graphqlInput: 'GetDocumentsInput',
      result: GetDocumentsResultSchema,
      restPath: '/api/v1/documents',
    },
    () => [
      {
        name: 'the README section that names a symbol',
        input: { name: 'applyDiscount' },
        query: 'name=applyDiscount',
        cli: ['docs-for', 'applyDiscount'],
        expected: () =>
          answer({ repositoryId: REPO, path: applyDiscount.path, symbol: applyDiscount }, [readme(['mentions_symbol'], [applyDiscount])]),
      },
      {
        name: 'the README section that names a symbol a file declares',
        input: { repositoryId: REPO, path: services },
        query: `repositoryId=${REPO}&path=${services}`,
        cli: ['docs-for', services, '--repo', REPO],
        expected: () => answer({ repositoryId: REPO, path: services, symbol: null }, [readme(['mentions_its_symbol'], [placeOrder])]),
      },
      {
        name: 'no section for a symbol no document names',
        input: { name: 'orderTotal' },
        query: 'name=orderTotal',
        cli: ['docs-for', 'orderTotal'],
        expected: () =>
          answer(
            { repositoryId: REPO, path: 'src/domain/order.ts', symbol: ref(REPO, 'src/domain/order.ts', 'orderTotal', 'function', 26, 28) },
            [],
          ),
      },
      {
        name: 'a path without its repository, in the only one indexed',
        input: { path: services },
        query: `path=${services}`,
        cli: ['docs-for', services],
        expected: () => answer({ repositoryId: REPO, path: services, symbol: null }, [readme(['mentions_its_symbol'], [placeOrder])]),
      },
      {
        name: 'invalid_input for a path outside the repository',
        input: { repositoryId: REPO, path: '../secrets/key.pem' },
        query: `repositoryId=${REPO}&path=../secrets/key.pem`,
        cli: ['docs-for', '../secrets/key.pem', '--repo', REPO],
        expected: () => ({ error: 'invalid_input' }),
      },
      {
        name: 'not_found for a file that is not indexed',
        input: { repositoryId: REPO, path: 'src/missing.ts' },
        query: `repositoryId=${REPO}&path=src/missing.ts`,
        cli: ['docs-for', 'src/missing.ts', '--repo', REPO],
        expected: () => ({ error: 'not_found' }),
      },
      {
        name: 'ambiguous_target for a name several symbols have',
        input: { name: 'save' },
        query: 'name=save',
        cli: ['docs-for', 'save'],
        expected: () => ({ error: 'ambiguous_target' }),
      },
    ],
  );
});

describe('get_file_span', () => {
  const REPO = 'order-service';
  const discounts = 'src/pricing/discounts.ts';
  /** Lines of a fixture file as indexed, counted from 1; the file's last line is its last line. */
  const linesOf = (path: string, startLine: number, endLine: number): string =>
    readFileSync(join(fixtures.get(REPO)!.path, path), 'utf8')
      .split('\n')
      .slice(startLine - 1, endLine)
      .join('\n');
  const code = (path: string, fragment = '') => `code://${REPO}/${commitOf(REPO)}/${path}${fragment}`;
  const span = (fields: { uri: string; path: string; startLine: number; endLine: number; lineCount: number; nextUri?: string }) => {
    const markdown = fields.path.endsWith('.md');
    return {
      uri: fields.uri,
      repositoryId: REPO,
      commitSha: commitOf(REPO),
      path: fields.path,
      language: markdown ? 'markdown' : 'typescript',
      mimeType: markdown ? 'text/markdown' : 'text/x-typescript',
      startLine: fields.startLine,
      endLine: fields.endLine,
      lineCount: fields.lineCount,
      text: linesOf(fields.path, fields.startLine, fields.endLine),
      truncated: fields.nextUri !== undefined,
      nextUri: fields.nextUri ?? null,
      trustBoundary: 'untrusted_repository_content',
    };
  };
  /**
   * A question about a URI that names the fixture's commit, known once beforeAll has indexed it:
   * the input, query string and CLI arguments are made when the test asks them.
   */
  const aboutUri = (name: string, uriOf: () => string, expected: () => unknown, maxLines?: number): ParityCase => ({
    name,
    get input() {
      return { uri: uriOf(), ...(maxLines === undefined ? {} : { maxLines }) };
    },
    get query() {
      return `uri=${encodeURIComponent(uriOf())}${maxLines === undefined ? '' : `&maxLines=${maxLines}`}`;
    },
    get cli() {
      return ['read', uriOf(), ...(maxLines === undefined ? [] : ['--max-lines', String(maxLines)])];
    },
    expected,
  });

  parityTable(
    {
      tool: 'get_file_span',
      graphqlField: 'resource',
      graphqlInput: 'GetFileSpanInput',
      result: FileSpanSchema,
      restPath: '/api/v1/resources',
    },
    () => [
      aboutUri(
        'the lines a code:// range names',
        () => code(discounts, '#L9-L12'),
        () => span({ uri: code(discounts, '#L9-L12'), path: discounts, startLine: 9, endLine: 12, lineCount: 14 }),
      ),
      aboutUri(
        'a code:// URI without a fragment: the file from its first line, with its line count',
        () => code(discounts),
        () => span({ uri: code(discounts, '#L1-L14'), path: discounts, startLine: 1, endLine: 14, lineCount: 14 }),
      ),
      aboutUri(
        'at most maxLines lines, and the URI of those that follow',
        () => code(discounts, '#L9-L12'),
        () =>
          span({
            uri: code(discounts, '#L9-L11'),
            path: discounts,
            startLine: 9,
            endLine: 11,
            lineCount: 14,
            nextUri: code(discounts, '#L12-L12'),
          }),
        3,
      ),
      aboutUri(
        'a range that runs past the end stops at the last line',
        () => code('README.md', '#L3-L9'),
        () => span({ uri: code('README.md', '#L3-L4'), path: 'README.md', startLine: 3, endLine: 4, lineCount: 4 }),
      ),
      aboutUri(
        "a symbol:// URI: the symbol's lines",
        () => `symbol://${REPO}/${commitOf(REPO)}/OrderService.placeOrder`,
        () =>
          span({
            uri: `symbol://${REPO}/${commitOf(REPO)}/OrderService.placeOrder`,
            path: 'src/services/order-service.ts',
            startLine: 22,
            endLine: 28,
            lineCount: 37,
          }),
      ),
      aboutUri(
        'a doc:// URI: the document',
        () => `doc://${REPO}/${commitOf(REPO)}/README.md`,
        () => span({ uri: `doc://${REPO}/${commitOf(REPO)}/README.md#L1-L4`, path: 'README.md', startLine: 1, endLine: 4, lineCount: 4 }),
      ),
      aboutUri(
        'invalid_input for a malformed fragment',
        () => code(discounts, '#L-5-L3'),
        () => ({ error: 'invalid_input' }),
      ),
      aboutUri(
        'invalid_input for a fragment that is not a number',
        () => code(discounts, '#LNaN'),
        () => ({ error: 'invalid_input' }),
      ),
      aboutUri(
        'invalid_input for an encoded path out of the repository',
        () => code('src/%2e%2e/%2e%2e/etc/passwd'),
        () => ({ error: 'invalid_input' }),
      ),
      aboutUri(
        'invalid_input for a range past the end of the file',
        () => code(discounts, '#L15-L20'),
        () => ({ error: 'invalid_input' }),
      ),
      aboutUri(
        'invalid_input for more than 1000 lines',
        () => code(discounts),
        () => ({ error: 'invalid_input' }),
        1001,
      ),
      aboutUri(
        'not_found for a file that is not indexed',
        () => code('src/missing.ts', '#L1-L2'),
        () => ({ error: 'not_found' }),
      ),
      aboutUri(
        'not_found for a doc:// URI of a file that is not a document',
        () => `doc://${REPO}/${commitOf(REPO)}/${discounts}`,
        () => ({ error: 'not_found' }),
      ),
      aboutUri(
        'snapshot_not_indexed for another commit',
        () => `code://${REPO}/0000000000000000000000000000000000000000/${discounts}`,
        () => ({ error: 'snapshot_not_indexed' }),
      ),
    ],
  );

  it('reads symbol:// and doc:// URIs as MCP resources, the span as their metadata', async () => {
    const symbolUri = `symbol://${REPO}/${commitOf(REPO)}/applyDiscount`;
    const section = `doc://${REPO}/${commitOf(REPO)}/README.md#L1-L4`;
    for (const door of MCP_DOORS) {
      const { resourceTemplates } = await mcp.get(door)!.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
        'code://{repo}/{commit}/{+path}',
        'codeclone://latest/changed',
        'codeclone://latest/gates',
        'codeclone://latest/health',
        'codeclone://latest/report.json',
        'codeclone://latest/summary',
        'codeclone://latest/triage',
        'codeclone://runs/{run_id}/findings/{finding_id}',
        'codeclone://runs/{run_id}/report.json',
        'codeclone://runs/{run_id}/summary',
        'codeclone://schema',
        'context-pack://{contextPackId}',
        'doc://{repo}/{commit}/{+path}',
        'evidence-map://{documentId}',
        'knowledge://projects/{project_id}/chapters/{filename}',
        'knowledge://projects/{project_id}/files',
        'knowledge://projects/{project_id}/main',
        'memory://{memoryId}',
        'quality-report://{repo}/{commit}/{+path}',
        'symbol://{repo}/{commit}/{qualifiedName}',
      ]);
      const symbol = await mcp.get(door)!.readResource({ uri: symbolUri });
      expect(symbol.contents).toEqual([
        {
          uri: symbolUri,
          mimeType: 'text/x-typescript',
          text: linesOf(discounts, 9, 12),
          _meta: expect.objectContaining({
            path: discounts,
            startLine: 9,
            endLine: 12,
            lineCount: 14,
            nextUri: null,
            trustBoundary: 'untrusted_repository_content',
          }),
        },
      ]);
      const document = await mcp.get(door)!.readResource({ uri: section });
      expect(document.contents).toEqual([
        {
          uri: section,
          mimeType: 'text/markdown',
          text: linesOf('README.md', 1, 4),
          _meta: expect.objectContaining({ path: 'README.md', startLine: 1, endLine: 4, lineCount: 4, truncated: false }),
        },
      ]);
      await expect(mcp.get(door)!.readResource({ uri: code(discounts, '#LNaN') })).rejects.toMatchObject({
        code: -32602,
        data: { error: { code: 'invalid_input' } },
      });
    }
  });

  it('keeps GET /api/v1/spans, and both routes refuse an unknown parameter', async () => {
    const uri = encodeURIComponent(code(discounts, '#L9-L12'));
    const spans = await restJson(server.url, `/api/v1/spans?uri=${uri}`);
    expect(spans).toEqual({
      status: 200,
      body: span({ uri: code(discounts, '#L9-L12'), path: discounts, startLine: 9, endLine: 12, lineCount: 14 }),
    });
    for (const route of ['spans', 'resources']) {
      const unknown = await restJson(server.url, `/api/v1/${route}?uri=${uri}&lines=3`);
      expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid_input']);
    }
  });
});

describe('get_project_structure', () => {
  const REPO = 'order-service';
  type Row = [path: string, language: string, lines: number, bytes: number, symbols: number];
  /** The fixture's files as the indexer reads them: language, lines, bytes, symbols declared. */
  const FILES: Row[] = [
    ['README.md', 'markdown', 4, 182, 0],
    ['package.json', 'json', 7, 190, 0],
    ['src/domain/errors.ts', 'typescript', 7, 260, 2],
    ['src/domain/order.ts', 'typescript', 32, 712, 15],
    ['src/index.ts', 'typescript', 6, 403, 0],
    ['src/pricing/discounts.ts', 'typescript', 14, 455, 2],
    ['src/repository/order-repository.ts', 'typescript', 19, 511, 7],
    ['src/services/order-service.ts', 'typescript', 37, 1485, 9],
    ['src/validation/order-validator.ts', 'typescript', 25, 809, 3],
    ['test/order-service.spec.ts', 'typescript', 24, 1122, 4],
    ['test/order-validator.spec.ts', 'typescript', 10, 449, 3],
    ['tsconfig.json', 'json', 9, 152, 0],
  ];
  const file = (path: string, depth: number) => {
    const [, language, lines, bytes, symbols] = FILES.find(([known]) => known === path)!;
    return { path, kind: 'file', depth, language, bytes, lines, symbols, files: 1, blocked: false };
  };
  /** A directory: the sums over the given files below it. */
  const directory = (path: string, depth: number, below: string[] = FILES.map(([known]) => known)) => {
    const held = FILES.filter(([known]) => below.includes(known) && known.startsWith(`${path}/`));
    const total = (field: 2 | 3 | 4) => held.reduce((sum, row) => sum + row[field], 0);
    return {
      path,
      kind: 'directory',
      depth,
      language: null,
      bytes: total(3),
      lines: total(2),
      symbols: total(4),
      files: held.length,
      blocked: false,
    };
  };
  /** The repository's workspace id in the CodeDoc server's proj-<uuid> form, for this tenant. */
  const WORKSPACE_ID = 'proj-13f1b011-185b-5db4-afb6-c1211fe4fc16';
  const answer = (
    pathPrefix: string,
    entries: { path: string; kind: string; bytes: number }[],
    summary: unknown,
    nextCursor: unknown = null,
  ) => ({
    repositoryId: REPO,
    workspace_id: WORKSPACE_ID,
    commitSha: commitOf(REPO),
    indexedAt: expect.any(String),
    pathPrefix,
    entries,
    structure: {
      directories: entries.filter((entry) => entry.kind === 'directory').map((entry) => entry.path),
      files: entries
        .filter((entry) => entry.kind === 'file')
        .map((entry) => ({
          path: entry.path,
          size: entry.bytes,
          modified: expect.any(String),
          extension: entry.path.replace(/^.*(\.[^./]+)$/, '$1'),
        })),
    },
    summary,
    nextCursor,
    warnings: [],
  });
  const wholeSummary = (entries: number) => ({
    entries,
    files: 12,
    directories: 7,
    bytes: 6730,
    lines: 194,
    symbols: 45,
    languages: [
      { language: 'typescript', files: 9 },
      { language: 'json', files: 2 },
      { language: 'markdown', files: 1 },
    ],
    total_files: 12,
    total_directories: 7,
    file_types: { '.json': 2, '.md': 1, '.ts': 9 },
  });
  const kept = [
    'src/pricing/discounts.ts',
    'src/repository/order-repository.ts',
    'src/services/order-service.ts',
    'src/validation/order-validator.ts',
  ];

  const STRUCTURE: Omit<Capability, 'cli'> = {
    tool: 'get_project_structure',
    graphqlField: 'projectStructure',
    graphqlInput: 'GetProjectStructureInput',
    result: ProjectStructureSchema,
    restPath: '/api/v1/structure',
  };

  parityTable(STRUCTURE, () => [
    {
      name: 'the top level, each directory with the sums of what it holds',
      input: { repositoryId: REPO, depth: 1 },
      query: `repositoryId=${REPO}&depth=1`,
      cli: ['tree', REPO, '--depth', '1'],
      expected: () =>
        answer(
          '',
          [file('README.md', 1), file('package.json', 1), directory('src', 1), directory('test', 1), file('tsconfig.json', 1)],
          wholeSummary(5),
        ),
    },
    {
      name: 'below a directory, without the files the exclude globs match',
      input: { repositoryId: REPO, pathPrefix: 'src', exclude: ['src/domain/**', 'index.ts'] },
      query: `repositoryId=${REPO}&pathPrefix=src&exclude=src/domain/**,index.ts`,
      cli: ['tree', REPO, '--path', 'src', '--exclude', 'src/domain/**', 'index.ts'],
      expected: () =>
        answer(
          'src',
          kept.flatMap((path) => [directory(path.split('/').slice(0, 2).join('/'), 1, kept), file(path, 2)]),
          {
            entries: 8,
            files: 4,
            directories: 4,
            bytes: 3260,
            lines: 95,
            symbols: 21,
            languages: [{ language: 'typescript', files: 4 }],
            total_files: 4,
            total_directories: 4,
            file_types: { '.ts': 4 },
          },
        ),
    },
    {
      name: 'a page of the listing, with a cursor to the next',
      input: { repositoryId: REPO, limit: 2 },
      query: `repositoryId=${REPO}&limit=2`,
      cli: ['tree', REPO, '--limit', '2'],
      expected: () => answer('', [file('README.md', 1), file('package.json', 1)], wholeSummary(19), expect.any(String)),
    },
    {
      name: 'invalid_input for a depth out of range',
      input: { repositoryId: REPO, depth: 0 },
      query: `repositoryId=${REPO}&depth=0`,
      cli: ['tree', REPO, '--depth', '0'],
      expected: () => ({ error: 'invalid_input' }),
    },
    {
      name: 'invalid_input for a path prefix out of the repository',
      input: { repositoryId: REPO, pathPrefix: '../other' },
      query: `repositoryId=${REPO}&pathPrefix=../other`,
      cli: ['tree', REPO, '--path', '../other'],
      expected: () => ({ error: 'invalid_input' }),
    },
    {
      name: 'invalid_input for a cursor that is not one',
      input: { repositoryId: REPO, cursor: 'not-a-cursor' },
      query: `repositoryId=${REPO}&cursor=not-a-cursor`,
      cli: ['tree', REPO, '--cursor', 'not-a-cursor'],
      expected: () => ({ error: 'invalid_input' }),
    },
    {
      name: 'not_found for a directory with no indexed file',
      input: { repositoryId: REPO, pathPrefix: 'lib' },
      query: `repositoryId=${REPO}&pathPrefix=lib`,
      cli: ['tree', REPO, '--path', 'lib'],
      expected: () => ({ error: 'not_found' }),
    },
    {
      name: 'not_found for a workspace path no repository was indexed from',
      input: { workspace_path: '/nowhere/order-service' },
      query: 'workspace_path=/nowhere/order-service',
      cli: ['tree', '/nowhere/order-service'],
      expected: () => ({ error: 'not_found' }),
    },
    {
      name: 'not_found for a repository that is not indexed',
      input: { repositoryId: 'nope' },
      query: 'repositoryId=nope',
      cli: ['tree', 'nope'],
      expected: () => ({ error: 'not_found' }),
    },
  ]);

  it("takes the CodeDoc server's arguments through every door: the workspace by the path it was indexed from, max_depth and exclude_patterns", async () => {
    const root = fixtures.get(REPO)!.path;
    const below = FILES.map(([path]) => path).filter((path) => !path.endsWith('.json'));
    const expected = answer('', [file('README.md', 1), directory('src', 1, below), directory('test', 1, below)], {
      entries: 3,
      files: 10,
      directories: 7,
      bytes: 6388,
      lines: 178,
      symbols: 45,
      languages: [
        { language: 'typescript', files: 9 },
        { language: 'markdown', files: 1 },
      ],
      total_files: 10,
      total_directories: 7,
      file_types: { '.md': 1, '.ts': 9 },
    });
    const answers = await askEveryDoor(
      doors(),
      { ...STRUCTURE, cli: ['tree', root, '--depth', '1', '--exclude', '*.json'] },
      { workspace_path: root, max_depth: 1, exclude_patterns: ['*.json'] },
      `workspace_path=${encodeURIComponent(root)}&max_depth=1&exclude_patterns=*.json`,
    );
    for (const [door, given] of Object.entries(answers)) expect({ door, given }).toEqual({ door, given: expected });
  });

  it('pages with a cursor from any door through any other, the pages together the whole listing', async () => {
    const whole = await cliJson(['tree', REPO], env);
    const first = await mcp.get('stdio')!.callTool({ name: 'get_project_structure', arguments: { repositoryId: REPO, limit: 8 } });
    const firstPage = (first.structuredContent as { data: { entries: unknown[]; nextCursor: string } }).data;
    const second = await restJson(server.url, `/api/v1/structure?repositoryId=${REPO}&limit=8&cursor=${firstPage.nextCursor}`);
    const third = await cliJson(['tree', REPO, '--limit', '8', '--cursor', second.body.nextCursor as string], env);
    expect(third.body.nextCursor).toBeNull();
    expect([...firstPage.entries, ...(second.body.entries as unknown[]), ...(third.body.entries as unknown[])]).toEqual(whole.body.entries);
    expect((whole.body.entries as { path: string }[]).map((entry) => entry.path)).toEqual([
      'README.md',
      'package.json',
      'src',
      'src/domain',
      'src/domain/errors.ts',
      'src/domain/order.ts',
      'src/index.ts',
      'src/pricing',
      'src/pricing/discounts.ts',
      'src/repository',
      'src/repository/order-repository.ts',
      'src/services',
      'src/services/order-service.ts',
      'src/validation',
      'src/validation/order-validator.ts',
      'test',
      'test/order-service.spec.ts',
      'test/order-validator.spec.ts',
      'tsconfig.json',
    ]);
  });
});

describe('get_related_tests', () => {
  const REPO = 'order-service';
  const specs = 'test/order-service.spec.ts';
  const placeOrder = `${TENANT}:${REPO}:src/services/order-service.ts#OrderService.placeOrder`;
  const transitive = (qualifiedName: string, startLine: number, endLine: number) => ({
    test: ref(REPO, specs, qualifiedName, 'test', startLine, endLine),
    via: 'transitive',
    distance: 2,
    exercises: placeOrder,
  });
  const validatorTest = {
    test: ref(REPO, 'test/order-validator.spec.ts', 'OrderValidator > rejects an order without lines', 'test', 6, 9),
    via: 'direct',
    distance: 1,
    exercises: `${TENANT}:${REPO}:src/validation/order-validator.ts#OrderValidator.validate`,
  };

  parityTable(
    {
      tool: 'get_related_tests',
      graphqlField: 'relatedTests',
      graphqlInput: 'GetRelatedTestsInput',
      result: GetRelatedTestsResultSchema,
      restPath: '/api/v1/tests',
    },
    () => [
      {
        name: 'the tests that reach a function through its caller',
        input: { name: 'applyDiscount' },
        query: 'name=applyDiscount',
        cli: ['tests-for', 'applyDiscount'],
        expected: () => ({
          targets: [ref(REPO, 'src/pricing/discounts.ts', 'applyDiscount', 'function', 9, 12)],
          tests: [
            transitive('OrderService > places a valid order with its discount', 11, 15),
            transitive('OrderService > cancels a placed order', 17, 23),
          ],
          testFiles: [specs],
          warnings: [],
          trustBoundary: 'untrusted_repository_content',
        }),
      },
      {
        name: 'a test that calls the method directly comes first',
        input: { name: 'OrderValidator.validate' },
        query: 'name=OrderValidator.validate',
        cli: ['tests-for', 'OrderValidator.validate'],
        expected: () => ({
          targets: [ref(REPO, 'src/validation/order-validator.ts', 'OrderValidator.validate', 'method', 8, 13)],
          tests: [
            validatorTest,
            transitive('OrderService > places a valid order with its discount', 11, 15),
            transitive('OrderService > cancels a placed order', 17, 23),
          ],
          testFiles: ['test/order-validator.spec.ts', specs],
          warnings: [],
          trustBoundary: 'untrusted_repository_content',
        }),
      },
      {
        name: 'invalid_input without a target',
        input: {},
        query: '',
        cli: ['tests-for'],
        expected: () => ({ error: 'invalid_input' }),
      },
    ],
  );

  it('prints one test file per line for a test runner', async () => {
    const plain = await runCli(['tests-for', 'src/pricing/discounts.ts'], env);
    expect({ code: plain.code, stdout: plain.stdout }).toEqual({ code: 0, stdout: `${specs}\n` });
  });
});

describe('get_graph_neighborhood', () => {
  const REPO = 'order-service';
  const discounts = 'src/pricing/discounts.ts';
  const specs = 'test/order-service.spec.ts';
  const symbolNode = (symbol: ReturnType<typeof ref>, distance: number) => ({
    uid: symbol.uid,
    label: 'Symbol',
    name: symbol.name,
    kind: symbol.kind,
    qualifiedName: symbol.qualifiedName,
    repositoryId: REPO,
    path: symbol.path,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    distance,
  });
  const applyDiscount = ref(REPO, discounts, 'applyDiscount', 'function', 9, 12);
  const placeOrder = ref(REPO, 'src/services/order-service.ts', 'OrderService.placeOrder', 'method', 22, 28);
  const placesOrder = ref(REPO, specs, 'OrderService > places a valid order with its discount', 'test', 11, 15);
  const cancels = ref(REPO, specs, 'OrderService > cancels a placed order', 'test', 17, 23);
  const call = (from: { uid: string }, to: { uid: string }, line: number) => ({
    from: from.uid,
    to: to.uid,
    type: 'CALLS',
    confidence: 'exact',
    line,
  });
  const answer = (nodes: unknown[], edges: unknown[]) => ({
    center: symbolNode(applyDiscount, 0),
    nodes,
    edges,
    truncated: false,
    warnings: [],
    trustBoundary: 'untrusted_repository_content',
  });

  parityTable(
    {
      tool: 'get_graph_neighborhood',
      graphqlField: 'neighborhood',
      graphqlInput: 'GetGraphNeighborhoodInput',
      result: GetGraphNeighborhoodResultSchema,
      restPath: '/api/v1/neighborhood',
    },
    () => [
      {
        name: 'every edge around a function: its caller, its file, the section naming it',
        input: { name: 'applyDiscount' },
        query: 'name=applyDiscount',
        cli: ['neighborhood', 'applyDiscount'],
        expected: () => {
          const file = `${TENANT}:${REPO}:${discounts}`;
          const section = `${TENANT}:${REPO}:README.md#L1`;
          return answer(
            [
              symbolNode(placeOrder, 1),
              {
                uid: file,
                label: 'File',
                name: discounts,
                kind: null,
                qualifiedName: null,
                repositoryId: REPO,
                path: discounts,
                startLine: null,
                endLine: null,
                distance: 1,
              },
              {
                uid: section,
                label: 'Section',
                name: 'order-service',
                kind: null,
                qualifiedName: null,
                repositoryId: REPO,
                path: 'README.md',
                startLine: 1,
                endLine: 4,
                distance: 1,
              },
            ],
            [
              call(placeOrder, applyDiscount, 24),
              { from: file, to: applyDiscount.uid, type: 'DECLARES', confidence: null, line: null },
              { from: section, to: applyDiscount.uid, type: 'MENTIONS', confidence: null, line: null },
            ],
          );
        },
      },
      {
        name: 'callers two hops in, calls only',
        input: { name: 'applyDiscount', depth: 2, direction: 'in', edgeTypes: ['CALLS'] },
        query: 'name=applyDiscount&depth=2&direction=in&edgeTypes=CALLS',
        cli: ['neighborhood', 'applyDiscount', '--depth', '2', '--direction', 'in', '--edges', 'CALLS'],
        expected: () =>
          answer(
            [symbolNode(placeOrder, 1), symbolNode(placesOrder, 2), symbolNode(cancels, 2)],
            [call(placeOrder, applyDiscount, 24), call(placesOrder, placeOrder, 13), call(cancels, placeOrder, 20)],
          ),
      },
      {
        name: 'cut at the limit, with how to narrow',
        input: { name: 'applyDiscount', limit: 1 },
        query: 'name=applyDiscount&limit=1',
        cli: ['neighborhood', 'applyDiscount', '--limit', '1'],
        expected: () => ({
          ...answer([symbolNode(placeOrder, 1)], [call(placeOrder, applyDiscount, 24)]),
          truncated: true,
          warnings: [
            {
              code: 'output_truncated',
              message:
                'The neighborhood has more than 1 nodes: only the nearest are listed. Narrow it with edgeTypes (e.g. CALLS), direction (in or out) or a smaller depth, or raise limit (at most 500).',
            },
          ],
        }),
      },
      {
        name: 'invalid_input for an unknown edge type',
        input: { name: 'applyDiscount', edgeTypes: ['FRIENDS'] },
        query: 'name=applyDiscount&edgeTypes=FRIENDS',
        cli: ['neighborhood', 'applyDiscount', '--edges', 'FRIENDS'],
        expected: () => ({ error: 'invalid_input' }),
      },
      {
        name: 'invalid_input for a depth out of range',
        input: { name: 'applyDiscount', depth: 4 },
        query: 'name=applyDiscount&depth=4',
        cli: ['neighborhood', 'applyDiscount', '--depth', '4'],
        expected: () => ({ error: 'invalid_input' }),
      },
    ],
  );
});

describe('analyze_impact across repositories', () => {
  // Indexed here, after the describes above (which see order-service alone): order-contracts provides
  // @acme/order-contracts, which order-service calls, and acme_order_contracts, which billing-service calls.
  const CONTRACTS = 'order-contracts';
  const SERVICE = 'order-service';
  const BILLING = 'billing-service';
  const events = 'src/events.ts';
  const python = 'python/acme_order_contracts/__init__.py';
  const specs = 'test/order-service.spec.ts';
  const orderPlaced = ref(CONTRACTS, events, 'orderPlaced', 'function', 34, 36);
  const invoiceRequest = ref(CONTRACTS, python, 'invoice_request', 'function', 4, 11);
  const placeOrder = ref(SERVICE, 'src/services/order-service.ts', 'OrderService.placeOrder', 'method', 22, 28);
  const invoiceForOrder = ref(BILLING, 'billing/orders.py', 'invoice_for_order', 'function', 8, 11);
  /** A link into another repository: followed from an import to an exported name, so `import`, never `exact`. */
  const link = (from: { uid: string }, to: { uid: string }) => ({ from: from.uid, to: to.uid, type: 'CALLS', confidence: 'import' });
  const affected = (symbol: { uid: string }, target: { uid: string }) => ({
    symbol,
    distance: 1,
    confidence: 'import',
    evidence: [link(symbol, target)],
  });
  const throughPlaceOrder = (qualifiedName: string, startLine: number, endLine: number) => ({
    test: ref(SERVICE, specs, qualifiedName, 'test', startLine, endLine),
    via: 'transitive',
    distance: 2,
    exercises: placeOrder.uid,
  });
  const placeOrderTests = [
    throughPlaceOrder('OrderService > places a valid order with its discount', 11, 15),
    throughPlaceOrder('OrderService > cancels a placed order', 17, 23),
  ];
  const readme = {
    repositoryId: SERVICE,
    documentPath: 'README.md',
    title: 'order-service',
    startLine: 1,
    endLine: 4,
    mentions: placeOrder.uid,
  };
  const hotspot = (symbol: { uid: string; qualifiedName: string }, distance: number, dependents: number) => ({
    uid: symbol.uid,
    qualifiedName: symbol.qualifiedName,
    distance,
    dependents,
  });
  const answer = (parts: Record<string, unknown>, summary: Record<string, unknown>) => ({
    changedFiles: [],
    files: [],
    tests: [],
    documents: [],
    knowledge: [],
    ...parts,
    summary: { affectedFiles: 0, tests: 0, documentSections: 0, weakestConfidence: 'import', ...summary },
    warnings: [],
    trustBoundary: 'untrusted_repository_content',
  });
  const file = (repositoryId: string, path: string) => `${TENANT}:${repositoryId}:${path}`;
  const imports = (from: [string, string], to: [string, string]) => ({
    from: file(...from),
    to: file(...to),
    type: 'IMPORTS',
    confidence: from[0] === to[0] ? 'exact' : 'import',
  });
  const contracts = (path: string): [string, string] => [CONTRACTS, path];
  const service = (path: string): [string, string] => [SERVICE, path];
  /** Who imports the changed files, nearest first: order-contracts' own files, then order-service's and billing-service's through their links. */
  const importers = () => {
    const indexImportsEvents = imports(contracts('src/index.ts'), contracts(events));
    const serviceImportsIndex = imports(service('src/services/order-service.ts'), contracts('src/index.ts'));
    return [
      {
        repositoryId: BILLING,
        path: 'billing/orders.py',
        distance: 1,
        evidence: [imports([BILLING, 'billing/orders.py'], contracts(python))],
      },
      { repositoryId: CONTRACTS, path: 'src/index.ts', distance: 1, evidence: [indexImportsEvents] },
      { repositoryId: CONTRACTS, path: 'src/invoice.ts', distance: 1, evidence: [imports(contracts('src/invoice.ts'), contracts(events))] },
      {
        repositoryId: CONTRACTS,
        path: 'test/invoice.spec.ts',
        distance: 1,
        evidence: [imports(contracts('test/invoice.spec.ts'), contracts(events))],
      },
      {
        repositoryId: SERVICE,
        path: 'src/services/order-service.ts',
        distance: 2,
        evidence: [serviceImportsIndex, indexImportsEvents],
      },
      {
        repositoryId: SERVICE,
        path: 'src/index.ts',
        distance: 3,
        evidence: [imports(service('src/index.ts'), service('src/services/order-service.ts')), serviceImportsIndex, indexImportsEvents],
      },
      {
        repositoryId: SERVICE,
        path: specs,
        distance: 3,
        evidence: [imports(service(specs), service('src/services/order-service.ts')), serviceImportsIndex, indexImportsEvents],
      },
    ];
  };

  // order-contracts on a branch that edits the bodies of orderPlaced (line 35) and invoice_request (line 10).
  beforeAll(async () => {
    const { path } = await indexFixture(CONTRACTS);
    await indexFixture(BILLING);
    gitIn(path, ['checkout', '-q', '-b', 'contract-change']);
    const edit = (relative: string, from: string, to: string) => {
      const target = join(path, relative);
      writeFileSync(target, readFileSync(target, 'utf8').replace(from, to));
    };
    edit(events, 'totalCents, lines, placedAt', 'totalCents, lines: [...lines], placedAt');
    edit(python, 'len(event["lines"])', 'len(event["lines"] or [])');
    gitIn(path, ['commit', '-q', '-am', 'copy the lines of an event']);
    gitIn(path, ['checkout', '-q', 'main']);
  }, 180_000);

  parityTable(ANALYZE_IMPACT, () => [
    {
      name: "a TypeScript function of order-contracts: order-service's caller, its tests and the section naming it",
      input: { name: 'orderPlaced', repositoryId: CONTRACTS },
      query: `name=orderPlaced&repositoryId=${CONTRACTS}`,
      cli: ['impact', 'orderPlaced', '--repo', CONTRACTS],
      expected: () =>
        answer(
          { targets: [orderPlaced], affected: [affected(placeOrder, orderPlaced)], tests: placeOrderTests, documents: [readme] },
          {
            affectedSymbols: 1,
            tests: 2,
            documentSections: 1,
            repositories: [CONTRACTS, SERVICE],
            mostDependedOn: [hotspot(placeOrder, 1, 2), hotspot(orderPlaced, 0, 1)],
          },
        ),
    },
    {
      name: "a Python function of order-contracts: billing-service's caller",
      input: { name: 'invoice_request', repositoryId: CONTRACTS },
      query: `name=invoice_request&repositoryId=${CONTRACTS}`,
      cli: ['impact', 'invoice_request', '--repo', CONTRACTS],
      expected: () =>
        answer(
          { targets: [invoiceRequest], affected: [affected(invoiceForOrder, invoiceRequest)] },
          { affectedSymbols: 1, repositories: [BILLING, CONTRACTS], mostDependedOn: [hotspot(invoiceRequest, 0, 1)] },
        ),
    },
    {
      name: 'a diff of order-contracts that changes both: the callers and importers in order-service and billing-service',
      input: { diff: 'main..contract-change', repositoryId: CONTRACTS },
      query: `diff=main..contract-change&repositoryId=${CONTRACTS}`,
      cli: ['impact', '--diff', 'main..contract-change', '--repo', CONTRACTS],
      expected: () =>
        answer(
          {
            targets: [invoiceRequest, orderPlaced],
            changedFiles: [
              { repositoryId: CONTRACTS, path: python },
              { repositoryId: CONTRACTS, path: events },
            ],
            affected: [affected(invoiceForOrder, invoiceRequest), affected(placeOrder, orderPlaced)],
            files: importers(),
            tests: placeOrderTests,
            documents: [readme],
          },
          {
            affectedSymbols: 2,
            affectedFiles: 7,
            tests: 2,
            documentSections: 1,
            repositories: [BILLING, CONTRACTS, SERVICE],
            mostDependedOn: [hotspot(placeOrder, 1, 2), hotspot(invoiceRequest, 0, 1), hotspot(orderPlaced, 0, 1)],
          },
        ),
    },
  ]);
});
