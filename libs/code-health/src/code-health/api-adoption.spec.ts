import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetReportSectionInputSchema } from '@lore/domain/schemas/analysis-review';
import type { HealthFacts } from '@lore/graph';
import { readRepository } from '@lore/indexer';
import { healthFactsOf } from '../../../../bench/health-facts';
import { FIXTURES } from '../../../../test/support/fixtures';
import { baselineOf } from '../analysis-review/baselines';
import { reportSection } from '../analysis-review/report-sections';
import { type AnalysisSettings, buildReport } from './analysis-report';
import { healthSymbol } from '../../test/health-rows';
import { adoptionByModule, adoptionOf, apiChanges, apiSurfaceOf, parameterList } from './api-adoption';
import { withDeclaredAll } from './python-all';
import { NO_STORED_BASELINE, runSummary, type StoredBaseline } from './report-views';

/**
 * test/fixtures/api-surface (TypeScript and Python) and its changed copy api-surface-changed, read
 * by the indexer: the change removes the exported legacySide, declares scale's parameter and return
 * types (another signature) and adds an undocumented exported circumference. Both hold the same
 * geometry/volume.py, whose `__all__` lists _sphere_volume and leaves out cylinder_volume and UNIT.
 */
let before: HealthFacts;
let after: HealthFacts;
/** The baseline fixture's facts as the index marks them, `__all__` unread. */
let indexedBefore: HealthFacts;

beforeAll(async () => {
  // The module texts the service reads for `__all__`: here, the fixture's Python files on disk.
  const facts = async (name: string) => {
    const indexed = healthFactsOf((await readRepository(join(FIXTURES, name), { tenantId: 't', maxFileBytes: 1 << 20 })).snapshot);
    const python = indexed.files.filter((file) => file.language === 'python');
    const texts = new Map(python.map((file) => [file.path, readFileSync(join(FIXTURES, name, file.path), 'utf8')]));
    return { indexed, declared: withDeclaredAll(indexed, texts, 'api') };
  };
  const baseline = await facts('api-surface');
  [indexedBefore, before, after] = [baseline.indexed, baseline.declared, (await facts('api-surface-changed')).declared];
}, 60_000);

const settings = (apiSurface: boolean, mode: AnalysisSettings['mode'] = 'full'): AnalysisSettings => ({
  repository: 'api-surface',
  commit: 'c1',
  mode,
  thresholds: { complexity: 20, coupling: 10, cohesion: 4 },
  callsExact: true,
  publication: { published: false, by: 'an application: package.json is private' },
  namesInCode: { occurrences: new Map(), lines: new Map() },
  apiSurface,
});

describe('typing and docstring adoption from the indexed signatures', () => {
  it('counts TypeScript and Python parameters and returns, and public doc comments, of the baseline fixture', () => {
    // Parameters: TypeScript 5 of 6 (scale's `factor = 2` is inferred), Python 12 of 15 (self and cls left out;
    // triangle_area's base, _within's limit and _halve's value untyped; volume.py's 6 all typed). Returns:
    // TypeScript 3 of 4 (the constructor not counted), Python 9 of 12. Public: 8 of 17 documented (area.py's
    // Polygon._within and _halve are private; volume.py's public are those __all__ lists, cube_volume and
    // Prism documented, _sphere_volume, Prism.__init__ and Prism.volume not, cylinder_volume left out).
    expect(adoptionOf(before.symbols)).toEqual({
      typing_param_permille: 810,
      typing_return_permille: 750,
      docstring_permille: 471,
      parameters: { with: 17, total: 21 },
      returns: { with: 12, total: 16 },
      public_symbols: { with: 8, total: 17 },
    });
    // By the index's underscore rule, the documented cylinder_volume would count and _sphere_volume would not.
    expect(adoptionOf(indexedBefore.symbols).public_symbols).toEqual({ with: 9, total: 17 });
  });

  it('counts the changed copy: scale fully typed, an undocumented function in place of a documented one', () => {
    expect(adoptionOf(after.symbols)).toEqual({
      typing_param_permille: 857,
      typing_return_permille: 813,
      docstring_permille: 412,
      parameters: { with: 18, total: 21 },
      returns: { with: 13, total: 16 },
      public_symbols: { with: 7, total: 17 },
    });
  });

  it('leaves out JavaScript, the statically typed languages, tests and nested bodies: nothing counted is null, not 0', () => {
    const only = before.symbols
      .filter((symbol) => symbol.path === 'src/shapes.ts')
      .map((symbol) => ({ ...symbol, language: 'javascript', exported: false }));
    const nested = before.symbols.filter((symbol) => symbol.path === 'geometry/area.py').map((symbol) => ({ ...symbol, nested: true }));
    expect(adoptionOf([...only, ...nested])).toMatchObject({
      typing_param_permille: null,
      typing_return_permille: null,
      docstring_permille: null,
      parameters: { with: 0, total: 0 },
    });
    const tests = before.symbols.map((symbol) => ({ ...symbol, inTest: true }));
    expect(adoptionOf(tests)).toMatchObject({ typing_param_permille: null, public_symbols: { with: 0, total: 0 } });
  });
});

describe('adoption per module (metrics_detail family coverage_adoption)', () => {
  it('counts each module as the summary counts the repository, its sums the summary', () => {
    const modules = adoptionByModule(before.symbols);
    const counts = { any_annotation_count: 0 };
    expect(modules).toEqual([
      // Parameters 6 of 9 (base, limit, value untyped), returns 4 of 7, public 3 of 6 documented.
      {
        path: 'geometry/area.py',
        callable_count: 7,
        params_total: 9,
        params_annotated: 6,
        param_permille: 667,
        returns_total: 7,
        returns_annotated: 4,
        return_permille: 571,
        ...counts,
        public_symbol_total: 6,
        public_symbol_documented: 3,
        docstring_permille: 500,
      },
      {
        path: 'geometry/volume.py',
        callable_count: 5,
        params_total: 6,
        params_annotated: 6,
        param_permille: 1000,
        returns_total: 5,
        returns_annotated: 5,
        return_permille: 1000,
        ...counts,
        public_symbol_total: 5,
        public_symbol_documented: 2,
        docstring_permille: 400,
      },
      // The constructor is a callable whose return is not counted.
      {
        path: 'src/shapes.ts',
        callable_count: 5,
        params_total: 6,
        params_annotated: 5,
        param_permille: 833,
        returns_total: 4,
        returns_annotated: 3,
        return_permille: 750,
        ...counts,
        public_symbol_total: 6,
        public_symbol_documented: 3,
        docstring_permille: 500,
      },
    ]);
    const sum = (key: 'params_total' | 'params_annotated' | 'returns_total' | 'returns_annotated' | 'public_symbol_total') =>
      modules.reduce((total, module) => total + module[key], 0);
    const summary = adoptionOf(before.symbols);
    expect([
      sum('params_annotated'),
      sum('params_total'),
      sum('returns_annotated'),
      sum('returns_total'),
      sum('public_symbol_total'),
    ]).toEqual([
      summary.parameters.with,
      summary.parameters.total,
      summary.returns.with,
      summary.returns.total,
      summary.public_symbols.total,
    ]);
  });

  it('counts `Any` and `any` annotations, and pages the modules of a full run under a path', () => {
    const typed = (signature: string, language: string, path: string) =>
      healthSymbol({ uid: `${path}#${signature}`, path, language, signature, bodyTokenCount: 10 });
    const modules = adoptionByModule([
      typed('def load(raw: Any, strict: typing.Any = False) -> Any', 'python', 'pkg/io.py'),
      typed('def dump(value: str) -> "Any"', 'python', 'pkg/io.py'),
      typed('function parse(text: any, reviver?: (key: string) => any): any', 'typescript', 'src/json.ts'),
    ]);
    expect(modules.map((module) => [module.path, module.callable_count, module.params_annotated, module.any_annotation_count])).toEqual([
      ['pkg/io.py', 2, 3, 3],
      ['src/json.ts', 1, 2, 2],
    ]);
    const report = buildReport(before, settings(false));
    const page = reportSection(
      { report, changed: null },
      GetReportSectionInputSchema.parse({ section: 'metrics_detail', family: 'coverage_adoption', path: 'geometry', limit: 1 }),
    ).content;
    expect(page).toMatchObject({ family: 'coverage_adoption', path: 'geometry', offset: 0, limit: 1, next_offset: 1 });
    expect(page.items).toEqual([
      { family: 'coverage_adoption', ...adoptionByModule(before.symbols).find((module) => module.path.startsWith('geometry'))! },
    ]);
    expect(buildReport(before, settings(false, 'clones_only')).metrics.coverage_adoption).toBeUndefined();
  });
});

describe('parameter lists read from a declaration header', () => {
  it.each([
    [
      'export function f<T extends (x: number) => void>(a: T, b: Map<string, number>): void',
      false,
      ['a: T', 'b: Map<string, number>'],
      ': void',
    ],
    ['const handler = async (event: { id: string }, done = () => {}) =>', false, ['event: { id: string }', 'done = () => {}'], ' =>'],
    ['export const double = value =>', false, ['value'], ''],
    [
      'def f(a, /, b: int = 1, *, c: dict[str, int], **rest: object) -> None',
      true,
      ['a', '/', 'b: int = 1', '*', 'c: dict[str, int]', '**rest: object'],
      ' -> None',
    ],
  ])('%s', (signature, python, parameters, after) => {
    expect(parameterList(signature, python)).toEqual({ parameters, after });
  });

  it('is null for a header the indexer cut short (no closing parenthesis): not read, not guessed', () => {
    expect(parameterList('export function long(first: string, second: numb…', false)).toBeNull();
  });

  it('strips decorators and modifiers, and leaves out `this` and Python self/cls', () => {
    const row = (signature: string, language: string, kind: 'function' | 'method' = 'method') => ({
      ...before.symbols[0]!,
      kind,
      name: 'm',
      language,
      signature,
    });
    expect(adoptionOf([row('handle(this: Window, @Body() body: Order, private readonly log)', 'typescript')]).parameters).toEqual({
      with: 1,
      total: 2,
    });
    expect(adoptionOf([row('def m(self, value, *args: int)', 'python')]).parameters).toEqual({ with: 1, total: 2 });
    // A function's first parameter named self is a parameter like any other.
    expect(adoptionOf([row('def m(self, value)', 'python', 'function')]).parameters).toEqual({ with: 0, total: 2 });
    // An interface member has no body: a type, not counted.
    expect(adoptionOf([{ ...row('m(value): void', 'typescript'), bodyTokenCount: null }]).parameters).toEqual({ with: 0, total: 0 });
  });
});

describe('the public API inventory and its changes against a baseline', () => {
  it('lists the exported symbols with their signatures, by path and line', () => {
    expect(
      apiSurfaceOf(before.symbols).map(({ path, line, symbol, kind, signature }) => `${path}:${line} ${kind} ${symbol} | ${signature}`),
    ).toEqual([
      'geometry/area.py:4 function rectangle_area | def rectangle_area(width: float, height: float) -> float',
      'geometry/area.py:9 function triangle_area | def triangle_area(base, height: float)',
      'geometry/area.py:13 class Polygon | class Polygon',
      'geometry/area.py:16 method Polygon.__init__ | def __init__(self, sides: list[float]) -> None',
      'geometry/area.py:19 method Polygon.perimeter | def perimeter(self) -> float',
      'geometry/area.py:22 method Polygon.regular | def regular(cls, count: int, length: float) -> "Polygon"',
      'geometry/volume.py:9 function cube_volume | def cube_volume(side: float) -> float',
      'geometry/volume.py:14 function _sphere_volume | def _sphere_volume(radius: float) -> float',
      'geometry/volume.py:23 class Prism | class Prism',
      'geometry/volume.py:26 method Prism.__init__ | def __init__(self, base_area: float, height: float) -> None',
      'geometry/volume.py:30 method Prism.volume | def volume(self) -> float',
      'src/shapes.ts:2 function circleArea | export function circleArea(radius: number): number',
      'src/shapes.ts:6 function scale | export function scale(value: number, factor = 2)',
      'src/shapes.ts:11 function legacySide | export function legacySide(area: number): number',
      'src/shapes.ts:16 class Shape | export class Shape',
      'src/shapes.ts:17 method Shape.constructor | constructor(readonly name: string)',
      'src/shapes.ts:19 method Shape.label | label(prefix: string): string',
    ]);
    // The index's underscore rule alone lists volume.py's constant UNIT and cylinder_volume, and not _sphere_volume.
    expect(apiSurfaceOf(indexedBefore.symbols).flatMap((symbol) => (symbol.path === 'geometry/volume.py' ? [symbol.symbol] : []))).toEqual([
      'UNIT',
      'cube_volume',
      'cylinder_volume',
      'Prism',
      'Prism.__init__',
      'Prism.volume',
    ]);
  });

  it('takes Go’s capitalised names as its public API, and counts no Go typing (every Go parameter declares its type)', async () => {
    const go = healthFactsOf((await readRepository(join(FIXTURES, 'shipping-go'), { tenantId: 't', maxFileBytes: 1 << 20 })).snapshot);
    // The package-level const MaxWeightGrams and var ErrTooHeavy are no symbols in the index, so no API either.
    expect(
      apiSurfaceOf(go.symbols)
        .filter((symbol) => symbol.path === 'parcel/parcel.go')
        .map((symbol) => `${symbol.kind} ${symbol.symbol} | ${symbol.signature}`),
    ).toEqual([
      'class Address | type Address struct',
      'property Address.Country | Country string',
      'property Address.PostalCode | PostalCode string',
      'class Parcel | type Parcel struct',
      'property Parcel.ID | ID string',
      'property Parcel.WeightGrams | WeightGrams int',
      'property Parcel.To | To Address',
      'method Parcel.Validate | func (p Parcel) Validate() error',
      'method Parcel.IsDomestic | func (p Parcel) IsDomestic(origin string) bool',
    ]);
    expect(adoptionOf(go.symbols)).toMatchObject({
      typing_param_permille: null,
      typing_return_permille: null,
      docstring_permille: 944,
      public_symbols: { with: 17, total: 18 },
    });
  });

  it('counts a removed and a re-signed symbol as breaking and an added one as new; moved lines change nothing', () => {
    const strip = (facts: HealthFacts) => apiSurfaceOf(facts.symbols).map(({ line: _line, ...symbol }) => symbol);
    expect(apiChanges(strip(before), strip(after))).toEqual({ breaking: 2, added: 1 });
    expect(apiChanges(strip(before), strip(before))).toEqual({ breaking: 0, added: 0 });
  });

  it('gives the run summary its deltas against a baseline taken from a run with api_surface', () => {
    const baseline = { document: baselineOf(buildReport(before, settings(true))), untrustedReason: null };
    const diff = (apiSurface: boolean, stored: StoredBaseline = baseline) =>
      runSummary(buildReport(after, settings(apiSurface)), '1.0.0', stored).diff;
    expect(diff(true)).toMatchObject({
      typing_param_permille_delta: 47,
      typing_return_permille_delta: 63,
      docstring_permille_delta: -59,
      api_breaking_changes: 2,
      new_api_symbols: 1,
    });
    // Without api_surface on the run, or on the baseline's run: the API counts stay null, the typing deltas do not.
    expect(diff(false)).toMatchObject({ typing_param_permille_delta: 47, api_breaking_changes: null, new_api_symbols: null });
    const withoutApi = { document: baselineOf(buildReport(before, settings(false))), untrustedReason: null };
    expect(withoutApi.document.api_surface).toBeUndefined();
    expect(diff(true, withoutApi)).toMatchObject({ docstring_permille_delta: -59, api_breaking_changes: null, new_api_symbols: null });
    // No baseline: nothing to compare against.
    expect(diff(true, NO_STORED_BASELINE)).toMatchObject({
      typing_param_permille_delta: null,
      typing_return_permille_delta: null,
      docstring_permille_delta: null,
      api_breaking_changes: null,
      new_api_symbols: null,
    });
  });

  it('measures nothing in clones_only mode', () => {
    const report = buildReport(before, settings(false, 'clones_only'));
    expect(report.metrics.summary.adoption).toBeNull();
    expect(report.metrics.api_surface).toBeUndefined();
  });

  it('pages the inventory as metrics_detail family api_surface, under a path too', () => {
    const report = buildReport(after, settings(true));
    const page = (input: Record<string, unknown>) =>
      reportSection({ report, changed: null }, GetReportSectionInputSchema.parse({ section: 'metrics_detail', ...input })).content;
    expect(page({ family: 'api_surface', path: 'src', offset: 1, limit: 2 })).toEqual({
      api_surface: { symbols: 17 },
      family: 'api_surface',
      path: 'src',
      total: 6,
      offset: 1,
      limit: 2,
      items: [
        {
          family: 'api_surface',
          path: 'src/shapes.ts',
          line: 6,
          symbol: 'scale',
          kind: 'function',
          signature: 'export function scale(value: number, factor: number = 2): number',
        },
        {
          family: 'api_surface',
          path: 'src/shapes.ts',
          line: 10,
          symbol: 'circumference',
          kind: 'function',
          signature: 'export function circumference(radius: number): number',
        },
      ],
      next_offset: 3,
    });
    expect(page({}).families).toContainEqual({ family: 'api_surface', items: 17 });
    const without = buildReport(after, settings(false));
    expect(
      reportSection(
        { report: without, changed: null },
        GetReportSectionInputSchema.parse({ section: 'metrics_detail', family: 'api_surface' }),
      ).content,
    ).toMatchObject({ api_surface: null, total: 0, items: [] });
  });
});
