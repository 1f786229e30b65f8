import type { Extraction } from '../../extractor';
import { countBy, fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { GoExtractor } from './go-extractor';

const REPOSITORY = 'shipping-go';
const PATHS = [
  'parcel/parcel.go',
  'parcel/parcel_test.go',
  'rates/carrier.go',
  'rates/flat.go',
  'rates/weight.go',
  'shipping/service.go',
  'shipping/service_test.go',
];

describe('GoExtractor on test/fixtures/shipping-go', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new GoExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares functions, methods, types, fields, interface methods and tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['parcel/parcel.go', 'class', 'Address', 16, 19, true, null],
      ['parcel/parcel.go', 'property', 'Address.Country', 17, 17, true, null],
      ['parcel/parcel.go', 'property', 'Address.PostalCode', 18, 18, true, null],
      ['parcel/parcel.go', 'class', 'Parcel', 22, 26, true, null],
      ['parcel/parcel.go', 'property', 'Parcel.ID', 23, 23, true, null],
      ['parcel/parcel.go', 'property', 'Parcel.WeightGrams', 24, 24, true, null],
      ['parcel/parcel.go', 'property', 'Parcel.To', 25, 25, true, null],
      ['parcel/parcel.go', 'method', 'Parcel.Validate', 29, 40, true, 5],
      ['parcel/parcel.go', 'method', 'Parcel.IsDomestic', 43, 45, true, 1],
      ['parcel/parcel_test.go', 'test', 'TestValidate', 5, 24, false, 2],
      ['parcel/parcel_test.go', 'function', 'TestValidate.Run(1)', 18, 22, false, 2],
      ['rates/carrier.go', 'type', 'Cents', 11, 11, true, null],
      ['rates/carrier.go', 'method', 'Cents.String', 14, 16, true, 1],
      ['rates/carrier.go', 'interface', 'Carrier', 19, 23, true, null],
      ['rates/carrier.go', 'method', 'Carrier.Name', 21, 21, true, null],
      ['rates/carrier.go', 'method', 'Carrier.Quote', 22, 22, true, null],
      ['rates/flat.go', 'class', 'FlatRate', 10, 14, true, null],
      ['rates/flat.go', 'property', 'FlatRate.CarrierName', 11, 11, true, null],
      ['rates/flat.go', 'property', 'FlatRate.Price', 12, 12, true, null],
      ['rates/flat.go', 'property', 'FlatRate.MaxGrams', 13, 13, true, null],
      ['rates/flat.go', 'method', 'FlatRate.Name', 17, 19, true, 1],
      ['rates/flat.go', 'method', 'FlatRate.Quote', 22, 30, true, 3],
      ['rates/weight.go', 'class', 'WeightBased', 6, 12, true, null],
      ['rates/weight.go', 'property', 'WeightBased.CarrierName', 7, 7, true, null],
      ['rates/weight.go', 'property', 'WeightBased.Origin', 8, 8, true, null],
      ['rates/weight.go', 'property', 'WeightBased.Base', 9, 9, true, null],
      ['rates/weight.go', 'property', 'WeightBased.PerKilogram', 10, 10, true, null],
      ['rates/weight.go', 'property', 'WeightBased.AbroadPercent', 11, 11, true, null],
      ['rates/weight.go', 'method', 'WeightBased.Name', 15, 17, true, 1],
      ['rates/weight.go', 'method', 'WeightBased.Quote', 20, 29, true, 3],
      ['rates/weight.go', 'function', 'kilograms', 32, 34, false, 1],
      ['shipping/service.go', 'class', 'Quote', 16, 19, true, null],
      ['shipping/service.go', 'property', 'Quote.Carrier', 17, 17, true, null],
      ['shipping/service.go', 'property', 'Quote.Price', 18, 18, true, null],
      ['shipping/service.go', 'class', 'Service', 22, 24, true, null],
      ['shipping/service.go', 'property', 'Service.carriers', 23, 23, false, null],
      ['shipping/service.go', 'function', 'NewService', 27, 29, true, 1],
      ['shipping/service.go', 'method', 'Service.Quotes', 32, 48, true, 3],
      ['shipping/service.go', 'function', 'Service.Quotes.Slice(1)', 41, 46, false, 2],
      ['shipping/service.go', 'method', 'Service.Cheapest', 51, 57, true, 2],
      ['shipping/service_test.go', 'function', 'newTestService', 12, 17, false, 1],
      ['shipping/service_test.go', 'test', 'TestCheapestPicksLowestPrice', 19, 28, false, 4],
      ['shipping/service_test.go', 'test', 'TestHeavyParcelGoesByFreight', 30, 39, false, 4],
      ['shipping/service_test.go', 'test', 'TestNoCarrierForInvalidParcel', 41, 46, false, 2],
      ['shipping/service_test.go', 'test', 'TestCarriersRefuseInvalidParcels', 48, 64, false, 2],
      ['shipping/service_test.go', 'function', 'TestCarriersRefuseInvalidParcels.Run(1)', 58, 62, false, 2],
    ]);
    expect(countBy(result.symbols, (s) => s.kind)).toEqual({
      class: 6,
      function: 6,
      interface: 1,
      method: 11,
      property: 16,
      test: 5,
      type: 1,
    });
  });

  it('builds signatures, comment docs and method parents', () => {
    const byName = new Map(result.symbols.map((s) => [s.qualifiedName, s]));
    expect(byName.get('Service.Quotes')).toMatchObject({
      uid: 't:shipping-go:shipping/service.go#Service.Quotes',
      parentUid: 't:shipping-go:shipping/service.go#Service',
      signature: 'func (s *Service) Quotes(p parcel.Parcel) []Quote',
      doc: 'Quotes asks every carrier, cheapest first; carriers that refuse the parcel are left out.',
    });
    // A method's parent is its receiver type, wherever in the package that is declared.
    expect(byName.get('WeightBased.Quote')!.parentUid).toBe('t:shipping-go:rates/weight.go#WeightBased');
    expect(byName.get('Carrier')).toMatchObject({
      signature: 'type Carrier interface',
      doc: 'Carrier quotes a price for a parcel, or refuses it with an error.',
    });
    expect(byName.get('Carrier.Quote')).toMatchObject({ signature: 'Quote(p parcel.Parcel) (Cents, error)', doc: null });
    expect(byName.get('Carrier.Name')!.doc).toBe('Name is how the carrier is shown to customers.');
    expect(byName.get('Cents')).toMatchObject({ kind: 'type', signature: 'type Cents int64' });
    expect(byName.get('Service.carriers')).toMatchObject({ signature: 'carriers []rates.Carrier', exported: false });
    expect(byName.get('TestValidate')!.signature).toBe('func TestValidate(t *testing.T)');
  });

  it('resolves package-qualified, same-package and method calls, and falls back to names', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['parcel/parcel_test.go#TestValidate.Run(1)', 'parcel/parcel.go#Parcel.Validate', 19, 1, 'name'],
      ['rates/flat.go#FlatRate.Quote', 'parcel/parcel.go#Parcel.Validate', 23, 1, 'import'],
      ['rates/weight.go#WeightBased.Quote', 'parcel/parcel.go#Parcel.IsDomestic', 25, 1, 'import'],
      ['rates/weight.go#WeightBased.Quote', 'parcel/parcel.go#Parcel.Validate', 21, 1, 'import'],
      ['rates/weight.go#WeightBased.Quote', 'rates/weight.go#kilograms', 24, 1, 'import'],
      ['shipping/service.go#Service.Cheapest', 'shipping/service.go#Service.Quotes', 52, 1, 'import'],
      ['shipping/service.go#Service.Quotes', 'rates/carrier.go#Carrier.Name', 39, 1, 'import'],
      ['shipping/service.go#Service.Quotes', 'rates/carrier.go#Carrier.Quote', 35, 1, 'import'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/carrier.go#Carrier.Name', 60, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/carrier.go#Carrier.Quote', 59, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/flat.go#FlatRate.Name', 60, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/flat.go#FlatRate.Quote', 59, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/weight.go#WeightBased.Name', 60, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCarriersRefuseInvalidParcels.Run(1)', 'rates/weight.go#WeightBased.Quote', 59, 1, 'ambiguous'],
      ['shipping/service_test.go#TestCheapestPicksLowestPrice', 'shipping/service.go#Service.Cheapest', 21, 1, 'import'],
      ['shipping/service_test.go#TestCheapestPicksLowestPrice', 'shipping/service_test.go#newTestService', 20, 1, 'import'],
      ['shipping/service_test.go#TestHeavyParcelGoesByFreight', 'shipping/service.go#Service.Quotes', 31, 1, 'import'],
      ['shipping/service_test.go#TestHeavyParcelGoesByFreight', 'shipping/service_test.go#newTestService', 31, 1, 'import'],
      ['shipping/service_test.go#TestNoCarrierForInvalidParcel', 'shipping/service.go#Service.Cheapest', 42, 1, 'import'],
      ['shipping/service_test.go#TestNoCarrierForInvalidParcel', 'shipping/service_test.go#newTestService', 42, 1, 'import'],
      ['shipping/service_test.go#newTestService', 'shipping/service.go#NewService', 13, 1, 'import'],
    ]);
    expect(countBy(result.calls, (c) => c.confidence)).toEqual({ import: 14, name: 1, ambiguous: 6 });
  });

  it('records imports of module packages as rows to each of their non-test files', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['rates/carrier.go', 'parcel/parcel.go', ['parcel']],
      ['rates/flat.go', 'parcel/parcel.go', ['parcel']],
      ['rates/weight.go', 'parcel/parcel.go', ['parcel']],
      ['shipping/service.go', 'parcel/parcel.go', ['parcel']],
      ['shipping/service.go', 'rates/carrier.go', ['rates']],
      ['shipping/service.go', 'rates/flat.go', ['rates']],
      ['shipping/service.go', 'rates/weight.go', ['rates']],
      ['shipping/service_test.go', 'parcel/parcel.go', ['parcel']],
      ['shipping/service_test.go', 'rates/carrier.go', ['rates']],
      ['shipping/service_test.go', 'rates/flat.go', ['rates']],
      ['shipping/service_test.go', 'rates/weight.go', ['rates']],
    ]);
  });

  it('finds implementations of interfaces by method names', () => {
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['rates/flat.go#FlatRate', 'IMPLEMENTS', 'rates/carrier.go#Carrier'],
      ['rates/weight.go#WeightBased', 'IMPLEMENTS', 'rates/carrier.go#Carrier'],
    ]);
  });
});

describe('GoExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new GoExtractor().extract(
      memoryInput({
        'a/a.go': 'package a\n\nfunc Fine() int {\n\treturn helper()\n}\n\nfunc helper() int { return 1 }\n\nfunc Broken( {\n}\n',
      }),
    );
    expect(result.skipped).toEqual([{ path: 'a/a.go', reason: 'partly extracted: syntax error at line 9' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['Fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a/a.go#Fine', 'a/a.go#helper', 'import'],
    ]);
  });

  it('survives very deep nesting', async () => {
    const depth = 2000;
    const expression = `${'('.repeat(depth)}1${')'.repeat(depth)}`;
    const ifs = `${'if a {'.repeat(300)}${'}'.repeat(300)}`;
    const result = await new GoExtractor().extract(
      memoryInput({ 'deep.go': `package deep\n\nfunc f(a bool) int {\n\t${ifs}\n\treturn ${expression}\n}\n` }),
    );
    expect(result.symbols.map((s) => [s.qualifiedName, s.complexity])).toEqual([['f', 301]]);
  });

  it('gives repeated names ~n uids, follows embedded types and ignores library calls', async () => {
    const result = await new GoExtractor().extract(
      memoryInput({
        'x/x.go':
          'package x\n\nimport "strings"\n\nfunc init() {}\n\nfunc init() {}\n\ntype Base struct{}\n\nfunc (Base) Hello() string { return "hi" }\n\n' +
          'type Outer struct {\n\tBase\n\tname string\n}\n\nfunc (o *Outer) Greet() string {\n\treturn strings.ToUpper(o.Hello() + o.name)\n}\n',
      }),
    );
    expect(result.symbols.map((s) => short(s.uid))).toEqual([
      'x/x.go#init',
      'x/x.go#init~2',
      'x/x.go#Base',
      'x/x.go#Base.Hello',
      'x/x.go#Outer',
      'x/x.go#Outer.Base',
      'x/x.go#Outer.name',
      'x/x.go#Outer.Greet',
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['x/x.go#Outer.Greet', 'x/x.go#Base.Hello', 'import'],
    ]);
  });

  it("calls in package-level initializers have the file as caller; a function's, a literal's and another module's are not the file's", async () => {
    const result = await new GoExtractor().extract(
      memoryInput({
        'reg/reg.go': 'package reg\n\nfunc New() int { return 0 }\n\nfunc Register(name string) bool { return true }\n',
        'app/app.go': [
          'package app',
          '',
          'import (',
          '\t"errors"',
          '\t"example.com/x/reg"',
          '\t"github.com/acme/log"',
          ')',
          '',
          'var registry = reg.New()',
          '',
          'var _ = reg.Register("app")',
          '',
          'var ErrClosed = errors.New("closed")',
          '',
          'var handler = func() int { return reg.New() }',
          '',
          'var logger = log.New()',
          '',
          'func Start() bool {',
          '\tlog.Info()',
          '\treturn reg.Register("start")',
          '}',
          '',
        ].join('\n'),
      }),
    );
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.confidence])).toEqual([
      ['app/app.go', 'reg/reg.go#New', 9, 'import'],
      ['app/app.go', 'reg/reg.go#Register', 11, 'import'],
      ['app/app.go#Start', 'reg/reg.go#Register', 21, 'import'],
      ['app/app.go#handler', 'reg/reg.go#New', 15, 'import'],
    ]);
    // Another module's functions join symbols: Start's `log.Info()` is kept, the initializer's `log.New()` is not.
    expect(result.externalReferences.calls.map((call) => [short(call.callerUid), call.target.path, call.line])).toEqual([
      ['app/app.go#Start', ['Info'], 20],
    ]);
  });

  it('without a go.mod, finds imported packages by the directory their import path ends with', async () => {
    const result = await new GoExtractor().extract(
      memoryInput({
        'lib/util/util.go': 'package util\n\n// Do does it.\nfunc Do() int { return 1 }\n',
        'cmd/app/main.go': 'package main\n\nimport "example.com/x/lib/util"\n\nfunc main() {\n\tutil.Do()\n}\n',
      }),
    );
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['cmd/app/main.go', 'lib/util/util.go', ['util']],
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['cmd/app/main.go#main', 'lib/util/util.go#Do', 'import'],
    ]);
  });
});
