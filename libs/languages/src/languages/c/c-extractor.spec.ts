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

  it("gives a function its prototype's place, and the prototype's doc when the definition has none", async () => {
    const declaredAt = (symbol: object) => (symbol as { declaredAt?: string }).declaredAt ?? null;
    expect(extraction.symbols.filter((symbol) => declaredAt(symbol) !== null).map((symbol) => [symbol.name, declaredAt(symbol)])).toEqual([
      ['point_add', 'include/shapes.h:19'],
      ['rect_area', 'include/shapes.h:20'],
    ]);
    const list = await new CExtractor().extract(
      memoryInput({
        'list.h': '/** Adds two numbers. */\nint add(int a, int b);\nint sub(int, int);\n',
        'list.c':
          '#include "list.h"\nint add(int x, int y) { return x + y; }\nstatic int twice(int);\nstatic int twice(int v) { return add(v, v); }\n',
      }),
    );
    expect(list.symbols.map((symbol) => [symbol.path, symbol.name, symbol.doc, declaredAt(symbol)])).toEqual([
      ['list.c', 'add', 'Adds two numbers.', 'list.h:2'],
      ['list.c', 'twice', null, 'list.c:3'],
    ]);
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
      ['property', 'geo::Shape::sides_', 16, 16],
      ['class', 'geo::Square', 19, 26],
      ['method', 'geo::Square::Square', 21, 21],
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

  it('keeps one symbol for a method declared in its class and defined in a .cpp: the definition, under the class, with the header place', () => {
    const places = extraction.symbols
      .filter((symbol) => 'declaredAt' in symbol)
      .map((symbol) => [short(symbol.uid), short(symbol.parentUid!), (symbol as { declaredAt?: string }).declaredAt]);
    expect(places).toEqual([
      ['src/shape.cpp#geo::Shape::Shape', 'include/geo/shape.hpp#geo::Shape', 'include/geo/shape.hpp:9'],
      ['src/shape.cpp#geo::Shape::~Shape', 'include/geo/shape.hpp#geo::Shape', 'include/geo/shape.hpp:10'],
      ['src/shape.cpp#geo::Shape::area', 'include/geo/shape.hpp#geo::Shape', 'include/geo/shape.hpp:12'],
      ['src/shape.cpp#geo::Shape::sides', 'include/geo/shape.hpp#geo::Shape', 'include/geo/shape.hpp:13'],
      ['src/shape.cpp#geo::Square::area', 'include/geo/shape.hpp#geo::Square', 'include/geo/shape.hpp:22'],
      ['src/shape.cpp#geo::total', 'src/shape.cpp#geo', 'include/geo/shape.hpp:28'],
    ]);
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
      ['counter.cpp', 'Counter::add', 'method', 'cpp'],
    ]);
    expect(mixed.skipped).toEqual([]);
  });

  it('joins overloads to their own definitions by parameter types, and keeps a declaration defined nowhere in the repository', async () => {
    const joined = await new CExtractor().extract(
      memoryInput({
        'node.h': [
          'namespace xml {',
          'class Node {',
          ' public:',
          "  /// The node's value.",
          '  const char* Value() const;',
          '  void SetValue(const char* value, bool staticMem = false);',
          '  void SetValue(int value);',
          '  Node* First(const char* name = 0);',
          '  const Node* First(const char* name = 0) const;',
          '  virtual bool Accept(int visitor) const = 0;',
          '  void Unlinked();',
          '};',
          '/// Parses a document.',
          'Node* Parse(const char* text);',
          '}',
        ].join('\n'),
        'node.cpp': [
          '#include "node.h"',
          'namespace xml {',
          'const char* Node::Value() const { return 0; }',
          'void Node::SetValue(const char* str, bool /*staticMem*/) { Value(); }',
          'void Node::SetValue(int v) { SetValue(v > 0 ? "" : 0); }',
          'Node* Node::First(const char*   n) { return 0; }',
          'const Node* Node::First(const char* n) const { return 0; }',
          'Node* Parse(const char* text) { return 0; }',
          '}',
        ].join('\n'),
        'main.cpp': [
          '#include "node.h"',
          'int main() {',
          '  xml::Node* node = xml::Parse("<a/>");',
          '  node->Value();',
          '  node->Unlinked();',
          '  return node->Accept(1);',
          '}',
        ].join('\n'),
      }),
    );
    expect(
      joined.symbols.map((symbol) => [
        short(symbol.uid),
        symbol.parentUid && short(symbol.parentUid),
        symbol.doc,
        (symbol as { declaredAt?: string }).declaredAt ?? null,
      ]),
    ).toEqual([
      ['node.h#xml', null, null, null],
      ['node.h#xml::Node', 'node.h#xml', null, null],
      ['node.h#xml::Node::Accept', 'node.h#xml::Node', null, null],
      ['node.h#xml::Node::Unlinked', 'node.h#xml::Node', null, null],
      ['node.cpp#xml', null, null, null],
      ['node.cpp#xml::Node::Value', 'node.h#xml::Node', "The node's value.", 'node.h:5'],
      ['node.cpp#xml::Node::SetValue', 'node.h#xml::Node', null, 'node.h:6'],
      ['node.cpp#xml::Node::SetValue~2', 'node.h#xml::Node', null, 'node.h:7'],
      ['node.cpp#xml::Node::First', 'node.h#xml::Node', null, 'node.h:8'],
      ['node.cpp#xml::Node::First~2', 'node.h#xml::Node', null, 'node.h:9'],
      ['node.cpp#xml::Parse', 'node.cpp#xml', 'Parses a document.', 'node.h:14'],
      ['main.cpp#main', null, null, null],
    ]);
    expect(calls(joined)).toEqual([
      ['main.cpp#main', 'node.cpp#xml::Node::Value', 4, 1, 'import'],
      ['main.cpp#main', 'node.cpp#xml::Parse', 3, 1, 'import'],
      ['main.cpp#main', 'node.h#xml::Node::Accept', 6, 1, 'import'],
      ['main.cpp#main', 'node.h#xml::Node::Unlinked', 5, 1, 'import'],
      ['node.cpp#xml::Node::SetValue', 'node.cpp#xml::Node::Value', 4, 1, 'import'],
      ['node.cpp#xml::Node::SetValue~2', 'node.cpp#xml::Node::SetValue', 5, 1, 'import'],
    ]);
  });
});
