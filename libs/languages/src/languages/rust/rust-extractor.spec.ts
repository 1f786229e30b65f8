import type { Extraction } from '../../extractor';
import { countBy, fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { RustExtractor } from './rust-extractor';

const REPOSITORY = 'rust-sample';
const PATHS = [
  'app/src/main.rs',
  'app/src/report.rs',
  'app/tests/cli.rs',
  'geometry/src/lib.rs',
  'geometry/src/shapes.rs',
  'geometry/src/util.rs',
];

describe('RustExtractor on test/fixtures/rust-sample (a Cargo workspace of two crates)', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new RustExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares modules, functions, macros, types, traits, impl methods, fields, variants, closures and tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['app/src/main.rs', 'module', 'report', 3, 3, false, null],
      ['app/src/main.rs', 'function', 'main', 5, 12, false, 1],
      ['app/src/main.rs', 'function', 'main.shown', 8, 8, false, 1],
      ['app/src/main.rs', 'function', 'build', 14, 16, false, 1],
      ['app/src/report.rs', 'function', 'total', 5, 7, true, 1],
      ['app/src/report.rs', 'function', 'total.map(0)', 6, 6, false, 1],
      ['app/tests/cli.rs', 'test', 'new_circle_is_not_negative', 4, 7, false, 1],
      ['geometry/src/lib.rs', 'module', 'shapes', 2, 2, true, null],
      ['geometry/src/lib.rs', 'module', 'util', 3, 3, false, null],
      ['geometry/src/lib.rs', 'interface', 'Area', 8, 16, true, null],
      ['geometry/src/lib.rs', 'method', 'Area.area', 10, 10, true, null],
      ['geometry/src/lib.rs', 'method', 'Area.describe', 12, 15, true, 1],
      ['geometry/src/lib.rs', 'function', 'square', 19, 23, true, null],
      ['geometry/src/shapes.rs', 'class', 'Circle', 7, 9, true, null],
      ['geometry/src/shapes.rs', 'property', 'Circle.radius', 8, 8, true, null],
      ['geometry/src/shapes.rs', 'enum', 'Kind', 11, 14, true, null],
      ['geometry/src/shapes.rs', 'property', 'Kind.Round', 12, 12, true, null],
      ['geometry/src/shapes.rs', 'property', 'Kind.Angular', 13, 13, true, null],
      ['geometry/src/shapes.rs', 'method', 'Circle.new', 18, 20, true, 1],
      ['geometry/src/shapes.rs', 'method', 'Circle.grow', 22, 24, true, 1],
      ['geometry/src/shapes.rs', 'method', 'Circle.area', 28, 33, true, 3],
      ['geometry/src/util.rs', 'function', 'clamp', 1, 7, false, 2],
      ['geometry/src/util.rs', 'module', 'tests', 10, 17, false, null],
      ['geometry/src/util.rs', 'test', 'tests.clamps_negative_values', 14, 16, false, 1],
    ]);
    expect(countBy(result.symbols, (s) => s.kind)).toEqual({
      class: 1,
      enum: 1,
      function: 7,
      interface: 1,
      method: 5,
      module: 4,
      property: 3,
      test: 2,
    });
  });

  it('builds signatures, docs (`///`, and `//!` of a module file for its `mod`), parents, cognitive complexity and field uses', () => {
    const byName = new Map(result.symbols.map((s) => [s.qualifiedName, s]));
    expect(byName.get('shapes')).toMatchObject({ signature: 'pub mod shapes', doc: 'Circles, and the kinds of shape.' });
    expect(byName.get('Area.area')).toMatchObject({
      parentUid: 't:rust-sample:geometry/src/lib.rs#Area',
      signature: 'fn area(&self) -> f64',
      doc: 'The area in square units.',
    });
    // An impl's methods hang under the type it is for.
    expect(byName.get('Circle.new')).toMatchObject({
      uid: 't:rust-sample:geometry/src/shapes.rs#Circle.new',
      parentUid: 't:rust-sample:geometry/src/shapes.rs#Circle',
      signature: 'pub fn new(radius: f64) -> Self',
      doc: 'A circle of the given radius, never negative.',
    });
    expect(byName.get('Circle')).toMatchObject({ signature: 'pub struct Circle', doc: 'A circle.' });
    expect(byName.get('Kind.Angular')!.signature).toBe('Angular { corners: u32 }');
    expect(byName.get('square')!.signature).toBe('macro_rules! square');
    expect(byName.get('main.shown')).toMatchObject({
      signature: '|value: f64|',
      nested: true,
      parentUid: 't:rust-sample:app/src/main.rs#main',
    });
    // match: +1, `&&`: +1; if: +1, else: +1.
    expect([byName.get('Circle.area')!.cognitiveComplexity, byName.get('clamp')!.cognitiveComplexity]).toEqual([2, 2]);
    expect(byName.get('Circle.grow')).toMatchObject({ fieldReads: ['radius'], fieldWrites: ['radius'] });
    expect(byName.get('Circle.area')).toMatchObject({ fieldReads: ['radius'] });
  });

  it('follows paths, uses across crates, `?`, closures, macros and trait methods; falls back to names for an untyped closure parameter', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['app/src/main.rs#build', 'geometry/src/shapes.rs#Circle.new', 15, 1, 'import'],
      ['app/src/main.rs#main', 'app/src/main.rs#build', 10, 1, 'import'],
      ['app/src/main.rs#main', 'app/src/main.rs#main.shown', 9, 1, 'import'],
      ['app/src/main.rs#main', 'app/src/report.rs#total', 7, 1, 'import'],
      ['app/src/main.rs#main', 'geometry/src/shapes.rs#Circle.grow', 10, 1, 'import'],
      ['app/src/main.rs#main', 'geometry/src/shapes.rs#Circle.new', 6, 1, 'import'],
      ['app/src/report.rs#total.map(0)', 'geometry/src/lib.rs#Area.area', 6, 1, 'ambiguous'],
      ['app/src/report.rs#total.map(0)', 'geometry/src/shapes.rs#Circle.area', 6, 1, 'ambiguous'],
      ['app/tests/cli.rs#new_circle_is_not_negative', 'geometry/src/shapes.rs#Circle.new', 5, 1, 'import'],
      ['geometry/src/lib.rs#Area.describe', 'geometry/src/lib.rs#Area.area', 13, 1, 'import'],
      ['geometry/src/shapes.rs#Circle.area', 'geometry/src/lib.rs#square', 30, 2, 'import'],
      ['geometry/src/shapes.rs#Circle.new', 'geometry/src/shapes.rs#Circle', 19, 1, 'import'],
      ['geometry/src/shapes.rs#Circle.new', 'geometry/src/util.rs#clamp', 19, 1, 'import'],
      ['geometry/src/util.rs#tests.clamps_negative_values', 'geometry/src/util.rs#clamp', 15, 1, 'import'],
    ]);
  });

  it('records `mod` files and `use` paths as imports, re-exports followed to the defining file', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['app/src/main.rs', 'app/src/report.rs', ['report']],
      ['app/src/main.rs', 'geometry/src/lib.rs', ['Area']],
      ['app/src/main.rs', 'geometry/src/shapes.rs', ['Circle']],
      ['app/src/report.rs', 'geometry/src/lib.rs', ['Area']],
      ['app/src/report.rs', 'geometry/src/shapes.rs', ['Circle']],
      ['app/tests/cli.rs', 'geometry/src/shapes.rs', ['Circle']],
      ['geometry/src/lib.rs', 'geometry/src/shapes.rs', ['Circle', 'shapes']],
      ['geometry/src/lib.rs', 'geometry/src/util.rs', ['util']],
      ['geometry/src/shapes.rs', 'geometry/src/lib.rs', ['Area']],
      ['geometry/src/shapes.rs', 'geometry/src/util.rs', ['clamp']],
    ]);
  });

  it('makes `impl Trait for Type` an IMPLEMENTS row', () => {
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['geometry/src/shapes.rs#Circle', 'IMPLEMENTS', 'geometry/src/lib.rs#Area'],
    ]);
  });
});

describe('RustExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new RustExtractor().extract(
      memoryInput({ 'src/lib.rs': 'fn fine() -> u8 {\n    helper()\n}\n\nfn helper() -> u8 { 1 }\n\nfn broken( {\n}\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'src/lib.rs', reason: 'partly extracted: syntax error at line 7' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['src/lib.rs#fine', 'src/lib.rs#helper', 'import'],
    ]);
  });

  it('survives very deep nesting', async () => {
    const ifs = `${'if a {'.repeat(300)}${'}'.repeat(300)}`;
    const result = await new RustExtractor().extract(memoryInput({ 'deep.rs': `fn f(a: bool) {\n    ${ifs}\n}\n` }));
    expect(result.symbols.map((s) => [s.qualifiedName, s.complexity])).toEqual([['f', 301]]);
  });

  it('names a second nested body of a name `#2`, joins a trait default method, a `Self::` call and a generic call', async () => {
    const result = await new RustExtractor().extract(
      memoryInput({
        'src/lib.rs':
          'pub trait Named { fn name(&self) -> String; fn shout(&self) -> String { self.name() } }\n' +
          'pub struct Dog;\n' +
          'impl Named for Dog { fn name(&self) -> String { Self::bark::<u8>() } }\n' +
          'impl Dog { fn bark<T>() -> String { let v = vec![1]; v.iter().map(|x| x + 1); v.iter().map(|y| y * 2); String::new() } }\n' +
          'fn walk(d: &Dog) -> String { d.shout() }\n',
      }),
    );
    expect(result.symbols.map((s) => short(s.uid))).toEqual([
      'src/lib.rs#Named',
      'src/lib.rs#Named.name',
      'src/lib.rs#Named.shout',
      'src/lib.rs#Dog',
      'src/lib.rs#Dog.name',
      'src/lib.rs#Dog.bark',
      'src/lib.rs#Dog.bark.map(0)',
      'src/lib.rs#Dog.bark.map(0)#2',
      'src/lib.rs#walk',
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['src/lib.rs#Dog.name', 'src/lib.rs#Dog.bark', 'import'],
      ['src/lib.rs#Named.shout', 'src/lib.rs#Named.name', 'import'],
      ['src/lib.rs#walk', 'src/lib.rs#Named.shout', 'import'],
    ]);
  });
});
