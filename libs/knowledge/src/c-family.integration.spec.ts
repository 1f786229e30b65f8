import { indexFixturesOnce } from '../test/indexed-fixtures';
import { CallersService } from './callers/callers.service';
import { ImpactService } from './impact/impact.service';
import { SearchService } from './search/search.service';
import { SymbolService } from './symbols/symbol.service';

/** The C and C++ fixtures indexed once, then asked what the doors ask: callers, impact, search. */
const { principal, moduleRef } = indexFixturesOnce('c-family', ['shapes-c', 'shapes-cpp']);

describe('C and C++ repositories', () => {
  it('answers get_callers for a C function through the header its callers include', async () => {
    const result = await moduleRef().get(CallersService).getCallers({ name: 'point_add', repositoryId: 'shapes-c' }, principal);
    expect(result.callers.map((caller) => [caller.symbol.qualifiedName, caller.symbol.path, caller.confidence])).toEqual([
      ['main', 'src/main.c', 'import'],
    ]);
  });

  it('answers analyze_impact for a C++ method declared in its header and defined out of line (one symbol): its callers, its override and the tests that reach them', async () => {
    const result = await moduleRef()
      .get(ImpactService)
      .analyzeImpact({ uid: 'c-family:shapes-cpp:src/shape.cpp#geo::Shape::area' }, principal);
    expect(result.affected.map((affected) => affected.symbol.qualifiedName).sort()).toEqual(['geo::Square::area', 'geo::total']);
    expect(result.tests.map((test) => [test.test.qualifiedName, test.via])).toEqual([
      ['SquareTest.Area', 'transitive'],
      ['total adds the areas', 'transitive'],
    ]);
  });

  it('answers get_symbol for a method defined out of line with the place its class declares it, and its doc from there', async () => {
    const { symbol } = await moduleRef()
      .get(SymbolService)
      .getSymbol({ uid: 'c-family:shapes-cpp:src/shape.cpp#geo::Shape::area' }, principal);
    expect([symbol.path, symbol.startLine, symbol.declaredAt, symbol.doc, symbol.parent?.qualifiedName]).toEqual([
      'src/shape.cpp',
      9,
      'include/geo/shape.hpp:12',
      'The area, in square units.',
      'geo::Shape',
    ]);
    const { symbol: free } = await moduleRef()
      .get(SymbolService)
      .getSymbol({ uid: 'c-family:shapes-cpp:src/shape.cpp#geo::total' }, principal);
    expect(free.declaredAt).toBe('include/geo/shape.hpp:28');
  });

  it('answers search_code by language', async () => {
    const result = await moduleRef()
      .get(SearchService)
      .searchCode({ query: 'rect_area', mode: 'fulltext', language: 'c', scope: { repositoryId: 'shapes-c' } }, principal);
    expect(result.results.map((hit) => [hit.qualifiedName, hit.path])[0]).toEqual(['rect_area', 'src/shapes.c']);
  });
});
