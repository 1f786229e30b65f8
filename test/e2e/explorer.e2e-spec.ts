import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { type Browser, chromium, type Page } from 'playwright-core';
import { gitFixture, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { cliJson, graphql } from './doors';
import { labelBoxes, nodes, overlappingLabels, type PageGraph } from './explorer-page-support';

/**
 * GraphQL as a person explores it (the explorer types, their pages, the limits of a query), and the two
 * pages a person opens: GraphiQL at /graphql and the graph at /explorer, in headless Chromium (Debian's
 * chromium package, driven by playwright-core, which downloads no browser). Screenshots are saved in
 * test-artifacts/explorer/.
 */
const TENANT = 'explorer-e2e';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };
const CHROMIUM = process.env.LORE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'explorer');

let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;

const SERVICE = 'src/services/order-service.ts';
const uid = (path: string, qualifiedName: string): string => `${TENANT}:${REPO}:${path}#${qualifiedName}`;
const PLACE_ORDER = uid(SERVICE, 'OrderService.placeOrder');
/** order-service's symbols by distinct dependents (callers, subclasses, implementers; tests among them), the first 12. */
const MOST_DEPENDED_ON = [
  ['OrderValidator', '3 dependents'],
  ['ValidationError', '3 dependents'],
  ['InMemoryOrderRepository', '2 dependents'],
  ['OrderRepository.save', '2 dependents'],
  ['OrderService', '2 dependents'],
  ['OrderService.placeOrder', '2 dependents'],
  ['OrderValidator.validate', '2 dependents'],
  ['newOrder', '2 dependents'],
  ['InMemoryOrderRepository.findById', '1 dependent'],
  ['OrderRepository', '1 dependent'],
  ['OrderRepository.findById', '1 dependent'],
  ['OrderService.cancelOrder', '1 dependent'],
] as const;

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture(REPO);
  const indexed = await cliJson(['index', fixture.path, '--name', REPO], env);
  expect(indexed).toMatchObject({ code: 0, body: { repositoryId: REPO, status: 'completed' } });
  server = await startServer(env);
  await waitUntilReady(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await driver?.close();
});

/** The data of a query that must succeed. */
async function ask(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const body = await graphql(server.url, query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

describe('GraphQL explorer types', () => {
  it('answers a symbol with its callers, callees, members, tests, documents, file and repository', async () => {
    const data = await ask(
      `query($uid: String!) { symbolNode(uid: $uid) {
        qualifiedName kind signature resourceUri
        file { path language repository { id } }
        repository { id commitSha }
        callers { totalCount edges { line confidence node { name } } }
        callees { totalCount edges { line confidence node { qualifiedName } } }
        members { totalCount nodes { name } }
        tests { totalCount edges { via node { name } } }
        documents { totalCount nodes { title resourceUri document { path kind } } }
      } }`,
      { uid: PLACE_ORDER },
    );
    const commit = fixture.commitSha;
    const call = (name: string, line: number) => ({ line, confidence: 'exact', node: { name } });
    const callee = (qualifiedName: string, line: number) => ({ line, confidence: 'exact', node: { qualifiedName } });
    expect(data.symbolNode).toEqual({
      qualifiedName: 'OrderService.placeOrder',
      kind: 'method',
      signature: 'async placeOrder(order: Order): Promise<PlacedOrder>',
      resourceUri: `code://${REPO}/${commit}/${SERVICE}#L22-L28`,
      file: { path: SERVICE, language: 'typescript', repository: { id: REPO } },
      repository: { id: REPO, commitSha: commit },
      callers: { totalCount: 2, edges: [call('places a valid order with its discount', 13), call('cancels a placed order', 20)] },
      // The callback placeOrder hands to map is a nested body of its own: a member it encloses, not a callee.
      callees: {
        totalCount: 4,
        edges: [
          callee('OrderValidator.validate', 23),
          callee('orderTotal', 24),
          callee('applyDiscount', 24),
          callee('OrderRepository.save', 25),
        ],
      },
      members: { totalCount: 1, nodes: [{ name: 'map(0)' }] },
      tests: {
        totalCount: 2,
        edges: [
          { via: 'direct', node: { name: 'places a valid order with its discount' } },
          { via: 'direct', node: { name: 'cancels a placed order' } },
        ],
      },
      documents: {
        totalCount: 1,
        nodes: [
          {
            title: 'order-service',
            resourceUri: `doc://${REPO}/${commit}/README.md#L1-L4`,
            document: { path: 'README.md', kind: 'readme' },
          },
        ],
      },
    });
  });

  it('walks from the repositories to files, symbols, documents and sections, and from an impact answer into the graph', async () => {
    const data = await ask(`{
      repositories(first: 1) { totalCount nodes { id versionedBy
        files(first: 2, pathPrefix: "src/pricing/") { totalCount nodes { path symbols(first: 5) { nodes { qualifiedName } } } }
        documents(first: 2) { nodes { path sections(first: 5) { nodes { title symbols(first: 5) { nodes { qualifiedName } } } } } }
      } }
      file(repositoryId: "${REPO}", path: "src/pricing/discounts.ts") { lines symbols(first: 1) { nodes { name } } }
      impact(input: { name: "applyDiscount" }) { affected { symbol { node { qualifiedName callers(first: 5) { totalCount } } } } }
    }`);
    expect(data).toEqual({
      repositories: {
        totalCount: 1,
        nodes: [
          {
            id: REPO,
            versionedBy: 'git',
            files: {
              totalCount: 1,
              nodes: [
                {
                  path: 'src/pricing/discounts.ts',
                  symbols: { nodes: [{ qualifiedName: 'applyDiscount' }, { qualifiedName: 'isKnownDiscount' }] },
                },
              ],
            },
            documents: {
              nodes: [
                {
                  path: 'README.md',
                  sections: {
                    nodes: [
                      {
                        title: 'order-service',
                        symbols: {
                          nodes: ['applyDiscount', 'OrderRepository', 'OrderService.placeOrder', 'OrderValidator'].map((qualifiedName) => ({
                            qualifiedName,
                          })),
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
      file: { lines: 14, symbols: { nodes: [{ name: 'applyDiscount' }] } },
      impact: { affected: [{ symbol: { node: { qualifiedName: 'OrderService.placeOrder', callers: { totalCount: 2 } } } }] },
    });
  });

  it("ranks a repository's symbols by distinct dependents, a page at a time (mostDependedOn)", async () => {
    const query = `query($after: String) { repository(id: "${REPO}") { mostDependedOn(first: 5, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { dependents node { qualifiedName kind } } } } }`;
    type Ranked = {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: { dependents: number; node: { qualifiedName: string } }[];
    };
    const rankedAfter = async (after?: string) => ((await ask(query, { after })).repository as { mostDependedOn: Ranked }).mostDependedOn;
    const first = await rankedAfter();
    expect(first).toMatchObject({ totalCount: 16, pageInfo: { hasNextPage: true } });
    expect(first.edges).toEqual([
      { dependents: 3, node: { qualifiedName: 'OrderValidator', kind: 'class' } },
      { dependents: 3, node: { qualifiedName: 'ValidationError', kind: 'class' } },
      { dependents: 2, node: { qualifiedName: 'InMemoryOrderRepository', kind: 'class' } },
      { dependents: 2, node: { qualifiedName: 'OrderRepository.save', kind: 'method' } },
      { dependents: 2, node: { qualifiedName: 'OrderService', kind: 'class' } },
    ]);
    const second = await rankedAfter(first.pageInfo.endCursor);
    expect(second.edges.map(({ dependents, node }) => [node.qualifiedName, dependents])).toEqual([
      ['OrderService.placeOrder', 2],
      ['OrderValidator.validate', 2],
      ['newOrder', 2],
      ['InMemoryOrderRepository.findById', 1],
      ['OrderRepository', 1],
    ]);
  });

  it('pages through a list with opaque cursors, and refuses the cursor of another list', async () => {
    const page = `query($uid: String!, $after: String) { symbolNode(uid: $uid) {
      callees(first: 3, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { qualifiedName } } } }`;
    type Page = { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: { qualifiedName: string }[] };
    const calleesOf = async (after?: string) => ((await ask(page, { uid: PLACE_ORDER, after })).symbolNode as { callees: Page }).callees;
    const first = await calleesOf();
    expect(first).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true } });
    const second = await calleesOf(first.pageInfo.endCursor!);
    expect(second).toEqual({
      totalCount: 4,
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
      nodes: [{ qualifiedName: 'OrderRepository.save' }],
    });
    expect([...first.nodes, ...second.nodes].map((node) => node.qualifiedName)).toEqual([
      'OrderValidator.validate',
      'orderTotal',
      'applyDiscount',
      'OrderRepository.save',
    ]);
    const foreign = `query($uid: String!, $after: String) { symbolNode(uid: $uid) { callers(after: $after) { totalCount } } }`;
    const refused = await graphql(server.url, foreign, { uid: PLACE_ORDER, after: first.pageInfo.endCursor });
    expect(refused.errors![0]).toMatchObject({
      extensions: { code: 'invalid_input' },
      message: expect.stringContaining('Not a cursor of'),
    });
  });

  it('refuses a query past the depth, alias or cost limit as invalid_input, saying the limit; 3,000 aliases fast', async () => {
    const refusal = async (query: string) => {
      const body = await graphql(server.url, query, {});
      expect(body.data).toBeUndefined();
      return body.errors!.map((error) => ({ code: error.extensions.code, message: error.message }));
    };
    const deep = `{ symbolNode(uid: "${PLACE_ORDER}") { ${'callers(first: 1) { nodes { '.repeat(5)}name${' } }'.repeat(5)} } }`;
    expect(await refusal(deep)).toEqual([
      { code: 'invalid_input', message: 'The query is 12 fields deep; at most 10 are allowed: ask for less nesting.' },
    ]);
    const costly = `{ repositories(first: 100) { nodes { files(first: 100) { nodes { symbols(first: 100) { nodes { name } } } } } } }`;
    expect(await refusal(costly)).toEqual([
      { code: 'invalid_input', message: expect.stringMatching(/^The query may resolve \d+ fields .* at most 50000 are allowed/) },
    ]);
    const aliases = Array.from({ length: 3000 }, (_, index) => `a${index}: symbolNode(uid: "${PLACE_ORDER}") { name }`).join(' ');
    const started = Date.now();
    expect(await refusal(`{ ${aliases} }`)).toEqual([
      { code: 'invalid_input', message: 'The query has 3000 aliases; at most 30 are allowed.' },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

const browserTests = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `[tests] skipped: the browser tests of GraphiQL and /explorer, because there is no Chromium at ${CHROMIUM} (apt-get install chromium, or set LORE_CHROMIUM)\n`,
  );
}

browserTests('in a browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM });
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  });

  afterEach(async () => {
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('GraphiQL at /graphql opens with example tabs that run on the indexed graph, and runs a query typed into it', async () => {
    await page.goto(`${server.url}/graphql`, { waitUntil: 'networkidle' });
    const editor = page.locator('.graphiql-query-editor .CodeMirror');
    await editor.waitFor();
    expect(await page.locator('.graphiql-tab').allInnerTexts()).toEqual(['ExploreSymbol', 'Impact', '<untitled>', '<untitled>']);
    const run = page.locator('.graphiql-execute-button');
    const result = page.locator('.graphiql-response .result-window');
    await run.click();
    await result.filter({ hasText: '"data"' }).waitFor();
    expect(await result.innerText()).toContain('"symbolNode": {');
    expect(await result.innerText()).not.toContain('"errors"');
    await page.screenshot({ path: join(ARTIFACTS, 'graphiql-example.png') });

    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(`query PlacedOrder { symbolNode(uid: "${PLACE_ORDER}") { qualifiedName signature callees { totalCount } } }`);
    // GraphiQL names the tab after the operation once it has read the query: then it runs that one.
    await page.locator('.graphiql-tab-active', { hasText: 'PlacedOrder' }).waitFor();
    await run.click();
    await result.filter({ hasText: 'PlacedOrder' }).waitFor();
    expect((await result.innerText()).replace(/\s+/g, ' ')).toContain(
      '"qualifiedName": "OrderService.placeOrder", "signature": "async placeOrder(order: Order): Promise<PlacedOrder>", "callees": { "totalCount": 4 }',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'graphiql-typed.png') });
  });

  it('/explorer opens on the most depended-on symbols, listed and drawn, with the search box focused and a legend', async () => {
    await page.goto(`${server.url}/explorer`);
    await page.waitForSelector('body[data-state="ready"] #start li');
    expect(await page.locator('#start h2').allInnerTexts()).toEqual([expect.stringMatching(/^most depended-on in order-service$/i)]);
    // Each with its kind and place under it.
    const listed = await page.locator('#start li').allInnerTexts();
    expect(listed.map((text) => text.split('\n')[0])).toEqual(MOST_DEPENDED_ON.map(([name, count]) => `${name} · ${count}`));
    expect(listed[0]).toBe('OrderValidator · 3 dependents\nclass · src/validation/order-validator.ts:7');
    expect(await labels(page)).toEqual(MOST_DEPENDED_ON.map(([name, count]) => `${name} · ${count}`).sort());
    expect(await page.locator('#query:focus').count()).toBe(1);
    expect(await page.locator('#legend li').count()).toBe(10);
    expect(overlappingLabels(await labelBoxes(page))).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-start.png') });

    // A click on one draws its neighbourhood.
    await clickNode(page, uid('src/domain/errors.ts', 'ValidationError'));
    await page.locator('body[data-state="ready"] #detail-name', { hasText: /^ValidationError$/ }).waitFor();
    expect(await labels(page)).toEqual([
      'OrderService.cancelOrder',
      'OrderValidator.checkLines',
      'OrderValidator.validate',
      'ValidationError',
      'ValidationError.constructor',
    ]);
  });

  it('/explorer draws the graph of a searched symbol, expands a clicked node, and opens its span', async () => {
    await page.goto(`${server.url}/explorer`);
    await page.fill('#query', 'placeOrder');
    await page.click('#search button[type=submit]');
    await page.waitForSelector('body[data-state="ready"] #results li');
    // Its callers and callees, its tests folded into one node.
    expect(await labels(page)).toEqual([
      'OrderRepository.save',
      'OrderService.placeOrder',
      'OrderService.placeOrder.map(0)',
      'OrderValidator.validate',
      'Tests · 2 tests (click to open)',
      'applyDiscount',
      'orderTotal',
    ]);
    // Short labels; the full name on hover, and in the details.
    const drawn = await nodes(page);
    expect(drawn.find((node) => node.fullName === 'OrderService.placeOrder')!.label).toBe('placeOrder');
    await page.mouse.move(...(await whereIs(page, PLACE_ORDER)));
    const shown = (id: string) =>
      page.evaluate((nodeId) => (globalThis as unknown as { loreGraph: PageGraph }).loreGraph.getElementById(nodeId).style('label'), id);
    expect(await shown(PLACE_ORDER)).toBe('OrderService.placeOrder');
    await page.mouse.move(0, 0);
    expect(await shown(PLACE_ORDER)).toBe('placeOrder');
    expect(await page.locator('#detail-name').innerText()).toBe('OrderService.placeOrder');
    expect(overlappingLabels(await labelBoxes(page))).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-neighbourhood.png') });

    await clickNode(page, uid('src/validation/order-validator.ts', 'OrderValidator.validate'));
    await page.waitForSelector('body[data-state="ready"]');
    expect(await page.locator('#detail-signature').innerText()).toBe('validate(order: Order): void');
    // Its code health, asked apart: one `if`.
    await page.locator('#detail-health', { hasText: /^complexity 2, cognitive 1$/ }).waitFor();
    // Its tests join placeOrder's in the one node: the test's callback to expect(...), a body of its own
    // that calls validate, is test code too.
    expect(await labels(page)).toEqual([
      'OrderRepository.save',
      'OrderService.placeOrder',
      'OrderService.placeOrder.map(0)',
      'OrderValidator.checkLines',
      'OrderValidator.validate',
      'Tests · 4 tests (click to open)',
      'ValidationError',
      'applyDiscount',
      'orderTotal',
    ]);
    await page.click('#open-span');
    await page.locator('#span', { hasText: 'validate' }).waitFor();
    expect(await page.locator('#span').innerText()).toMatch(
      /^\s*validate\(order: Order\): void \{\n[^]*this\.checkLines\(order\.lines\);\n\s*\}$/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-expanded.png') });

    await page.selectOption('#mode', 'impact');
    await page.fill('#query', 'applyDiscount');
    await page.click('#search button[type=submit]');
    await page.locator('body[data-state="ready"] #detail-name', { hasText: /^applyDiscount$/ }).waitFor();
    const sections = 'Document sections · 1 section (click to open)';
    const tests = 'Tests · 2 tests (click to open)';
    expect(await labels(page)).toEqual([sections, 'OrderService.placeOrder', tests, 'applyDiscount']);
    // The two tests of placeOrder are one edge from their node, as the section's two mentions are two.
    expect(await edges(page)).toEqual([
      `${sections} -mentions-> OrderService.placeOrder`,
      `${sections} -mentions-> applyDiscount`,
      'OrderService.placeOrder -calls-> applyDiscount',
      `${tests} -tests-> OrderService.placeOrder`,
    ]);
    // In rings by distance: applyDiscount in the centre, placeOrder and the section naming applyDiscount
    // next, then the tests of placeOrder.
    const distances = Object.fromEntries((await nodes(page)).map((node) => [node.fullName, node.distance]));
    expect(distances).toEqual({ applyDiscount: 0, 'OrderService.placeOrder': 1, [sections]: 1, [tests]: 2 });
    // Listed beside the picture, each of them.
    expect((await page.locator('#list-body tr').allInnerTexts()).map((row) => row.split('\t')[0])).toEqual([
      'applyDiscount',
      'OrderService.placeOrder',
      'README.md: order-service',
      'places a valid order with its discount',
      'cancels a placed order',
    ]);
    expect(overlappingLabels(await labelBoxes(page))).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-impact.png') });
  });
});

/** The full names of the nodes the page's graph holds (qualified names, tests' names), sorted. */
async function labels(page: Page): Promise<string[]> {
  return (await nodes(page)).map((node) => node.fullName).sort();
}

/** The edges of the page's graph, as `source -type-> target` by full name, sorted. */
function edges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const graph = (globalThis as unknown as { loreGraph: PageGraph }).loreGraph;
    return graph
      .edges()
      .map((edge) => `${edge.source().data('fullName')} -${edge.data('type')}-> ${edge.target().data('fullName')}`)
      .sort();
  });
}

/** Where the page draws the node `id`, as page coordinates. */
async function whereIs(page: Page, id: string): Promise<[number, number]> {
  const box = (await page.locator('#graph').boundingBox())!;
  const at = await page.evaluate((nodeId) => {
    return (globalThis as unknown as { loreGraph: PageGraph }).loreGraph.getElementById(nodeId).renderedPosition();
  }, id);
  return [box.x + at.x, box.y + at.y];
}

/** Clicks the node `id` where the graph draws it. */
async function clickNode(page: Page, id: string): Promise<void> {
  await page.mouse.click(...(await whereIs(page, id)));
}
