import type { Extraction, ExtractionInput, LanguageServerSettings } from '../extractor';
import { fixtureInput, memoryInput, scratchRepository, short } from '../../test/extraction-inputs';
import { CExtractor } from '../languages/c/c-extractor';
import { GoExtractor } from '../languages/go/go-extractor';
import { installedServer, type PinnedServer } from './installed-servers';

/** Where scripts/install-language-servers.sh put the servers (the global setup hides them from every other spec). */
const settings: LanguageServerSettings = {
  directory: process.env.LORE_TEST_LANGUAGE_SERVERS_DIR!,
  requestTimeoutMs: 60_000,
  indexTimeoutMs: 120_000,
};

type Edge = [caller: string, callee: string, line: number, count: number, confidence: string];
const edges = (calls: Extraction['calls']): Edge[] =>
  calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence]);

/** The spec of a server that is installed; one that is not is skipped, saying so. */
function withServer(server: PinnedServer): typeof describe | typeof describe.skip {
  const installed = installedServer(server, settings.directory);
  if (installed.path !== null) return describe;
  process.stderr.write(`[language servers] ${server} specs skipped: ${installed.reason}\n`);
  return describe.skip;
}

async function exactly(
  extractor: CExtractor | GoExtractor,
  input: ExtractionInput,
): Promise<{ first: Extraction; exact: Awaited<ReturnType<NonNullable<Extraction['resolveExactly']>>> }> {
  const first = await extractor.extract({ ...input, languageServers: settings });
  return { first, exact: await first.resolveExactly!() };
}

withServer('clangd')('clangd on test/fixtures/shapes-c (no compile commands: default flags)', () => {
  it('resolves the calls through the header to their definitions, and says which flags it used', async () => {
    const input = await fixtureInput('shapes-c', ['include/shapes.h', 'src/shapes.c', 'src/main.c', 'src/broken.c']);
    const { first, exact } = await exactly(new CExtractor(), input);
    expect(edges(first.calls)).toEqual([
      ['src/broken.c#broken', 'src/broken.c#half', 6, 1, 'import'],
      ['src/main.c#main', 'src/shapes.c#point_add', 6, 1, 'import'],
      ['src/main.c#main', 'src/shapes.c#rect_area', 7, 1, 'import'],
      ['src/shapes.c#point_add', 'src/shapes.c#clamp', 15, 2, 'import'],
    ]);
    expect(edges(exact.calls)).toEqual([
      // broken.c's `half` is behind a syntax error clangd does not read as a call: the first pass's edge stays.
      ['src/broken.c#broken', 'src/broken.c#half', 6, 1, 'import'],
      ['src/main.c#main', 'src/shapes.c#point_add', 6, 1, 'exact'],
      ['src/main.c#main', 'src/shapes.c#rect_area', 7, 1, 'exact'],
      ['src/shapes.c#point_add', 'src/shapes.c#clamp', 15, 2, 'exact'],
    ]);
    expect(exact.languageServers).toEqual([
      {
        language: 'c',
        server: 'clangd',
        version: '22.1.1',
        status: 'ran',
        detail: 'no compile_commands.json or compile_flags.txt: default flags (-std=c11 for C, -std=c++17 for C++, -I include and -I .)',
      },
    ]);
    expect(exact.skipped).toEqual([]);
  }, 180_000);
});

withServer('clangd')('clangd on test/fixtures/shapes-cpp (compile_commands.json)', () => {
  it("takes the checker's answer over the first pass's, keeps it where the test macros hide the calls", async () => {
    const input = await fixtureInput('shapes-cpp', [
      'include/geo/shape.hpp',
      'src/shape.cpp',
      'tests/shape_test.cc',
      'tests/total_test.cpp',
    ]);
    const { exact } = await exactly(new CExtractor(), input);
    expect(edges(exact.calls)).toEqual([
      // A base-class initializer: a call the first pass does not see.
      ['include/geo/shape.hpp#geo::Square::Square', 'src/shape.cpp#geo::Shape::Shape', 21, 1, 'exact'],
      // Calling a lambda is no call to a declaration for clangd: the first pass's edge stays.
      ['src/shape.cpp#geo::Square::area', 'src/shape.cpp#geo::Square::area.scale', 15, 1, 'import'],
      ['src/shape.cpp#geo::Square::area.scale', 'src/shape.cpp#geo::Shape::sides', 14, 1, 'exact'],
      ['src/shape.cpp#geo::total', 'src/shape.cpp#geo::Shape::area', 21, 1, 'exact'],
      ['src/shape.cpp#geo::total', 'src/shape.cpp#geo::Shape::sides', 21, 1, 'exact'],
      // GoogleTest's and Catch2's headers are not in the fixture: clangd knows no function there, the first pass's edges stay.
      ['tests/shape_test.cc#SquareTest.Area', 'src/shape.cpp#geo::Square::area', 6, 1, 'import'],
      ['tests/total_test.cpp#total adds the areas', 'include/geo/shape.hpp#geo::Square::Square', 5, 1, 'import'],
      ['tests/total_test.cpp#total adds the areas', 'src/shape.cpp#geo::total', 6, 1, 'import'],
    ]);
    expect(exact.languageServers).toEqual([
      {
        language: 'cpp',
        server: 'clangd',
        version: '22.1.1',
        status: 'ran',
        detail: 'compile_commands.json, and default flags for the 1 source(s) it does not list',
      },
    ]);
  }, 180_000);
});

withServer('gopls')('gopls on test/fixtures/shipping-go', () => {
  it('resolves calls through interfaces to the interface methods, dropping the guesses by method name', async () => {
    const paths = [
      'parcel/parcel.go',
      'parcel/parcel_test.go',
      'rates/carrier.go',
      'rates/flat.go',
      'rates/weight.go',
      'shipping/service.go',
      'shipping/service_test.go',
    ];
    const { first, exact } = await exactly(new GoExtractor(), await fixtureInput('shipping-go', paths));
    const guesses = edges(first.calls).filter(([caller]) => caller === 'shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)');
    expect(guesses.map(([, callee, , , confidence]) => [callee, confidence])).toEqual([
      ['rates/carrier.go#Carrier.Name', 'ambiguous'],
      ['rates/carrier.go#Carrier.Quote', 'ambiguous'],
      ['rates/flat.go#FlatRate.Name', 'ambiguous'],
      ['rates/flat.go#FlatRate.Quote', 'ambiguous'],
      ['rates/weight.go#WeightBased.Name', 'ambiguous'],
      ['rates/weight.go#WeightBased.Quote', 'ambiguous'],
    ]);
    expect(edges(exact.calls)).toEqual([
      ['parcel/parcel_test.go#TestValidate.Run(1)', 'parcel/parcel.go#Parcel.Validate', 19, 1, 'exact'],
      ['rates/flat.go#FlatRate.Quote', 'parcel/parcel.go#Parcel.Validate', 23, 1, 'exact'],
      ['rates/weight.go#WeightBased.Quote', 'parcel/parcel.go#Parcel.IsDomestic', 25, 1, 'exact'],
      ['rates/weight.go#WeightBased.Quote', 'parcel/parcel.go#Parcel.Validate', 21, 1, 'exact'],
      ['rates/weight.go#WeightBased.Quote', 'rates/weight.go#kilograms', 24, 1, 'exact'],
      ['shipping/service.go#Service.Cheapest', 'shipping/service.go#Service.Quotes', 52, 1, 'exact'],
      ['shipping/service.go#Service.Quotes', 'rates/carrier.go#Carrier.Name', 39, 1, 'exact'],
      ['shipping/service.go#Service.Quotes', 'rates/carrier.go#Carrier.Quote', 35, 1, 'exact'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/carrier.go#Carrier.Name', 60, 1, 'exact'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/carrier.go#Carrier.Quote', 59, 1, 'exact'],
      ['shipping/service_test.go#TestCheapestPicksLowestPrice', 'shipping/service.go#Service.Cheapest', 21, 1, 'exact'],
      ['shipping/service_test.go#TestCheapestPicksLowestPrice', 'shipping/service_test.go#newTestService', 20, 1, 'exact'],
      ['shipping/service_test.go#TestHeavyParcelGoesByFreight', 'shipping/service.go#Service.Quotes', 31, 1, 'exact'],
      ['shipping/service_test.go#TestHeavyParcelGoesByFreight', 'shipping/service_test.go#newTestService', 31, 1, 'exact'],
      ['shipping/service_test.go#TestNoCarrierForInvalidParcel', 'shipping/service.go#Service.Cheapest', 42, 1, 'exact'],
      ['shipping/service_test.go#TestNoCarrierForInvalidParcel', 'shipping/service_test.go#newTestService', 42, 1, 'exact'],
      ['shipping/service_test.go#newTestService', 'shipping/service.go#NewService', 13, 1, 'exact'],
    ]);
    expect(
      exact.languageServers!.map(({ detail, ...run }) => [run, /^go[\d.]+, go\.mod at the root, offline \(GOPROXY=off\)$/.test(detail)]),
    ).toEqual([[{ language: 'go', server: 'gopls', version: 'v0.23.0', status: 'ran' }, true]]);
  }, 180_000);
});

/** Files on disk (the server reads them) and the same files as the extractor's input. */
function scratchInput(sources: Record<string, string>): ExtractionInput {
  return { ...memoryInput(sources), rootPath: scratchRepository(sources) };
}

withServer('clangd')("clangd, a lambda handed to a call on the call's line", () => {
  it('gives the call to the function it is written in, not to the lambda that shares its line', async () => {
    const input = scratchInput({
      'shop.cpp': [
        'int apply(int (*f)(int)) { return f(1); }',
        'int total() {',
        '  return apply([](int y) { return y + 1; });',
        '}',
        '',
      ].join('\n'),
    });
    const { exact } = await exactly(new CExtractor(), input);
    expect(edges(exact.calls)).toEqual([['shop.cpp#total', 'shop.cpp#apply', 3, 1, 'exact']]);
    expect(exact.languageServers!.map((run) => run.status)).toEqual(['ran']);
  }, 180_000);
});

withServer('gopls')("gopls, a function literal handed to a call on the call's line", () => {
  it('gives the call to the function it is written in, not to the literal that shares its line', async () => {
    const input = scratchInput({
      'go.mod': 'module shop\n\ngo 1.21\n',
      'shop.go': [
        'package shop',
        '',
        'func apply(f func(int) int) int { return f(1) }',
        '',
        'func Total() int {',
        '\treturn apply(func(y int) int { return y + 1 })',
        '}',
        '',
      ].join('\n'),
    });
    const { exact } = await exactly(new GoExtractor(), { ...input, files: input.files.filter((file) => file.path.endsWith('.go')) });
    expect(edges(exact.calls)).toEqual([['shop.go#Total', 'shop.go#apply', 6, 1, 'exact']]);
    expect(exact.languageServers!.map((run) => run.status)).toEqual(['ran']);
  }, 180_000);
});
