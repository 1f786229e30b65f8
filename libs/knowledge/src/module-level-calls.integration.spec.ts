import { indexFixturesOnce } from '../test/indexed-fixtures';
import { CallersService } from './callers/callers.service';
import { ImpactService } from './impact/impact.service';

/**
 * pricing-python's report.py calls models.Quote(), make_invoice().total() and, under its `__main__`
 * guard, invoice_total() as it loads: get_callers and analyze_impact name the file.
 */
const { principal, moduleRef } = indexFixturesOnce('module-calls', ['pricing-python']);
const REPOSITORY = 'pricing-python';
const uidOf = (qualifiedName: string, path = 'pricing/models.py') => `module-calls:${REPOSITORY}:${path}#${qualifiedName}`;

describe("calls made by a module's own code as it loads", () => {
  it('get_callers lists the file beside the symbols that call the target, and its callers within depth', async () => {
    const callers = moduleRef().get(CallersService);
    const direct = await callers.getCallers({ uid: uidOf('make_invoice') }, principal);
    expect(direct.callers.map((caller) => [caller.symbol.qualifiedName, caller.line, caller.confidence])).toEqual([
      ['invoice_total', 6, 'exact'],
    ]);
    expect(direct.fileCallers).toEqual([
      { repositoryId: REPOSITORY, path: 'pricing/report.py', line: 30, via: uidOf('make_invoice'), distance: 1, confidence: 'exact' },
    ]);
    // make_invoice <- invoice_total <- report.py's `__main__` guard: the file is nearer through its own call.
    const walked = await callers.getCallers({ uid: uidOf('make_invoice'), depth: 2 }, principal);
    expect(walked.fileCallers.map((file) => [file.path, file.distance, file.via])).toEqual([
      ['pricing/report.py', 1, uidOf('make_invoice')],
    ]);
    // pyright resolved `make_invoice().total()` to Invoice's total: Quote's has no file calling it.
    expect((await callers.getCallers({ uid: uidOf('Invoice.total') }, principal)).fileCallers.map((file) => file.line)).toEqual([30]);
    expect((await callers.getCallers({ uid: uidOf('Quote.total') }, principal)).fileCallers).toEqual([]);
  });

  it('analyze_impact lists the file whose load-time code calls an affected symbol, with the call first in its evidence', async () => {
    const result = await moduleRef()
      .get(ImpactService)
      .analyzeImpact({ uid: uidOf('invoice_total', 'pricing/report.py') }, principal);
    expect(result.affected).toEqual([]);
    expect(result.files).toEqual([
      {
        repositoryId: REPOSITORY,
        path: 'pricing/report.py',
        distance: 1,
        evidence: [
          {
            from: `module-calls:${REPOSITORY}:pricing/report.py`,
            to: uidOf('invoice_total', 'pricing/report.py'),
            type: 'CALLS',
            confidence: 'exact',
          },
        ],
      },
    ]);
  });
});
