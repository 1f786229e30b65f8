/**
 * The explorer's folding (assets/explorer-groups.js, served to the page as window.loreGroups): what
 * the first picture of a set draws, what a click opens, the links between what is drawn, and the
 * list's order. A set like a small impact: a centre, 5 symbols in 2 directories, 3 tests, 1 section.
 */
interface Item {
  id: string;
  role: 'centre' | 'code' | 'test' | 'section';
  repositoryId: string;
  path: string;
  fullName: string;
  distance: number;
  confidence: string;
  startLine: number;
}
interface Group {
  key: string;
  kind: string;
  label: string;
  depth: number;
  children: Set<string>;
  items: string[];
}
interface Tree {
  groups: Map<string, Group>;
  chains: Map<string, string[]>;
}
interface LoreGroups {
  groupTree(items: Item[]): Tree;
  shownNodes(tree: Tree, open: Set<string>, items: Item[]): string[];
  firstOpen(tree: Tree, items: Item[], budget?: number): Set<string>;
  openWithin(tree: Tree, open: Set<string>, items: Item[], key: string, budget?: number): Set<string>;
  shownLinks(
    tree: Tree,
    open: Set<string>,
    links: { from: string; to: string; type: string }[],
  ): { source: string; target: string; type: string; count: number }[];
  sortRows(rows: Item[], column: string, descending?: boolean): Item[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const groups = require('../assets/explorer-groups.js') as LoreGroups;

function item(id: string, role: Item['role'], path: string, distance: number, confidence = 'exact', startLine = 1): Item {
  return { id, role, repositoryId: 'shop', path, fullName: id, distance, confidence, startLine };
}

const ITEMS: Item[] = [
  item('price', 'centre', 'src/money/price.ts', 0, ''),
  item('lineTotal', 'code', 'src/lines/line.ts', 1, 'exact', 3),
  item('lineTax', 'code', 'src/lines/line.ts', 1, 'name', 9),
  item('invoice', 'code', 'src/documents/invoice.ts', 2, 'import'),
  item('invoice.map(0)', 'code', 'src/documents/invoice.ts', 2, 'exact', 4),
  item('quote', 'code', 'src/documents/quote.ts', 2, 'ambiguous'),
  item('renders an invoice', 'test', 'test/documents.spec.ts', 3, 'transitive', 2),
  item('renders a quote', 'test', 'test/documents.spec.ts', 3, 'transitive', 8),
  item('totals a line', 'test', 'test/lines.spec.ts', 2, 'direct'),
  item('README.md: Prices', 'section', 'README.md', 1, 'mentions'),
];
const LINKS = [
  { from: 'lineTotal', to: 'price', type: 'CALLS' },
  { from: 'lineTax', to: 'price', type: 'CALLS' },
  { from: 'invoice', to: 'lineTotal', type: 'CALLS' },
  { from: 'invoice.map(0)', to: 'lineTax', type: 'CALLS' },
  { from: 'quote', to: 'lineTotal', type: 'CALLS' },
  { from: 'renders an invoice', to: 'invoice', type: 'tests' },
  { from: 'renders a quote', to: 'quote', type: 'tests' },
  { from: 'totals a line', to: 'lineTotal', type: 'tests' },
  { from: 'README.md: Prices', to: 'price', type: 'mentions' },
];
const tree = groups.groupTree(ITEMS);

describe('explorer-groups', () => {
  it('puts code in its directories and file, tests and sections in their fold, then directories and file', () => {
    expect(tree.chains.get('invoice')).toEqual(['code:shop:src/', 'code:shop:src/documents/', 'code:shop:src/documents/invoice.ts']);
    expect(tree.chains.get('renders a quote')).toEqual(['tests', 'tests:shop:test/', 'tests:shop:test/documents.spec.ts']);
    expect(tree.chains.get('README.md: Prices')).toEqual(['sections', 'sections:shop:README.md']);
    expect(tree.chains.get('price')).toEqual([]);
    expect(tree.groups.get('code:shop:src/documents/')!.items).toEqual(['invoice', 'invoice.map(0)', 'quote']);
    expect(tree.groups.get('code:shop:src/documents/invoice.ts')!.label).toBe('documents/invoice.ts');
  });

  it('draws everything folded but what a group of one holds: the tests and the sections stay one node each', () => {
    // src/ holds two directories; the one section's document is in its fold, not drawn for itself.
    expect(groups.shownNodes(tree, new Set(), ITEMS)).toEqual(['price', 'code:shop:src/', 'tests', 'sections']);
  });

  it('opens level by level in the first picture while the whole level fits, none of the folds', () => {
    // src/ (2 children: 5 nodes; lines/ holds one file, drawn as that file), then documents/ (2
    // children: 6), then the two files of two symbols (src/lines/line.ts, src/documents/invoice.ts:
    // 8) only with a budget of 8: in 7, neither.
    expect([...groups.firstOpen(tree, ITEMS, 6)]).toEqual(['code:shop:src/', 'code:shop:src/documents/']);
    expect(groups.shownNodes(tree, groups.firstOpen(tree, ITEMS, 7), ITEMS)).toEqual([
      'price',
      'code:shop:src/lines/line.ts',
      'code:shop:src/documents/invoice.ts',
      'quote',
      'tests',
      'sections',
    ]);
    expect(groups.shownNodes(tree, groups.firstOpen(tree, ITEMS, 8), ITEMS)).toEqual([
      'price',
      'lineTotal',
      'lineTax',
      'invoice',
      'invoice.map(0)',
      'quote',
      'tests',
      'sections',
    ]);
    // Not even src/ fits in 3: nothing opens.
    expect([...groups.firstOpen(tree, ITEMS, 3)]).toEqual([]);
  });

  it('opens a clicked group and within it what fits', () => {
    const first = groups.firstOpen(tree, ITEMS, 8);
    const opened = groups.openWithin(tree, first, ITEMS, 'tests', 10);
    // test/ holds two files: both open in 10 nodes, so the three tests are drawn.
    expect(groups.shownNodes(tree, opened, ITEMS).slice(-4)).toEqual([
      'renders an invoice',
      'renders a quote',
      'totals a line',
      'sections',
    ]);
    // In 9, the file of two tests stays closed; the file of one is drawn as its test.
    expect(groups.shownNodes(tree, groups.openWithin(tree, first, ITEMS, 'tests', 9), ITEMS).slice(-3)).toEqual([
      'tests:shop:test/documents.spec.ts',
      'totals a line',
      'sections',
    ]);
  });

  it('draws each link between the nodes its ends are shown as, once per pair with their number, none inside one node', () => {
    const open = groups.firstOpen(tree, ITEMS, 6);
    expect(groups.shownLinks(tree, open, LINKS).map((link) => `${link.source} -${link.type} ×${link.count}-> ${link.target}`)).toEqual([
      'code:shop:src/lines/line.ts -CALLS ×2-> price',
      'code:shop:src/documents/invoice.ts -CALLS ×2-> code:shop:src/lines/line.ts',
      'quote -CALLS ×1-> code:shop:src/lines/line.ts',
      'tests -tests ×1-> code:shop:src/documents/invoice.ts',
      'tests -tests ×1-> quote',
      'tests -tests ×1-> code:shop:src/lines/line.ts',
      'sections -mentions ×1-> price',
    ]);
  });

  it('sorts the list by a column either way, ties by distance, code before tests and sections, file and line', () => {
    const names = (column: string, descending = false) => groups.sortRows(ITEMS, column, descending).map((row) => row.id);
    expect(names('distance')).toEqual([
      'price',
      'lineTotal',
      'lineTax',
      'README.md: Prices',
      'invoice',
      'invoice.map(0)',
      'quote',
      'totals a line',
      'renders an invoice',
      'renders a quote',
    ]);
    expect(names('confidence').slice(0, 6)).toEqual(['lineTotal', 'invoice.map(0)', 'invoice', 'lineTax', 'quote', 'totals a line']);
    expect(names('symbol', true).slice(0, 3)).toEqual(['totals a line', 'renders an invoice', 'renders a quote']);
    expect(names('file')[0]).toBe('README.md: Prices');
  });
});
