import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { type Browser, chromium, type Page } from 'playwright-core';
import { gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { cliJson } from './doors';
import { type Box, labelBoxes, nodes, overlappingLabels } from './explorer-page-support';

/**
 * The two pages a person opens, GraphiQL at /graphql and the graph at /explorer, on a server that
 * requires API keys: both load, ask for a key in the page, and work once it is typed. And the graph of a
 * symbol with many dependents (ledger-reports' formatCents: 41 nodes around it), laid out in rings by
 * distance with no two labels overlapping. In headless Chromium (Debian's chromium package, driven by
 * playwright-core); screenshots in test-artifacts/explorer/.
 */
const TENANT = 'explorer-pages-e2e';
const REPO = 'ledger-reports';
const env = { LORE_TENANT: TENANT };
const CHROMIUM = process.env.LORE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'explorer');

let driver: Driver;
let server: RunningServer;
let key: string;

const browserTests = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `[tests] skipped: the browser tests of GraphiQL and /explorer with keys, because there is no Chromium at ${CHROMIUM} (apt-get install chromium, or set LORE_CHROMIUM)\n`,
  );
}

browserTests('GraphiQL and /explorer on a server that requires keys', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    driver = testDriver();
    await wipeGraph(driver);
    const indexed = await cliJson(['index', gitFixture(REPO).path, '--name', REPO], env);
    expect(indexed).toMatchObject({ code: 0, body: { repositoryId: REPO, status: 'completed' } });
    const created = await cliJson(['keys', 'create', '--tenant', TENANT, '--permissions', 'read'], env);
    expect(created.code).toBe(0);
    key = created.body.key as string;
    server = await startServer({ ...env, LORE_AUTH: 'required' });
    await waitUntilReady(server.url);
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    // Keys are server-wide: left behind, they would make later specs' servers require authentication.
    await wipeGraph(driver);
    await driver?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  });

  afterEach(async () => {
    await page.close();
  });

  /** Waits for the key prompt, checks what it says, and types the key into it. */
  async function typeKeyWhenAsked(): Promise<void> {
    const prompt = page.locator('#api-key-prompt');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('This Lore server requires an API key');
    await page.fill('#api-key-input', key);
    await page.click('#api-key-prompt button[type=submit]');
    await prompt.waitFor({ state: 'detached' });
  }

  it('answers calls without a key 401, so the pages must ask for one', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ repositories { totalCount } }' }),
    });
    expect(response.status).toBe(401);
    // A GET that is not a browser's page load is a GraphQL request like any other: authenticated.
    expect((await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ repositories { totalCount } }')}`)).status).toBe(401);
  });

  it('GraphiQL at /graphql loads, asks for the key in the page, then runs its example on the graph', async () => {
    await page.goto(`${server.url}/graphql`);
    await typeKeyWhenAsked();
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    expect(await page.locator('.graphiql-tab').allInnerTexts()).toEqual(['ExploreSymbol', 'Impact', '<untitled>', '<untitled>']);
    await page.click('.graphiql-execute-button');
    const result = page.locator('.graphiql-response .result-window');
    await result.filter({ hasText: '"data"' }).waitFor();
    // The example is about the most depended-on symbol, found with the key typed.
    expect((await result.innerText()).replace(/\s+/g, ' ')).toContain('"qualifiedName": "formatCents", "kind": "function"');
    type Session = { sessionStorage: { getItem(name: string): string | null } };
    expect(await page.evaluate(() => (globalThis as unknown as Session).sessionStorage.getItem('lore-api-key'))).toBe(key);
    await page.screenshot({ path: join(ARTIFACTS, 'graphiql-with-key.png') });
  });

  it('/explorer loads, asks for the key in the page, refuses a wrong one, then opens on the most depended-on symbols', async () => {
    await page.goto(`${server.url}/explorer`);
    const prompt = page.locator('#api-key-prompt');
    await prompt.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-key-prompt.png') });
    await page.fill('#api-key-input', 'lore_not-a-key');
    await page.click('#api-key-prompt button[type=submit]');
    await prompt.filter({ hasText: 'That key was refused' }).waitFor();
    await page.fill('#api-key-input', key);
    await page.click('#api-key-prompt button[type=submit]');
    await page.waitForSelector('body[data-state="ready"] #start li');
    expect(await page.locator('#start li').allInnerTexts()).toEqual([
      'formatCents · 8 dependents',
      'creditNoteLine · 2 dependents',
      'emailInvoice · 2 dependents',
      'emailQuote · 2 dependents',
      'invoiceLine · 2 dependents',
      'quoteLine · 2 dependents',
      'receiptLine · 2 dependents',
      'refundLine · 2 dependents',
      'renderInvoice · 2 dependents',
      'renderReceipt · 2 dependents',
      'renderRefund · 2 dependents',
      'renderStatement · 2 dependents',
    ]);
  });

  it("/explorer draws formatCents' impact in rings by distance, with no two labels overlapping, and a legend", async () => {
    await page.goto(`${server.url}/explorer`);
    await typeKeyWhenAsked();
    await page.waitForSelector('body[data-state="ready"] #start li');
    await page.selectOption('#mode', 'impact');
    await page.fill('#query', 'formatCents');
    await page.click('#search button[type=submit]');
    await page.locator('body[data-state="ready"] #detail-name', { hasText: /^formatCents$/ }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-impact-rings.png') });

    const drawn = await nodes(page);
    // The target; its 8 callers and the section naming it; the 16 documents calling those; then what
    // calls those, the tests reached one ring further through their callbacks (function bodies of their own).
    const perDistance: Record<number, number> = {};
    for (const node of drawn) perDistance[node.distance] = (perDistance[node.distance] ?? 0) + 1;
    expect(perDistance).toEqual({ 0: 1, 1: 9, 2: 16, 3: 16, 4: 8 });
    expect(drawn.filter((node) => node.kind === 'section').map((node) => node.fullName)).toEqual(
      expect.arrayContaining(['README.md: Money', 'README.md: Invoices', 'README.md: Receipts']),
    );

    // Rings: every node of one distance as far from formatCents as the others, farther out each step.
    const centre = drawn.find((node) => node.distance === 0)!;
    const radius = (node: (typeof drawn)[number]) => Math.hypot(node.x - centre.x, node.y - centre.y);
    const rings = [1, 2, 3, 4].map((distance) => drawn.filter((node) => node.distance === distance).map(radius));
    for (const ring of rings) expect(Math.max(...ring) - Math.min(...ring)).toBeLessThan(1);
    expect(rings[0]![0]!).toBeGreaterThan(0);
    expect(rings[1]![0]!).toBeGreaterThan(rings[0]![0]!);
    expect(rings[2]![0]!).toBeGreaterThan(rings[1]![0]!);
    expect(rings[3]![0]!).toBeGreaterThan(rings[2]![0]!);

    const boxes: Box[] = await labelBoxes(page);
    expect(boxes).toHaveLength(50);
    expect(overlappingLabels(boxes)).toEqual([]);
    // Every label inside the canvas: zoomed to fit.
    const canvas = (await page.locator('#graph').boundingBox())!;
    expect(boxes.filter((box) => box.x1 < 0 || box.y1 < 0 || box.x2 > canvas.width || box.y2 > canvas.height)).toEqual([]);

    expect(await page.locator('#legend li').allInnerTexts()).toEqual([
      'Function or method',
      'Class, interface, type or enum',
      'Other symbol (variable, constant…)',
      'Test',
      'Document section',
      'calls, extends, implements',
      'tests',
      'mentions',
    ]);
  });
});
