import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { LuaExtractor } from './lua-extractor';

const REPOSITORY = 'lua-sample';
const PATHS = [
  'shop-1.0-1.rockspec',
  'spec/cart_spec.lua',
  'src/money.lua',
  'src/shop/cart.lua',
  'src/shop/init.lua',
  'src/shop/item.lua',
  'test/test_item.lua',
];

describe('LuaExtractor on test/fixtures/lua-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new LuaExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares modules, classes, their functions, local and nested functions, busted groups and examples, luaunit tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['spec/cart_spec.lua', 'function', 'Cart', 4, 12, false, 1],
      ['spec/cart_spec.lua', 'function', 'Cart.add', 5, 11, false, 1],
      ['spec/cart_spec.lua', 'test', 'Cart.add.keeps the items', 6, 10, false, 1],
      ['src/money.lua', 'function', 'format', 3, 5, true, 1],
      ['src/shop/cart.lua', 'class', 'Cart', 2, 2, true, null],
      ['src/shop/cart.lua', 'function', 'is_counted', 5, 7, false, 2],
      ['src/shop/cart.lua', 'method', 'Cart.new', 10, 12, true, 1],
      ['src/shop/cart.lua', 'method', 'Cart.add', 16, 25, true, 4],
      ['src/shop/cart.lua', 'method', 'Cart.total', 27, 36, true, 2],
      ['src/shop/cart.lua', 'function', 'Cart.total.sort(function)', 32, 34, false, 1],
      ['src/shop/init.lua', 'module', 'M', 8, 8, true, null],
      ['src/shop/init.lua', 'method', 'M.cart_for', 13, 22, true, 2],
      ['src/shop/init.lua', 'function', 'M.cart_for.add', 15, 17, false, 1],
      ['src/shop/init.lua', 'method', 'M.summary', 25, 27, true, 1],
      ['src/shop/init.lua', 'method', 'M.to_json', 29, 31, true, 1],
      ['src/shop/item.lua', 'class', 'Item', 2, 2, true, null],
      ['src/shop/item.lua', 'method', 'Item.new', 5, 10, true, 1],
      ['src/shop/item.lua', 'method', 'Item.is_free', 12, 14, true, 1],
      ['test/test_item.lua', 'class', 'TestItem', 4, 4, true, null],
      ['test/test_item.lua', 'test', 'TestItem.testFree', 6, 8, false, 1],
      ['test/test_item.lua', 'test', 'testItemName', 10, 12, false, 1],
    ]);
  });

  it('reads `---` docs (LDoc and LuaLS lines, tags kept), headers and cognitive complexity', () => {
    const byUid = new Map(result.symbols.map((s) => [short(s.uid), s]));
    expect(byUid.get('src/shop/cart.lua#Cart')).toMatchObject({ signature: 'local Cart = {}', doc: 'A cart of items.' });
    expect(byUid.get('src/shop/cart.lua#Cart.add')).toMatchObject({
      signature: 'function Cart:add(item)',
      doc: 'Adds an item, unless it is free or the cart is full.\n@param item Item',
    });
    expect(byUid.get('src/shop/init.lua#M.cart_for')!.doc).toBe(
      'A cart holding one item per name, each at one cent.\n@param names string[]\n@return Cart',
    );
    expect(byUid.get('src/money.lua#format')).toMatchObject({ signature: 'format = function(cents)', doc: 'Cents as a price: "1.50".' });
    // Plain `--` comments are not docs.
    expect(byUid.get('src/shop/cart.lua#is_counted')!.doc).toBeNull();
    expect(byUid.get('spec/cart_spec.lua#Cart.add.keeps the items')!.signature).toBe('it("keeps the items"');
    // if +1, and +1, elseif +1, else +1.
    expect(byUid.get('src/shop/cart.lua#Cart.add')!.cognitiveComplexity).toBe(4);
  });

  it('follows locals, required modules, objects made by T.new() and self; falls back to names for an untyped parameter', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['spec/cart_spec.lua#Cart.add.keeps the items', 'src/shop/cart.lua#Cart.add', 8, 1, 'name'],
      ['spec/cart_spec.lua#Cart.add.keeps the items', 'src/shop/cart.lua#Cart.total', 9, 1, 'name'],
      ['spec/cart_spec.lua#Cart.add.keeps the items', 'src/shop/init.lua#M.cart_for', 7, 1, 'import'],
      ['spec/cart_spec.lua#Cart.add.keeps the items', 'src/shop/item.lua#Item.new', 8, 1, 'import'],
      ['src/shop/cart.lua#Cart.add', 'src/shop/cart.lua#is_counted', 17, 1, 'import'],
      ['src/shop/cart.lua#is_counted', 'src/shop/item.lua#Item.is_free', 6, 1, 'name'],
      ['src/shop/init.lua#M.cart_for', 'src/shop/cart.lua#Cart.new', 14, 1, 'import'],
      ['src/shop/init.lua#M.cart_for', 'src/shop/init.lua#M.cart_for.add', 19, 1, 'import'],
      ['src/shop/init.lua#M.cart_for.add', 'src/shop/cart.lua#Cart.add', 16, 1, 'import'],
      ['src/shop/init.lua#M.cart_for.add', 'src/shop/item.lua#Item.new', 16, 1, 'import'],
      ['src/shop/init.lua#M.summary', 'src/money.lua#format', 26, 1, 'import'],
      ['src/shop/init.lua#M.summary', 'src/shop/cart.lua#Cart.total', 26, 1, 'name'],
      ['src/shop/init.lua#M.to_json', 'src/shop/cart.lua#Cart.total', 30, 1, 'name'],
      ['test/test_item.lua#TestItem.testFree', 'src/shop/item.lua#Item.is_free', 7, 1, 'import'],
      ['test/test_item.lua#TestItem.testFree', 'src/shop/item.lua#Item.new', 7, 1, 'import'],
      ['test/test_item.lua#testItemName', 'src/shop/item.lua#Item.new', 11, 1, 'import'],
    ]);
  });

  it('follows require to src/ and through the rockspec modules map (shop.money is src/money.lua); other modules are rocks', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['spec/cart_spec.lua', 'src/shop/init.lua', ['shop']],
      ['spec/cart_spec.lua', 'src/shop/item.lua', ['Item']],
      ['src/shop/init.lua', 'src/money.lua', ['money']],
      ['src/shop/init.lua', 'src/shop/cart.lua', ['Cart']],
      ['src/shop/init.lua', 'src/shop/item.lua', ['Item']],
      ['test/test_item.lua', 'src/shop/item.lua', ['Item']],
    ]);
    expect(result.externalReferences.imports).toEqual([
      { fileUid: 't:lua-sample:src/shop/init.lua', package: 'luarocks:dkjson', module: 'dkjson', names: ['*'] },
      { fileUid: 't:lua-sample:test/test_item.lua', package: 'luarocks:luaunit', module: 'luaunit', names: ['*'] },
    ]);
  });
});

describe('LuaExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new LuaExtractor().extract(
      memoryInput({ 'a.lua': 'local function fine()\n  helper()\nend\n\nfunction helper()\nend\n\nlocal function broken(\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'a.lua', reason: 'partly extracted: syntax error at line 8' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.lua#fine', 'a.lua#helper', 'import'],
    ]);
  });

  it("names busted examples by a description that is not a literal, and plenary's async a.it examples", async () => {
    const result = await new LuaExtractor().extract(
      memoryInput({
        'spec/paths_spec.lua': [
          'local a = require("plenary.async.tests")',
          'describe("paths", function()',
          '  for _, v in ipairs({ "a", "b" }) do',
          '    it("with " .. v, function() end)',
          '  end',
          '  a.it("waits", function() end)',
          'end)',
        ].join('\n'),
      }),
    );
    expect(result.symbols.map((s) => [s.kind, s.qualifiedName])).toEqual([
      ['function', 'paths'],
      ['test', 'paths."with " .. v'],
      ['test', 'paths.waits'],
    ]);
  });

  it('follows __index bases, self as a first parameter and require(...).f(); names anonymous functions by what holds them', async () => {
    const result = await new LuaExtractor().extract(
      memoryInput({
        'a.lua': [
          'local Base = {}',
          'Base.__index = Base',
          'function Base:greet() return "hi" end',
          'local Dog = setmetatable({}, { __index = Base })',
          'Dog.__index = Dog',
          'function Dog:bark()',
          '  return self:greet()',
          'end',
          'Dog.wag = function(self)',
          '  pcall(function() end)',
          '  pcall(function() end)',
          '  return require("util").shout(self:bark())',
          'end',
          'function shared() end',
          'return Dog',
        ].join('\n'),
        'util.lua': 'local U = {}\nfunction U.shout(s)\n  return shared()\nend\nreturn U\n',
      }),
    );
    expect(result.symbols.map((s) => [s.kind, s.qualifiedName, s.exported])).toEqual([
      ['class', 'Base', false],
      ['method', 'Base.greet', false],
      ['class', 'Dog', true],
      ['method', 'Dog.bark', true],
      ['method', 'Dog.wag', true],
      ['function', 'Dog.wag.pcall(function)', false],
      ['function', 'Dog.wag.pcall(function)#2', false],
      ['function', 'shared', true],
      ['module', 'U', true],
      ['method', 'U.shout', true],
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.lua#Dog.bark', 'a.lua#Base.greet', 'import'],
      ['a.lua#Dog.wag', 'a.lua#Dog.bark', 'import'],
      ['a.lua#Dog.wag', 'util.lua#U.shout', 'import'],
      // A global of another file: by name only.
      ['util.lua#U.shout', 'a.lua#shared', 'name'],
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([['a.lua#Dog', 'EXTENDS', 'a.lua#Base']]);
  });
});
