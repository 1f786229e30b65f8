import type { Extraction } from '../extractor';
import { fixtureInput, short } from '../../test/extraction-inputs';
import { PythonExtractor } from './python-extractor';

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
