import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { DartExtractor } from './dart-extractor';

const REPOSITORY = 'dart-sample';
const PATHS = [
  'lib/shop.dart',
  'lib/src/item.dart',
  'lib/src/pricing.dart',
  'lib/src/cart.dart',
  'lib/src/cart_totals.dart',
  'test/cart_test.dart',
];

describe('DartExtractor on test/fixtures/dart-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new DartExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing, and says no language server can be had', () => {
    expect(result.skipped).toEqual([]);
    expect(result.languageServers).toEqual([
      {
        language: 'dart',
        server: 'dart language-server',
        version: null,
        status: 'unavailable',
        detail:
          'the Dart analysis server ships only with the Dart SDK, which no package registry here provides: calls stay at first-pass confidence',
      },
    ]);
  });

  it('declares classes, mixins, enums and values, typedefs, extensions, extension types, constructors, getters, setters, operators, local functions, closures, groups and tests', () => {
    // [file, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(
      result.symbols.map((s) => [short(s.uid).split('#')[0], s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity]),
    ).toEqual([
      ['lib/src/item.dart', 'enum', 'Category', 2, 2, true, null],
      ['lib/src/item.dart', 'property', 'Category.book', 2, 2, true, null],
      ['lib/src/item.dart', 'property', 'Category.pen', 2, 2, true, null],
      ['lib/src/item.dart', 'class', 'Item', 5, 16, true, null],
      ['lib/src/item.dart', 'property', 'Item.name', 6, 6, true, null],
      ['lib/src/item.dart', 'property', 'Item.price', 7, 7, true, null],
      ['lib/src/item.dart', 'property', 'Item.category', 8, 8, true, null],
      ['lib/src/item.dart', 'method', 'Item.Item', 10, 10, true, null],
      ['lib/src/item.dart', 'method', 'Item.pen', 13, 13, true, 1],
      ['lib/src/item.dart', 'method', 'Item.expensive', 15, 15, true, 1],
      ['lib/src/item.dart', 'type', 'PriceRule', 18, 18, true, null],
      ['lib/src/pricing.dart', 'class', 'Pricing', 6, 8, true, null],
      ['lib/src/pricing.dart', 'method', 'Pricing.priceOf', 7, 7, true, null],
      ['lib/src/pricing.dart', 'class', 'RegularPricing', 10, 13, true, null],
      ['lib/src/pricing.dart', 'method', 'RegularPricing.priceOf', 12, 12, true, 1],
      ['lib/src/pricing.dart', 'function', 'totalOf', 16, 18, true, 1],
      ['lib/src/cart.dart', 'class', 'Discounted', 7, 9, true, null],
      ['lib/src/cart.dart', 'method', 'Discounted.discount', 8, 8, true, 1],
      ['lib/src/cart.dart', 'class', 'Cart', 12, 44, true, null],
      ['lib/src/cart.dart', 'property', 'Cart._items', 13, 13, false, null],
      ['lib/src/cart.dart', 'property', 'Cart.pricing', 14, 14, true, null],
      ['lib/src/cart.dart', 'property', 'Cart.maxItems', 15, 15, true, null],
      ['lib/src/cart.dart', 'method', 'Cart.Cart', 17, 17, true, null],
      ['lib/src/cart.dart', 'method', 'Cart.regular', 20, 20, true, null],
      ['lib/src/cart.dart', 'method', 'Cart.add', 23, 29, true, 3],
      ['lib/src/cart.dart', 'method', 'Cart.total', 31, 31, true, 1],
      ['lib/src/cart.dart', 'method', 'Cart.first=', 33, 35, true, 1],
      ['lib/src/cart.dart', 'method', 'Cart.names', 37, 41, true, 1],
      ['lib/src/cart.dart', 'function', 'Cart.names.label', 38, 38, false, 2],
      ['lib/src/cart.dart', 'function', 'Cart.names.sort(0)', 39, 39, false, 1],
      ['lib/src/cart.dart', 'method', 'Cart.operator ==', 43, 43, true, 2],
      ['lib/src/cart_totals.dart', 'class', 'CartTotals', 4, 9, true, null],
      ['lib/src/cart_totals.dart', 'method', 'CartTotals.summary', 5, 8, true, 2],
      ['lib/src/cart_totals.dart', 'class', 'Cents', 11, 13, true, null],
      ['lib/src/cart_totals.dart', 'property', 'Cents.value', 11, 11, true, null],
      ['lib/src/cart_totals.dart', 'method', 'Cents.text', 12, 12, true, 1],
      ['lib/src/cart_totals.dart', 'function', 'format', 15, 15, true, 1],
      ['test/cart_test.dart', 'function', 'main', 4, 17, true, 1],
      ['test/cart_test.dart', 'function', 'main.Cart', 5, 16, false, 1],
      ['test/cart_test.dart', 'test', 'main.Cart.adds an item', 6, 10, false, 1],
      ['test/cart_test.dart', 'test', 'main.Cart.summarises', 12, 15, false, 1],
    ]);
  });

  it('reads /// runs and /** */ blocks and headers', () => {
    const byName = new Map(result.symbols.map((s) => [s.qualifiedName, s]));
    expect(byName.get('Cart')?.doc).toBe('A shopping cart.');
    expect(byName.get('Cart.add')?.doc).toBe('Adds [item] unless the cart is full.');
    expect(byName.get('Cart.regular')?.doc).toBe('A cart with regular prices.');
    expect(byName.get('totalOf')?.doc).toBe('Sums the prices of [items] with [pricing].');
    expect(byName.get('Cart.first=')?.doc).toBeNull();
    expect(byName.get('Item.pen')?.signature).toBe('factory Item.pen(String name, int price)');
    expect(byName.get('Cart.regular')?.signature).toBe('Cart.regular() : this(RegularPricing())');
    expect(byName.get('main.Cart.adds an item')?.signature).toBe("test('adds an item'");
  });

  it('records the fields of its own object each member reads (`this.x` or a bare name no local hides)', () => {
    expect(result.symbols.filter((s) => s.fieldReads || s.fieldWrites).map((s) => [s.qualifiedName, s.fieldReads, s.fieldWrites])).toEqual([
      ['Item.expensive', ['price'], undefined],
      ['Cart.add', ['_items', 'maxItems'], undefined],
      ['Cart.total', ['_items', 'pricing'], undefined],
      ['Cart.first=', ['_items'], undefined],
      ['Cart.names', ['_items'], undefined],
      ['Cents.text', ['value'], undefined],
    ]);
  });

  it('follows top-level functions of the library and its parts, named and factory constructors, typed locals, cascades and extension members', () => {
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['lib/src/cart.dart#Cart.total', 'lib/src/pricing.dart#totalOf', 31, 1, 'import'],
      ['lib/src/cart_totals.dart#CartTotals.summary', 'lib/src/cart_totals.dart#format', 7, 1, 'import'],
      ['lib/src/cart_totals.dart#Cents.text', 'lib/src/cart_totals.dart#format', 12, 1, 'import'],
      ['lib/src/item.dart#Item.pen', 'lib/src/item.dart#Item.Item', 13, 1, 'import'],
      ['test/cart_test.dart#main.Cart.adds an item', 'lib/src/cart.dart#Cart.add', 8, 1, 'import'],
      ['test/cart_test.dart#main.Cart.adds an item', 'lib/src/cart.dart#Cart.regular', 7, 1, 'import'],
      ['test/cart_test.dart#main.Cart.adds an item', 'lib/src/item.dart#Item.Item', 8, 1, 'import'],
      ['test/cart_test.dart#main.Cart.summarises', 'lib/src/cart.dart#Cart.add', 13, 1, 'import'],
      ['test/cart_test.dart#main.Cart.summarises', 'lib/src/cart.dart#Cart.regular', 13, 1, 'import'],
      ['test/cart_test.dart#main.Cart.summarises', 'lib/src/cart_totals.dart#CartTotals.summary', 14, 1, 'import'],
      ['test/cart_test.dart#main.Cart.summarises', 'lib/src/item.dart#Item.pen', 13, 1, 'import'],
    ]);
  });

  it('follows package:, relative, part and export URIs to files; other packages are pub references, dart: none', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid)])).toEqual([
      ['lib/shop.dart', 'lib/src/cart.dart'],
      ['lib/shop.dart', 'lib/src/item.dart'],
      ['lib/src/cart.dart', 'lib/src/cart_totals.dart'],
      ['lib/src/cart.dart', 'lib/src/item.dart'],
      ['lib/src/cart.dart', 'lib/src/pricing.dart'],
      ['lib/src/pricing.dart', 'lib/src/item.dart'],
      ['test/cart_test.dart', 'lib/shop.dart'],
    ]);
    expect(result.externalReferences.imports.map((i) => [short(i.fileUid), i.package, i.names])).toEqual([
      ['lib/src/pricing.dart', 'pub:collection', ['collection']],
      ['test/cart_test.dart', 'pub:test', ['test']],
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['lib/src/cart.dart#Discounted', 'EXTENDS', 'lib/src/pricing.dart#Pricing'],
      ['lib/src/pricing.dart#RegularPricing', 'EXTENDS', 'lib/src/pricing.dart#Pricing'],
    ]);
  });

  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const broken = await new DartExtractor().extract(
      memoryInput({ 'a.dart': 'void fine() {\n  helper();\n}\n\nint helper() => 1;\n\nvoid broken( {\n' }),
    );
    expect(broken.skipped).toEqual([{ path: 'a.dart', reason: 'partly extracted: syntax error at line 7' }]);
    expect(broken.symbols.map((s) => s.qualifiedName)).toEqual(['fine', 'helper']);
    expect(broken.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.dart#fine', 'a.dart#helper', 'import'],
    ]);
  });
});
