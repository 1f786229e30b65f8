import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { CExtractor } from './c-extractor';

const C_FILES = ['include/shapes.h', 'src/shapes.c', 'src/main.c', 'src/broken.c'];
const CPP_FILES = ['include/geo/shape.hpp', 'src/shape.cpp', 'tests/shape_test.cc', 'tests/total_test.cpp'];

const calls = (extraction: Extraction) =>
  extraction.calls.map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.count, call.confidence]);
const symbolsOf = (extraction: Extraction) =>
  extraction.symbols.map((symbol) => [symbol.kind, symbol.qualifiedName, symbol.startLine, symbol.endLine]);

describe('C with tree-sitter', () => {
  let extraction: Extraction;
  beforeAll(async () => {
    extraction = await new CExtractor().extract(await fixtureInput('shapes-c', C_FILES));
  });

  it('reads functions, structs (a typedef naming an anonymous one), their fields, enums and typedefs, with their docs', () => {
    expect(symbolsOf(extraction)).toEqual([
      ['class', 'point', 5, 8],
      ['property', 'point::x', 6, 6],
      ['property', 'point::y', 7, 7],
      ['class', 'rect', 11, 13],
      ['property', 'rect::low', 12, 12],
      ['property', 'rect::high', 12, 12],
      ['enum', 'color', 15, 15],
      ['type', 'measure_fn', 17, 17],
      ['function', 'clamp', 4, 12],
      ['function', 'point_add', 14, 17],
      ['function', 'rect_area', 20, 24],
      ['function', 'main', 4, 9],
      ['function', 'half', 3, 3],
      ['function', 'broken', 5, 7],
    ]);
    const byName = new Map(extraction.symbols.map((symbol) => [symbol.qualifiedName, symbol]));
    expect([byName.get('point')!.doc, byName.get('rect')!.doc, byName.get('rect_area')!.doc]).toEqual([
      'A point on the plane.',
      'A rectangle by two corners.',
      'Width times height; 0 for an empty rectangle.',
    ]);
    expect(extraction.symbols.every((symbol) => symbol.language === 'c')).toBe(true);
    // `static`: not exported.
    expect(extraction.symbols.filter((symbol) => !symbol.exported).map((symbol) => symbol.name)).toEqual(['clamp']);
  });

  it('measures complexity: else if and else, ?: and a run of &&', () => {
    const byName = new Map(extraction.symbols.map((symbol) => [symbol.name, symbol]));
    expect(
      ['clamp', 'rect_area', 'point_add'].map((name) => [byName.get(name)!.complexity, byName.get(name)!.cognitiveComplexity]),
    ).toEqual([
      [3, 3],
      [3, 2],
      [1, 0],
    ]);
  });

  it('follows calls to functions its includes declare, resolves includes through the include/ folder, and lists a missing header', () => {
    expect(calls(extraction)).toEqual([
      ['src/broken.c#broken', 'src/broken.c#half', 6, 1, 'import'],
      ['src/main.c#main', 'src/shapes.c#point_add', 6, 1, 'import'],
      ['src/main.c#main', 'src/shapes.c#rect_area', 7, 1, 'import'],
      ['src/shapes.c#point_add', 'src/shapes.c#clamp', 15, 2, 'import'],
    ]);
    expect(extraction.imports.map((row) => [short(row.fromUid), short(row.toUid)])).toEqual([
      ['src/broken.c', 'include/shapes.h'],
      ['src/main.c', 'include/shapes.h'],
      ['src/shapes.c', 'include/shapes.h'],
    ]);
    expect(extraction.skipped).toEqual([
      { path: 'src/broken.c', reason: 'partly extracted: syntax error at line 5' },
      { path: 'src/shapes.c', reason: 'partly resolved: #include "missing/config.h" not found in the repository' },
    ]);
  });

  it('reads a macro-heavy file as far as its syntax goes, and gives no edge to a macro', async () => {
    const macros = await new CExtractor().extract(
      memoryInput({
        'gen.c': [
          '#define DEFINE_GETTER(name) int get_##name(void) { return name; }',
          'DEFINE_GETTER(width)',
          'DEFINE_GETTER(height)',
          '#define MAX(a, b) ((a) > (b) ? (a) : (b))',
          'int biggest(int a, int b) { return MAX(a, b); }',
          '',
        ].join('\n'),
      }),
    );
    expect(symbolsOf(macros)).toEqual([['function', 'biggest', 5, 5]]);
    expect(macros.calls).toEqual([]);
  });
});

describe('C++ with tree-sitter', () => {
  let extraction: Extraction;
  beforeAll(async () => {
    extraction = await new CExtractor().extract(await fixtureInput('shapes-cpp', CPP_FILES));
  });

  it('reads namespaces, classes, members, out-of-line methods, constructors, destructors, lambdas and tests', () => {
    expect(symbolsOf(extraction)).toEqual([
      ['module', 'geo', 4, 30],
      ['class', 'geo::Shape', 7, 17],
      ['method', 'geo::Shape::Shape', 9, 9],
      ['method', 'geo::Shape::~Shape', 10, 10],
      ['method', 'geo::Shape::area', 12, 12],
      ['method', 'geo::Shape::sides', 13, 13],
      ['property', 'geo::Shape::sides_', 16, 16],
      ['class', 'geo::Square', 19, 26],
      ['method', 'geo::Square::Square', 21, 21],
      ['method', 'geo::Square::area', 22, 22],
      ['property', 'geo::Square::side_', 25, 25],
      ['module', 'geo', 3, 26],
      ['method', 'geo::Shape::Shape', 5, 5],
      ['method', 'geo::Shape::~Shape', 7, 7],
      ['method', 'geo::Shape::area', 9, 9],
      ['method', 'geo::Shape::sides', 11, 11],
      ['method', 'geo::Square::area', 13, 16],
      ['function', 'geo::Square::area.scale', 14, 14],
      ['function', 'geo::total', 18, 24],
      ['test', 'SquareTest.Area', 4, 7],
      ['test', 'total adds the areas', 4, 7],
    ]);
    const total = extraction.symbols.find((symbol) => symbol.qualifiedName === 'geo::total')!;
    expect([total.complexity, total.cognitiveComplexity, total.language]).toEqual([4, 4, 'cpp']);
    const scale = extraction.symbols.find((symbol) => symbol.name === 'scale')!;
    expect([scale.nested, short(scale.parentUid!)]).toEqual([true, 'src/shape.cpp#geo::Square::area']);
    expect(extraction.symbols.find((symbol) => symbol.qualifiedName === 'geo::Shape::area')!.doc).toBe('The area, in square units.');
  });

  it('follows calls by scope, by the declared type of locals, parameters and range variables, and by qualified name', () => {
    expect(calls(extraction)).toEqual([
      ['src/shape.cpp#geo::Square::area', 'src/shape.cpp#geo::Square::area.scale', 15, 1, 'import'],
      ['src/shape.cpp#geo::Square::area.scale', 'src/shape.cpp#geo::Shape::sides', 14, 1, 'import'],
      ['src/shape.cpp#geo::total', 'src/shape.cpp#geo::Shape::area', 21, 1, 'import'],
      ['src/shape.cpp#geo::total', 'src/shape.cpp#geo::Shape::sides', 21, 1, 'import'],
      ['tests/shape_test.cc#SquareTest.Area', 'src/shape.cpp#geo::Square::area', 6, 1, 'import'],
      ['tests/total_test.cpp#total adds the areas', 'include/geo/shape.hpp#geo::Square::Square', 5, 1, 'import'],
      ['tests/total_test.cpp#total adds the areas', 'src/shape.cpp#geo::total', 6, 1, 'import'],
    ]);
    expect(extraction.inheritance.map((row) => [short(row.fromUid), short(row.toUid), row.kind])).toEqual([
      ['include/geo/shape.hpp#geo::Square', 'include/geo/shape.hpp#geo::Shape', 'EXTENDS'],
    ]);
  });

  it("resolves includes through compile_commands.json's include paths", () => {
    expect(extraction.imports.map((row) => [short(row.fromUid), short(row.toUid)])).toEqual([
      ['src/shape.cpp', 'include/geo/shape.hpp'],
      ['tests/shape_test.cc', 'include/geo/shape.hpp'],
      ['tests/total_test.cpp', 'include/geo/shape.hpp'],
    ]);
  });

  it("reads a C++ repository's .h headers as C++", async () => {
    const mixed = await new CExtractor().extract(
      memoryInput({
        'counter.h': 'class Counter {\n public:\n  void add();\n};\n',
        'counter.cpp': '#include "counter.h"\nvoid Counter::add() {}\n',
      }),
    );
    expect(mixed.symbols.map((symbol) => [symbol.path, symbol.qualifiedName, symbol.kind, symbol.language])).toEqual([
      ['counter.h', 'Counter', 'class', 'cpp'],
      ['counter.h', 'Counter::add', 'method', 'cpp'],
      ['counter.cpp', 'Counter::add', 'method', 'cpp'],
    ]);
    expect(mixed.skipped).toEqual([]);
  });
});
