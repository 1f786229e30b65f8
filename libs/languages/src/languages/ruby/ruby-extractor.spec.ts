import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { RubyExtractor } from './ruby-extractor';

const REPOSITORY = 'ruby-sample';
const PATHS = ['lib/shop.rb', 'lib/shop/cart.rb', 'lib/shop/item.rb', 'spec/cart_spec.rb'];

describe('RubyExtractor on test/fixtures/ruby-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new RubyExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares modules, classes, methods, attributes, constants, blocks and RSpec groups and examples', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['lib/shop.rb', 'module', 'Shop', 6, 14, true, null],
      ['lib/shop.rb', 'property', 'Shop.VERSION', 7, 7, true, null],
      ['lib/shop.rb', 'method', 'Shop.cart_for', 9, 13, true, 1],
      ['lib/shop.rb', 'function', 'Shop.cart_for.each(block)', 11, 11, false, 1],
      ['lib/shop/cart.rb', 'module', 'Shop', 1, 33, true, null],
      ['lib/shop/cart.rb', 'module', 'Shop.Totals', 2, 7, true, null],
      ['lib/shop/cart.rb', 'method', 'Shop.Totals.total', 4, 6, true, 1],
      ['lib/shop/cart.rb', 'class', 'Shop.Cart', 9, 32, true, null],
      ['lib/shop/cart.rb', 'method', 'Shop.Cart.initialize', 12, 14, true, 1],
      ['lib/shop/cart.rb', 'property', 'Shop.Cart.items', 16, 16, true, null],
      ['lib/shop/cart.rb', 'method', 'Shop.Cart.add', 18, 27, true, 4],
      ['lib/shop/cart.rb', 'method', 'Shop.Cart.summary', 29, 31, true, 1],
      ['lib/shop/item.rb', 'module', 'Shop', 1, 15, true, null],
      ['lib/shop/item.rb', 'class', 'Shop.Item', 3, 14, true, null],
      ['lib/shop/item.rb', 'property', 'Shop.Item.name', 4, 4, true, null],
      ['lib/shop/item.rb', 'property', 'Shop.Item.price', 4, 4, true, null],
      ['lib/shop/item.rb', 'method', 'Shop.Item.initialize', 6, 9, true, 1],
      ['lib/shop/item.rb', 'method', 'Shop.Item.free?', 11, 13, true, 1],
      ['spec/cart_spec.rb', 'function', 'Shop::Cart', 3, 11, false, 1],
      ['spec/cart_spec.rb', 'function', 'Shop::Cart.#add', 4, 10, false, 1],
      ['spec/cart_spec.rb', 'test', 'Shop::Cart.#add.keeps the items', 5, 9, false, 1],
    ]);
  });

  it('reads `#` docs (also above the first definition of a body), headers, cognitive complexity and instance variable writes', () => {
    const byUid = new Map(result.symbols.map((s) => [short(s.uid), s]));
    expect(byUid.get('lib/shop.rb#Shop')).toMatchObject({ signature: 'module Shop', doc: "The shop's entry points." });
    expect(byUid.get('lib/shop/item.rb#Shop.Item')).toMatchObject({ signature: 'class Item', doc: 'A product and its price in cents.' });
    expect(byUid.get('lib/shop/cart.rb#Shop.Totals.total')).toMatchObject({ signature: 'def total', doc: 'The sum of the prices.' });
    expect(byUid.get('lib/shop.rb#Shop.cart_for')!.signature).toBe('def self.cart_for(names)');
    expect(byUid.get('spec/cart_spec.rb#Shop::Cart.#add.keeps the items')!.signature).toBe('it "keeps the items"');
    // if +1, && +1, elsif +1, else +1.
    expect(byUid.get('lib/shop/cart.rb#Shop.Cart.add')!.cognitiveComplexity).toBe(4);
    expect(byUid.get('lib/shop/item.rb#Shop.Item.initialize')).toMatchObject({ fieldWrites: ['name', 'price'] });
  });

  it('follows Const.new to initialize, typed locals, mixins and implicit self; falls back to names for an untyped parameter', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['lib/shop.rb#Shop.cart_for', 'lib/shop/cart.rb#Shop.Cart.initialize', 10, 1, 'import'],
      ['lib/shop.rb#Shop.cart_for.each(block)', 'lib/shop/cart.rb#Shop.Cart.add', 11, 1, 'import'],
      ['lib/shop.rb#Shop.cart_for.each(block)', 'lib/shop/item.rb#Shop.Item.initialize', 11, 1, 'import'],
      ['lib/shop/cart.rb#Shop.Cart.add', 'lib/shop/item.rb#Shop.Item.free?', 19, 1, 'name'],
      ['lib/shop/cart.rb#Shop.Cart.summary', 'lib/shop/cart.rb#Shop.Totals.total', 30, 1, 'import'],
      ['spec/cart_spec.rb#Shop::Cart.#add.keeps the items', 'lib/shop/cart.rb#Shop.Cart.add', 7, 1, 'import'],
      ['spec/cart_spec.rb#Shop::Cart.#add.keeps the items', 'lib/shop/cart.rb#Shop.Cart.initialize', 6, 1, 'import'],
      ['spec/cart_spec.rb#Shop::Cart.#add.keeps the items', 'lib/shop/cart.rb#Shop.Totals.total', 8, 1, 'import'],
      ['spec/cart_spec.rb#Shop::Cart.#add.keeps the items', 'lib/shop/item.rb#Shop.Item.initialize', 7, 1, 'import'],
    ]);
  });

  it('follows require_relative and require into lib/, other requires are gems', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['lib/shop.rb', 'lib/shop/cart.rb', ['cart']],
      ['lib/shop.rb', 'lib/shop/item.rb', ['item']],
      ['spec/cart_spec.rb', 'lib/shop.rb', ['shop']],
    ]);
    expect(result.externalReferences.imports).toEqual([
      { fileUid: 't:ruby-sample:lib/shop.rb', package: 'gem:json', module: 'json', names: ['*'] },
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['lib/shop/cart.rb#Shop.Cart', 'IMPLEMENTS', 'lib/shop/cart.rb#Shop.Totals'],
    ]);
  });
});

describe('RubyExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new RubyExtractor().extract(
      memoryInput({ 'a.rb': 'def fine\n  helper\nend\n\ndef helper\n  1\nend\n\ndef broken(\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'a.rb', reason: 'partly extracted: syntax error at line 9' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.rb#fine', 'a.rb#helper', 'import'],
    ]);
  });

  it('joins a class reopened in two files, follows a superclass and recognises minitest tests', async () => {
    const result = await new RubyExtractor().extract(
      memoryInput({
        'a.rb': 'class Base\n  def greet = "hi"\nend\nclass Dog < Base\n  def bark = greet\nend\n',
        'b.rb': 'class Dog\n  def wag = bark\nend\n',
        'test/dog_test.rb': 'class DogTest < Minitest::Test\n  def test_wag\n    Dog.new.wag\n  end\nend\n',
      }),
    );
    expect(result.symbols.filter((s) => s.kind === 'test').map((s) => s.qualifiedName)).toEqual(['DogTest.test_wag']);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.rb#Dog.bark', 'a.rb#Base.greet', 'import'],
      ['b.rb#Dog.wag', 'a.rb#Dog.bark', 'import'],
      ['test/dog_test.rb#DogTest.test_wag', 'a.rb#Dog', 'import'],
      ['test/dog_test.rb#DogTest.test_wag', 'b.rb#Dog.wag', 'import'],
    ]);
  });
});
