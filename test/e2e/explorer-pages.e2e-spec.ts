import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { type Browser, chromium, type Page } from 'playwright-core';
import { gitFixture, gitIn } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { cliJson } from './doors';
import { type Box, ellipseRadius, labelBoxes, listRows, nodes, outsideCanvas, overlappingLabels, tapNode } from './explorer-page-support';

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
  async function typeKeyWhenAsked(typed = key): Promise<void> {
    const prompt = page.locator('#api-key-prompt');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('This Lore server requires an API key');
    await page.fill('#api-key-input', typed);
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
      'formatCents · 8 dependents\nfunction · src/money/format.ts:2',
      'creditNoteLine · 2 dependents\nfunction · src/lines/credit-note-line.ts:4',
      'emailInvoice · 2 dependents\nfunction · src/documents/invoice.ts:11',
      'emailQuote · 2 dependents\nfunction · src/documents/quote.ts:11',
      'invoiceLine · 2 dependents\nfunction · src/lines/invoice-line.ts:4',
      'quoteLine · 2 dependents\nfunction · src/lines/quote-line.ts:4',
      'receiptLine · 2 dependents\nfunction · src/lines/receipt-line.ts:4',
      'refundLine · 2 dependents\nfunction · src/lines/refund-line.ts:4',
      'renderInvoice · 2 dependents\nfunction · src/documents/invoice.ts:4',
      'renderReceipt · 2 dependents\nfunction · src/documents/receipt.ts:4',
      'renderRefund · 2 dependents\nfunction · src/documents/refund.ts:4',
      'renderStatement · 2 dependents\nfunction · src/documents/statement.ts:4',
    ]);
    // Drawn as one ring around the most depended-on, each labelled with its count: not a column of specks.
    const drawn = await nodes(page);
    expect(drawn.map((node) => node.label)).toEqual([
      'formatCents · 8',
      'creditNoteLine · 2',
      'emailInvoice · 2',
      'emailQuote · 2',
      'invoiceLine · 2',
      'quoteLine · 2',
      'receiptLine · 2',
      'refundLine · 2',
      'renderInvoice · 2',
      'renderReceipt · 2',
      'renderRefund · 2',
      'renderStatement · 2',
    ]);
    // One ring, an ellipse of the canvas' shape.
    const canvas = (await page.locator('#graph').boundingBox())!;
    const [centre, ...ring] = drawn;
    const radii = ring.map((node) => ellipseRadius(node, centre!, canvas));
    expect(Math.min(...radii)).toBeGreaterThan(0);
    expect(Math.max(...radii) - Math.min(...radii)).toBeLessThan(1);
    expect(overlappingLabels(await labelBoxes(page))).toEqual([]);
    // No list and no folding yet: the start has no groups.
    expect([await page.locator('#list').isVisible(), await page.locator('#fold').isVisible()]).toEqual([false, false]);
  });

  /** Searches `query`, draws the first symbol found as `mode` and waits until `name` is described. */
  async function draw(mode: 'impact' | 'neighborhood', query: string, name: string, typed = key): Promise<void> {
    await page.goto(`${server.url}/explorer`);
    await typeKeyWhenAsked(typed);
    await page.waitForSelector('body[data-state="ready"] #start li');
    await page.selectOption('#mode', mode);
    await page.fill('#query', query);
    await page.click('#search button[type=submit]');
    await page.locator('body[data-state="ready"] #detail-name', { hasText: new RegExp(`^${name}$`) }).waitFor();
  }

  it("/explorer draws formatCents' impact folded by directory and file, tests and sections one node each, in rings with no two labels overlapping", async () => {
    await draw('impact', 'formatCents', 'formatCents');
    await page.screenshot({ path: join(ARTIFACTS, 'explorer-impact-rings.png') });

    // 50 fetched: its 8 callers (one a file in src/lines/), the 8 documents of src/documents/ with 4
    // symbols each (render, email and their callbacks), 6 tests and 3 sections. 19 nodes: opening the
    // 8 document files too would draw 43, past the 40 of the first picture.
    expect(await page.locator('#status').innerText()).toBe(
      '50 fetched (40 in code, 6 tests, 3 sections), drawn as 19 nodes. Click a group to open it, a symbol for its details.',
    );
    const drawn = await nodes(page);
    const lines = ['creditNote', 'invoice', 'quote', 'receipt', 'refund', 'shipping', 'statement', 'tax'];
    const documents = ['credit-note', 'invoice', 'quote', 'receipt', 'refund', 'shipping', 'statement', 'tax'];
    expect(drawn.map((node) => `${node.label} @${node.distance}`)).toEqual([
      'formatCents @0',
      ...lines.map((line) => `${line}Line @1`),
      ...documents.map((document) => `documents/${document}.ts · 4 @2`),
      'Tests · 6 @4',
      'Document sections · 3 @1',
    ]);
    expect(drawn.filter((node) => node.kind === 'file').map((node) => node.fullName)).toEqual(
      documents.map((document) => `src/documents/${document}.ts · 4 symbols (click to open)`),
    );

    // Rings: ellipses of the canvas' shape, every node of one distance on the same one around
    // formatCents, farther out each step.
    const canvas = (await page.locator('#graph').boundingBox())!;
    const centre = drawn.find((node) => node.distance === 0)!;
    const radius = (node: (typeof drawn)[number]) => ellipseRadius(node, centre, canvas);
    const rings = [1, 2, 4].map((distance) => drawn.filter((node) => node.distance === distance).map(radius));
    for (const ring of rings) expect(Math.max(...ring) - Math.min(...ring)).toBeLessThan(1);
    expect(rings[0]![0]!).toBeGreaterThan(0);
    expect(rings[1]![0]!).toBeGreaterThan(rings[0]![0]!);
    expect(rings[2]![0]!).toBeGreaterThan(rings[1]![0]!);

    const boxes: Box[] = await labelBoxes(page);
    expect(boxes).toHaveLength(19);
    expect(overlappingLabels(boxes)).toEqual([]);
    // Every label inside the canvas: zoomed to fit.
    expect(outsideCanvas(boxes, canvas)).toEqual([]);

    // Opening the tests draws the 6 tests of their one file (test/documents.spec.ts), in its place.
    await tapNode(page, 'tests');
    await page.locator('#status', { hasText: 'drawn as 24 nodes' }).waitFor();
    const tests = (await nodes(page)).filter((node) => node.kind === 'test');
    expect(tests.map((node) => `${node.label} @${node.distance}`)).toEqual([
      'renders an invoice line by line @4',
      'mails an invoice to its customer @4',
      'renders a receipt @4',
      'renders a refund with a negative amount @4',
      'renders a statement @4',
      'mails a quote @4',
    ]);
    // Fold again: the first picture.
    await page.click('#fold');
    await page.locator('#status', { hasText: 'drawn as 19 nodes' }).waitFor();

    expect(await page.locator('#legend li').allInnerTexts()).toEqual([
      'Function or method',
      'Class, interface, type or enum',
      'Other symbol (variable, constant…)',
      'Test',
      'Document section',
      'Directory · symbols in it',
      'File · symbols in it',
      'calls, extends, implements',
      'tests',
      'mentions',
    ]);
  });

  it("/explorer lists formatCents' impact beside the picture, sorted by distance, then by the column clicked", async () => {
    await draw('impact', 'formatCents', 'formatCents');
    const rows = await listRows(page);
    expect(rows).toHaveLength(50);
    // By distance; among equals code before sections, then by file.
    expect(rows.slice(0, 12)).toEqual([
      ['formatCents', '0', '—', 'src/money/format.ts:2'],
      ['creditNoteLine', '1', 'exact', 'src/lines/credit-note-line.ts:4'],
      ['invoiceLine', '1', 'exact', 'src/lines/invoice-line.ts:4'],
      ['quoteLine', '1', 'exact', 'src/lines/quote-line.ts:4'],
      ['receiptLine', '1', 'exact', 'src/lines/receipt-line.ts:4'],
      ['refundLine', '1', 'exact', 'src/lines/refund-line.ts:4'],
      ['shippingLine', '1', 'exact', 'src/lines/shipping-line.ts:4'],
      ['statementLine', '1', 'exact', 'src/lines/statement-line.ts:4'],
      ['taxLine', '1', 'exact', 'src/lines/tax-line.ts:4'],
      ['README.md: Money', '1', 'mentions', 'README.md:6'],
      ['renderCreditNote.map(0)', '2', 'exact', 'src/documents/credit-note.ts:6'],
      ['emailCreditNote.map(0)', '2', 'exact', 'src/documents/credit-note.ts:12'],
    ]);
    const sortedBy = () => page.locator('#list th').evaluateAll((headers) => headers.map((header) => header.getAttribute('aria-sort')));
    expect(await sortedBy()).toEqual(['none', 'ascending', 'none', 'none']);

    await page.click('#list th[data-column="symbol"]');
    expect((await listRows(page)).slice(0, 3).map((row) => row[0])).toEqual([
      'creditNoteLine',
      'emailCreditNote',
      'emailCreditNote.map(0)',
    ]);
    await page.click('#list th[data-column="symbol"]');
    expect((await listRows(page)).slice(0, 5).map((row) => row[0])).toEqual([
      'taxLine',
      'statementLine',
      'shippingLine',
      'renderTax.map(0)',
      'renderTax',
    ]);
    expect(await sortedBy()).toEqual(['descending', 'none', 'none', 'none']);

    // By confidence, surest first: the calls, then the tests (reached through the affected set), then the sections.
    await page.click('#list th[data-column="confidence"]');
    expect((await listRows(page)).slice(-10).map((row) => `${row[2]} ${row[0]}`)).toEqual([
      'transitive renders an invoice line by line',
      'transitive mails an invoice to its customer',
      'transitive renders a receipt',
      'transitive renders a refund with a negative amount',
      'transitive renders a statement',
      'transitive mails a quote',
      'mentions README.md: Money',
      'mentions README.md: Invoices',
      'mentions README.md: Receipts',
      '— formatCents',
    ]);

    // A row of a closed group: clicking it opens its file and selects it.
    await page.click('#list th[data-column="distance"]');
    await page.click('#list-body tr[data-id$="src/documents/tax.ts#renderTax"]');
    await page.locator('#detail-name', { hasText: /^renderTax$/ }).waitFor();
    const opened = await nodes(page);
    expect(opened.filter((node) => node.id.includes('src/documents/tax.ts')).map((node) => node.label)).toEqual([
      'map(0)',
      'map(0)',
      'renderTax',
      'emailTax',
    ]);
    expect(await page.locator('#status').innerText()).toContain('drawn as 22 nodes');
  });

  it('/explorer loads a list longer than a page on request: "N more callers", until every caller is drawn', async () => {
    // 30 callers of one function, in a repository of a tenant of its own (the other tests' start page stays ledger-reports').
    const tenant = 'explorer-pages-many';
    const repository = mkdtempSync(join(tmpdir(), 'lore-many-callers-'));
    mkdirSync(join(repository, 'src', 'callers'), { recursive: true });
    writeFileSync(join(repository, 'src', 'audit.ts'), 'export function recordAudit(event: string): string {\n  return event;\n}\n');
    const callers = Array.from({ length: 30 }, (_, index) => `caller${String(index + 1).padStart(2, '0')}`);
    for (const caller of callers)
      writeFileSync(
        join(repository, 'src', 'callers', `${caller}.ts`),
        `import { recordAudit } from '../audit';\n\nexport function ${caller}(): string {\n  return recordAudit('${caller}');\n}\n`,
      );
    gitIn(repository, ['init', '-q']);
    gitIn(repository, ['add', '.']);
    gitIn(repository, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'callers']);
    try {
      expect((await cliJson(['index', repository, '--name', 'many-callers'], { LORE_TENANT: tenant })).code).toBe(0);
      const created = await cliJson(['keys', 'create', '--tenant', tenant, '--permissions', 'read'], { LORE_TENANT: tenant });
      await draw('neighborhood', 'recordAudit', 'recordAudit', created.body.key as string);
      expect(await page.locator('#more li').allInnerTexts()).toEqual(['5 more callers of recordAudit (25 of 30 drawn): load 5']);
      expect((await listRows(page)).map((row) => row[0])).toEqual(['recordAudit', ...callers.slice(0, 25)]);
      await page.click('#more li button');
      await page.locator('body[data-state="ready"]').waitFor();
      await page.locator('#more li').first().waitFor({ state: 'detached' });
      expect((await listRows(page)).map((row) => row[0])).toEqual(['recordAudit', ...callers]);
      // A middle set: 31 labels, none overlapping, all inside the canvas.
      await page.screenshot({ path: join(ARTIFACTS, 'explorer-middle-set.png') });
      const boxes = await labelBoxes(page);
      expect(boxes).toHaveLength(31);
      expect(overlappingLabels(boxes)).toEqual([]);
      const canvas = (await page.locator('#graph').boundingBox())!;
      expect(outsideCanvas(boxes, canvas)).toEqual([]);
    } finally {
      rmSync(repository, { recursive: true, force: true });
    }
  });

  it("/explorer draws renderInvoice's neighbourhood: its caller and callee, then its test folded, and lists them in that order", async () => {
    await draw('neighborhood', 'renderInvoice', 'renderInvoice');
    expect(await page.locator('#status').innerText()).toBe(
      '4 fetched (2 in code, 1 tests, 0 sections), drawn as 4 nodes. Click a group to open it, a symbol to expand it.',
    );
    expect((await nodes(page)).map((node) => node.label)).toEqual(['renderInvoice', 'flatMap(0)', 'Tests · 1', 'map(0)']);
    expect((await listRows(page)).map((row) => row[0])).toEqual([
      'renderInvoice',
      'renderInvoice.map(0)',
      'invoiceRun.flatMap(0)',
      'renders an invoice line by line',
    ]);
    // Every list fetched whole: nothing more to load.
    expect(await page.locator('#more li').count()).toBe(0);
    // Search lists each symbol once, with its kind and place to tell same-named ones apart.
    expect(await page.locator('#results li').allInnerTexts()).toEqual([
      'renderInvoice\nfunction · src/documents/invoice.ts:4',
      'invoiceRun\nfunction · src/jobs/invoice-run.ts:4',
      'invoiceLine\nfunction · src/lines/invoice-line.ts:4',
      'emailInvoice\nfunction · src/documents/invoice.ts:11',
      'renderRefund\nfunction · src/documents/refund.ts:4',
      'renderQuote\nfunction · src/documents/quote.ts:4',
      'renderShipping\nfunction · src/documents/shipping.ts:4',
      'renderTax\nfunction · src/documents/tax.ts:4',
      'renderCreditNote\nfunction · src/documents/credit-note.ts:4',
      'renderStatement\nfunction · src/documents/statement.ts:4',
    ]);
  });
});
