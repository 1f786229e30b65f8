import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileUid } from '@lore/domain';
import type { ExactResolution, Extraction, ExtractionInput } from '../../extractor';
import { FileResultStore } from '../../file-result-cache';
import { readSourceFile, type SourceFile } from '../../repository-files';
import { fixtureInput, short } from '../../../test/extraction-inputs';
import { FIXTURES } from '../../../../../test/support/fixtures';
import { PythonExtractor } from './python-extractor';
import { PyrightSession } from './pyright-session';

const REPOSITORY = 'pricing-python';
const PATHS = ['pricing/__init__.py', 'pricing/models.py', 'pricing/report.py'];

type Edge = [caller: string, callee: string, line: number, confidence: string];
const edges = (calls: Extraction['calls']): Edge[] => calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.confidence]);

describe('the pyright pass on test/fixtures/pricing-python (same-named methods on different classes)', () => {
  let extraction: Extraction;

  beforeAll(async () => {
    extraction = await new PythonExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('first pass: guesses by name where the receiver type is not written down', () => {
    expect(edges(extraction.calls)).toEqual([
      ['pricing/models.py#Invoice.total', 'pricing/models.py#Invoice.lines', 6, 'import'],
      ['pricing/models.py#make_invoice', 'pricing/models.py#Invoice', 27, 'import'],
      // The code that runs as report.py is imported calls from the file.
      ['pricing/report.py', 'pricing/models.py#Invoice.total', 30, 'ambiguous'],
      ['pricing/report.py', 'pricing/models.py#Quote', 29, 'import'],
      ['pricing/report.py', 'pricing/models.py#Quote.total', 30, 'ambiguous'],
      ['pricing/report.py', 'pricing/models.py#make_invoice', 30, 'import'],
      ['pricing/report.py', 'pricing/report.py#invoice_total', 32, 'import'],
      ['pricing/report.py#fresh_quote', 'pricing/models.py#Quote', 21, 'import'],
      ['pricing/report.py#fresh_quote', 'pricing/models.py#Quote.total', 21, 'import'],
      ['pricing/report.py#invoice_total', 'pricing/models.py#Invoice.total', 7, 'ambiguous'],
      ['pricing/report.py#invoice_total', 'pricing/models.py#Quote.total', 7, 'ambiguous'],
      ['pricing/report.py#invoice_total', 'pricing/models.py#make_invoice', 6, 'import'],
      ['pricing/report.py#labels', 'pricing/models.py#Ledger.join', 17, 'name'],
      ['pricing/report.py#labels', 'pricing/models.py#Quote.append', 16, 'name'],
      ['pricing/report.py#quote_totals', 'pricing/models.py#Invoice.total', 11, 'ambiguous'],
      ['pricing/report.py#quote_totals', 'pricing/models.py#Quote.total', 11, 'ambiguous'],
      ['pricing/report.py#untyped', 'pricing/models.py#Invoice.total', 25, 'ambiguous'],
      ['pricing/report.py#untyped', 'pricing/models.py#Quote.total', 25, 'ambiguous'],
    ]);
  });

  it('exact pass: pyright keeps one edge per resolved call, none into builtins, and the guesses only where it finds no declaration', async () => {
    const exact = await extraction.resolveExactly!();
    expect(edges(exact.calls)).toEqual([
      ['pricing/models.py#Invoice.total', 'pricing/models.py#Invoice.lines', 6, 'exact'],
      ['pricing/models.py#make_invoice', 'pricing/models.py#Invoice', 27, 'exact'],
      // pyright's definitions for the file's own calls: `make_invoice().total()` is Invoice's, the decoy Quote.total is gone.
      ['pricing/report.py', 'pricing/models.py#Invoice.total', 30, 'exact'],
      ['pricing/report.py', 'pricing/models.py#Quote', 29, 'exact'],
      ['pricing/report.py', 'pricing/models.py#make_invoice', 30, 'exact'],
      ['pricing/report.py', 'pricing/report.py#invoice_total', 32, 'exact'],
      ['pricing/report.py#fresh_quote', 'pricing/models.py#Quote', 21, 'exact'],
      ['pricing/report.py#fresh_quote', 'pricing/models.py#Quote.total', 21, 'exact'],
      // The decoys invoice_total -> Quote.total, quote_totals -> Invoice.total, labels -> Quote.append and Ledger.join are gone.
      ['pricing/report.py#invoice_total', 'pricing/models.py#Invoice.total', 7, 'exact'],
      ['pricing/report.py#invoice_total', 'pricing/models.py#make_invoice', 6, 'exact'],
      ['pricing/report.py#quote_totals', 'pricing/models.py#Quote.total', 11, 'exact'],
      // An untyped parameter: pyright knows nothing of it, the guesses stay, as ambiguous.
      ['pricing/report.py#untyped', 'pricing/models.py#Invoice.total', 25, 'ambiguous'],
      ['pricing/report.py#untyped', 'pricing/models.py#Quote.total', 25, 'ambiguous'],
    ]);
    expect(exact.skipped).toEqual([]);
  });
});

describe('the pyright pass run again, and on bad input', () => {
  let root: string;
  let cacheDir: string;

  beforeEach(() => {
    const base = mkdtempSync(join(tmpdir(), 'lore-pyright-'));
    root = join(base, REPOSITORY);
    cacheDir = join(base, 'cache');
    cpSync(join(FIXTURES, REPOSITORY), root, { recursive: true });
  });

  afterEach(() => jest.restoreAllMocks());

  /** Both passes over the copy, answers kept in cacheDir: the exact resolution and the files pyright was asked about. */
  async function run(python?: string): Promise<{ exact: ExactResolution; asked: string[] }> {
    const files: SourceFile[] = PATHS.map((path) => {
      const outcome = readSourceFile(root, path, 1_000_000);
      if (!('file' in outcome)) throw new Error(`not readable: ${path}`);
      return outcome.file;
    });
    const store = FileResultStore.open(cacheDir, 't', REPOSITORY);
    const input: ExtractionInput = {
      tenantId: 't',
      repositoryId: REPOSITORY,
      rootPath: root,
      files,
      fileUids: new Map(PATHS.map((path) => [path, fileUid('t', REPOSITORY, path)])),
      cache: (namespace) => store.scope(namespace),
      pyright: { python, maxHeapMb: 512, requestTimeoutMs: 60_000 },
    };
    const open = jest.spyOn(PyrightSession.prototype, 'open');
    const exact = await (await new PythonExtractor().extract(input)).resolveExactly!();
    store.save();
    const asked = open.mock.calls.map(([path]) => path.slice(root.length + 1)).sort();
    open.mockRestore();
    return { exact, asked };
  }

  const edit = (path: string, from: string, to: string): void =>
    writeFileSync(join(root, path), readFileSync(join(root, path), 'utf8').replace(from, to));

  it('asks pyright again only about the files an edit reaches, and not at all when nothing changed', async () => {
    const first = await run();
    expect(first.asked).toEqual(PATHS);
    const start = jest.spyOn(PyrightSession, 'start');
    const unchanged = await run();
    expect(start).not.toHaveBeenCalled();
    expect(unchanged.exact.calls).toEqual(first.exact.calls);

    // models.py now makes a Quote: it and the modules importing it are asked again, and invoice_total's edge follows.
    edit('pricing/models.py', '    return Invoice()', '    return Quote()');
    const edited = await run();
    expect(edited.asked).toEqual(PATHS);
    expect(edges(edited.exact.calls).filter(([caller]) => caller === 'pricing/report.py#invoice_total')).toEqual([
      ['pricing/report.py#invoice_total', 'pricing/models.py#Quote.total', 7, 'exact'],
      ['pricing/report.py#invoice_total', 'pricing/models.py#make_invoice', 6, 'exact'],
    ]);
    // An edit of report.py reaches no other module.
    edit('pricing/report.py', 'return document.total()', 'return document.total() + 1');
    expect((await run()).asked).toEqual(['pricing/report.py']);
  });

  it('without a Python environment: the calls within the repository are still exact, with a warning naming the project file', async () => {
    const { exact } = await run(join(root, 'no-such-python'));
    expect(exact.skipped).toEqual([
      {
        path: 'pyproject.toml',
        reason: `no Python environment found (LORE_PYTHON=${join(root, 'no-such-python')} does not run): pyright resolves calls within the repository and into the standard library, but not into installed packages`,
      },
    ]);
    expect(edges(exact.calls).filter(([, , , confidence]) => confidence === 'exact')).toHaveLength(11);
  });

  it('a pyright that cannot start leaves the first pass edges, with a warning', async () => {
    jest.spyOn(PyrightSession, 'start').mockRejectedValue(new Error('pyright could not start: spawn ENOMEM'));
    const { exact } = await run();
    expect(exact.skipped).toEqual([
      { path: 'pyproject.toml', reason: 'calls not resolved by pyright: pyright could not start: spawn ENOMEM' },
    ]);
    expect(edges(exact.calls)).toContainEqual(['pricing/report.py#labels', 'pricing/models.py#Quote.append', 16, 'name']);
  });
});
