import type { SymbolRef } from '@lore/domain';
import type { AffectedSymbol } from '@lore/domain/schemas/impact';
import { symbolRef } from '../../test/fakes';
import { affectedSections, affectedTests, impactSummary } from './impact-report';

describe('impact report', () => {
  const target = symbolRef('shop', 'src/price.ts', 'price', 'function', 1);
  const caller = symbolRef('shop', 'src/cart.ts', 'Cart.total', 'method', 10);
  const farCaller = symbolRef('billing', 'src/invoice.ts', 'invoice', 'function', 3);
  const testOfCaller = symbolRef('shop', 'test/cart.spec.ts', 'cart > totals', 'test', 5);
  const testOfTarget = symbolRef('shop', 'test/price.spec.ts', 'price > rounds', 'test', 2);
  const step = (
    symbol: SymbolRef,
    distance: number,
    to: SymbolRef,
    confidence: AffectedSymbol['confidence'] = 'exact',
  ): AffectedSymbol => ({
    symbol,
    distance,
    confidence,
    evidence: [{ from: symbol.uid, to: to.uid, type: 'CALLS', confidence }],
  });
  const affected = [step(caller, 1, target), step(farCaller, 2, caller, 'name'), step(testOfCaller, 2, caller)];

  it('lists each test once, at its nearest, a TESTS edge to a target keeping its own via', () => {
    const tests = affectedTests([target], affected, [
      { test: testOfTarget, exercises: target.uid, via: 'helper' },
      { test: testOfCaller, exercises: caller.uid, via: 'direct' },
    ]);
    expect(tests.map((test) => [test.test.qualifiedName, test.via, test.distance, test.exercises])).toEqual([
      ['cart > totals', 'transitive', 2, caller.uid],
      ['price > rounds', 'helper', 2, target.uid],
    ]);
  });

  it('counts, names the repositories, takes the weakest confidence and ranks what is most depended on', () => {
    const dependents = new Map([
      [target.uid, 1],
      [caller.uid, 2],
    ]);
    const summary = impactSummary([target], affected, { files: [], tests: [], documents: [] }, dependents);
    expect(summary).toEqual({
      affectedSymbols: 2,
      affectedFiles: 0,
      tests: 0,
      documentSections: 0,
      repositories: ['billing', 'shop'],
      weakestConfidence: 'name',
      mostDependedOn: [
        { uid: caller.uid, qualifiedName: 'Cart.total', distance: 1, dependents: 2 },
        { uid: target.uid, qualifiedName: 'price', distance: 0, dependents: 1 },
      ],
    });
    expect(impactSummary([target], [], { files: [], tests: [], documents: [] }, new Map()).weakestConfidence).toBeNull();
  });

  it('keeps a section once per thing it names', () => {
    const section = { repositoryId: 'shop', documentPath: 'README.md', title: 'Prices', startLine: 1, endLine: 9, mentions: target.uid };
    expect(affectedSections([section, section, { ...section, mentions: caller.uid }])).toEqual([
      section,
      { ...section, mentions: caller.uid },
    ]);
  });
});
