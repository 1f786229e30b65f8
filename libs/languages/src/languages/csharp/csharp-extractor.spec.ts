import type { Extraction } from '../../extractor';
import { countBy, fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { CSharpExtractor } from './csharp-extractor';

const REPOSITORY = 'csharp-sample';
const PATHS = [
  'src/Orders/Order.Shipping.cs',
  'src/Orders/Order.cs',
  'src/Orders/OrderService.cs',
  'src/Orders/Pricing.cs',
  'tests/Orders.Tests/OrderTests.cs',
];

describe('CSharpExtractor on test/fixtures/csharp-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new CSharpExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares namespaces, types, members, local functions, lambdas and xUnit tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['src/Orders/Order.Shipping.cs', 'module', 'Acme.Orders', 1, 1, true, null],
      ['src/Orders/Order.Shipping.cs', 'class', 'Order', 3, 9, true, null],
      ['src/Orders/Order.Shipping.cs', 'method', 'Order.Ship', 5, 8, true, 2],
      ['src/Orders/Order.cs', 'module', 'Acme.Orders', 1, 1, true, null],
      ['src/Orders/Order.cs', 'class', 'OrderLine', 4, 4, true, null],
      ['src/Orders/Order.cs', 'property', 'OrderLine.Product', 4, 4, true, null],
      ['src/Orders/Order.cs', 'property', 'OrderLine.Quantity', 4, 4, true, null],
      ['src/Orders/Order.cs', 'class', 'Order', 7, 32, true, null],
      ['src/Orders/Order.cs', 'property', 'Order._lines', 9, 9, false, null],
      ['src/Orders/Order.cs', 'method', 'Order.constructor', 11, 14, true, 1],
      ['src/Orders/Order.cs', 'property', 'Order.Customer', 16, 16, true, null],
      ['src/Orders/Order.cs', 'property', 'Order.Status', 18, 18, true, null],
      ['src/Orders/Order.cs', 'method', 'Order.Add', 22, 29, true, 3],
      ['src/Orders/Order.cs', 'method', 'Order.Total', 31, 31, true, 1],
      ['src/Orders/Order.cs', 'function', 'Order.Total.Sum(0)', 31, 31, false, 1],
      ['src/Orders/Order.cs', 'enum', 'OrderStatus', 34, 38, true, null],
      ['src/Orders/Order.cs', 'property', 'OrderStatus.Open', 36, 36, true, null],
      ['src/Orders/Order.cs', 'property', 'OrderStatus.Shipped', 37, 37, true, null],
      ['src/Orders/OrderService.cs', 'module', 'Acme.Orders.Services', 3, 3, true, null],
      ['src/Orders/OrderService.cs', 'class', 'OrderService', 5, 22, true, null],
      ['src/Orders/OrderService.cs', 'property', 'OrderService._prices', 7, 7, false, null],
      ['src/Orders/OrderService.cs', 'method', 'OrderService.constructor', 9, 9, true, 1],
      ['src/Orders/OrderService.cs', 'method', 'OrderService.CheckoutAsync', 11, 19, true, 1],
      ['src/Orders/OrderService.cs', 'function', 'OrderService.CheckoutAsync.Round', 15, 15, false, 1],
      ['src/Orders/OrderService.cs', 'method', 'OrderService.OpenAsync', 21, 21, false, 1],
      ['src/Orders/Pricing.cs', 'module', 'Acme.Orders', 1, 21, true, null],
      ['src/Orders/Pricing.cs', 'interface', 'IPriced', 3, 6, true, null],
      ['src/Orders/Pricing.cs', 'method', 'IPriced.Total', 5, 5, true, null],
      ['src/Orders/Pricing.cs', 'interface', 'IPriceList', 8, 11, true, null],
      ['src/Orders/Pricing.cs', 'method', 'IPriceList.PriceOf', 10, 10, true, null],
      ['src/Orders/Pricing.cs', 'class', 'FixedPrices', 13, 20, false, null],
      ['src/Orders/Pricing.cs', 'property', 'FixedPrices._price', 15, 15, false, null],
      ['src/Orders/Pricing.cs', 'method', 'FixedPrices.constructor', 17, 17, false, 1],
      ['src/Orders/Pricing.cs', 'method', 'FixedPrices.PriceOf', 19, 19, false, 1],
      ['tests/Orders.Tests/OrderTests.cs', 'module', 'Acme.Orders.Tests', 4, 4, true, null],
      ['tests/Orders.Tests/OrderTests.cs', 'class', 'OrderTests', 6, 23, true, null],
      ['tests/Orders.Tests/OrderTests.cs', 'test', 'OrderTests.RefusesEmptyQuantity', 8, 13, false, 1],
      ['tests/Orders.Tests/OrderTests.cs', 'function', 'OrderTests.RefusesEmptyQuantity.Throws(0)', 12, 12, false, 1],
      ['tests/Orders.Tests/OrderTests.cs', 'test', 'OrderTests.ShipsOpenOrders', 15, 22, false, 1],
    ]);
    expect(countBy(result.symbols, (s) => s.kind)).toEqual({
      class: 6,
      enum: 1,
      function: 3,
      interface: 2,
      method: 11,
      module: 5,
      property: 9,
      test: 2,
    });
  });

  it('builds signatures without attributes, XML docs without tags, parents, cognitive complexity and field writes', () => {
    const byName = new Map(result.symbols.map((s) => [s.uid, s]));
    const symbol = (uid: string) => byName.get(`t:csharp-sample:${uid}`)!;
    expect(symbol('src/Orders/Order.cs#Order.Add')).toMatchObject({
      signature: 'public void Add(OrderLine line)',
      doc: 'Adds a line; a quantity below one is refused.\nThe line to add.',
      cognitiveComplexity: 2,
    });
    expect(symbol('src/Orders/Order.cs#OrderLine')).toMatchObject({
      signature: 'public record OrderLine(string Product, int Quantity);',
      doc: 'An order line: a product and how many.',
    });
    expect(symbol('src/Orders/Order.cs#Order._lines').signature).toBe('private readonly List<OrderLine> _lines');
    expect(symbol('tests/Orders.Tests/OrderTests.cs#OrderTests.ShipsOpenOrders').signature).toBe('public void ShipsOpenOrders(int count)');
    // A method of another part of a partial class hangs under that part's declaration.
    expect(symbol('src/Orders/Order.Shipping.cs#Order.Ship')).toMatchObject({
      parentUid: 't:csharp-sample:src/Orders/Order.Shipping.cs#Order',
      fieldWrites: ['Status'],
    });
    expect(symbol('src/Orders/OrderService.cs#OrderService.CheckoutAsync.Round')).toMatchObject({
      signature: 'int Round(decimal value)',
      nested: true,
    });
  });

  it('follows typed receivers across partial parts, await through Task<T>, constructors, local functions and interface methods', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['src/Orders/Order.cs#Order.Total.Sum(0)', 'src/Orders/Pricing.cs#IPriceList.PriceOf', 31, 1, 'import'],
      ['src/Orders/OrderService.cs#OrderService.CheckoutAsync', 'src/Orders/Order.Shipping.cs#Order.Ship', 17, 1, 'import'],
      ['src/Orders/OrderService.cs#OrderService.CheckoutAsync', 'src/Orders/Order.cs#Order.Add', 14, 1, 'import'],
      ['src/Orders/OrderService.cs#OrderService.CheckoutAsync', 'src/Orders/Order.cs#Order.Total', 16, 2, 'import'],
      ['src/Orders/OrderService.cs#OrderService.CheckoutAsync', 'src/Orders/Order.cs#OrderLine', 14, 1, 'import'],
      [
        'src/Orders/OrderService.cs#OrderService.CheckoutAsync',
        'src/Orders/OrderService.cs#OrderService.CheckoutAsync.Round',
        16,
        1,
        'import',
      ],
      ['src/Orders/OrderService.cs#OrderService.CheckoutAsync', 'src/Orders/OrderService.cs#OrderService.OpenAsync', 13, 1, 'import'],
      ['src/Orders/OrderService.cs#OrderService.OpenAsync', 'src/Orders/Order.cs#Order.constructor', 21, 1, 'import'],
      ['tests/Orders.Tests/OrderTests.cs#OrderTests.RefusesEmptyQuantity', 'src/Orders/Order.cs#Order.constructor', 11, 1, 'import'],
      ['tests/Orders.Tests/OrderTests.cs#OrderTests.RefusesEmptyQuantity.Throws(0)', 'src/Orders/Order.cs#Order.Add', 12, 1, 'import'],
      ['tests/Orders.Tests/OrderTests.cs#OrderTests.RefusesEmptyQuantity.Throws(0)', 'src/Orders/Order.cs#OrderLine', 12, 1, 'import'],
      ['tests/Orders.Tests/OrderTests.cs#OrderTests.ShipsOpenOrders', 'src/Orders/Order.Shipping.cs#Order.Ship', 20, 1, 'import'],
      ['tests/Orders.Tests/OrderTests.cs#OrderTests.ShipsOpenOrders', 'src/Orders/Order.cs#Order.constructor', 19, 1, 'import'],
    ]);
  });

  it('records the files of the types a file uses as imports, a partial type at its standing part', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['src/Orders/Order.cs', 'src/Orders/Pricing.cs', ['IPriceList', 'IPriced']],
      ['src/Orders/OrderService.cs', 'src/Orders/Order.cs', ['Order', 'OrderLine']],
      ['src/Orders/OrderService.cs', 'src/Orders/Pricing.cs', ['IPriceList']],
      ['tests/Orders.Tests/OrderTests.cs', 'src/Orders/Order.cs', ['Order', 'OrderLine']],
    ]);
    expect(result.externalReferences.imports).toEqual([
      { fileUid: 't:csharp-sample:tests/Orders.Tests/OrderTests.cs', package: 'dotnet:Xunit', module: '', names: ['*'] },
    ]);
  });

  it('makes base lists IMPLEMENTS rows for interfaces', () => {
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['src/Orders/Order.cs#Order', 'IMPLEMENTS', 'src/Orders/Pricing.cs#IPriced'],
      ['src/Orders/Pricing.cs#FixedPrices', 'IMPLEMENTS', 'src/Orders/Pricing.cs#IPriceList'],
    ]);
  });
});

describe('CSharpExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new CSharpExtractor().extract(
      memoryInput({ 'A.cs': 'class A {\n  int Fine() => Helper();\n  int Helper() => 1;\n  void Broken( {\n  }\n}\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'A.cs', reason: 'partly extracted: syntax error at line 4' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['A', 'A.Fine', 'A.Helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['A.cs#A.Fine', 'A.cs#A.Helper', 'import'],
    ]);
  });

  it('follows base calls and overloads by arity, and falls back to names for an untyped receiver', async () => {
    const result = await new CSharpExtractor().extract(
      memoryInput({
        'B.cs':
          'class Base { public virtual void Run() {} public void Log(string a) {} public void Log(string a, int b) {} }\n' +
          'class Derived : Base { public override void Run() { base.Run(); Log("x", 1); } void Other(dynamic d) { d.Run(); } }\n',
      }),
    );
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['B.cs#Derived.Other', 'B.cs#Base.Run', 'ambiguous'],
      ['B.cs#Derived.Other', 'B.cs#Derived.Run', 'ambiguous'],
      ['B.cs#Derived.Run', 'B.cs#Base.Log~2', 'import'],
      ['B.cs#Derived.Run', 'B.cs#Base.Run', 'import'],
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([['B.cs#Derived', 'EXTENDS', 'B.cs#Base']]);
  });
});
