import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { PhpExtractor } from './php-extractor';

const REPOSITORY = 'php-sample';
const PATHS = [
  'src/Cart.php',
  'src/HasTotal.php',
  'src/Model/Item.php',
  'src/Pricing.php',
  'src/Totals.php',
  'src/functions.php',
  'tests/CartTest.php',
];

describe('PhpExtractor on test/fixtures/php-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new PhpExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares namespaces, classes, interfaces, traits, methods, constructors, properties, constants, functions, closures and PHPUnit tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(result.symbols.map((s) => [s.path, s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity])).toEqual([
      ['src/Cart.php', 'module', 'Acme\\Shop', 5, 5, true, null],
      ['src/Cart.php', 'class', 'Cart', 13, 53, true, null],
      ['src/Cart.php', 'property', 'Cart.MAX_ITEMS', 17, 17, true, null],
      ['src/Cart.php', 'property', 'Cart.items', 20, 20, false, null],
      ['src/Cart.php', 'method', 'Cart.__construct', 22, 24, true, 1],
      ['src/Cart.php', 'property', 'Cart.pricing', 22, 22, false, null],
      ['src/Cart.php', 'property', 'Cart.logger', 22, 22, false, null],
      ['src/Cart.php', 'method', 'Cart.empty', 26, 29, true, 1],
      ['src/Cart.php', 'method', 'Cart.add', 36, 46, true, 4],
      ['src/Cart.php', 'method', 'Cart.summary', 48, 52, true, 1],
      ['src/Cart.php', 'function', 'Cart.summary.label', 50, 50, false, 1],
      ['src/HasTotal.php', 'module', 'Acme\\Shop', 3, 3, true, null],
      ['src/HasTotal.php', 'interface', 'HasTotal', 5, 9, true, null],
      ['src/HasTotal.php', 'method', 'HasTotal.total', 8, 8, true, null],
      ['src/Model/Item.php', 'module', 'Acme\\Shop\\Model', 3, 3, true, null],
      ['src/Model/Item.php', 'class', 'Item', 8, 18, true, null],
      ['src/Model/Item.php', 'method', 'Item.__construct', 10, 12, true, 1],
      ['src/Model/Item.php', 'property', 'Item.name', 10, 10, true, null],
      ['src/Model/Item.php', 'property', 'Item.price', 10, 10, true, null],
      ['src/Model/Item.php', 'method', 'Item.isFree', 14, 17, true, 1],
      ['src/Pricing.php', 'module', 'Acme\\Shop', 3, 3, true, null],
      ['src/Pricing.php', 'class', 'Pricing', 7, 15, true, null],
      ['src/Pricing.php', 'property', 'Pricing.CURRENCY', 9, 9, true, null],
      ['src/Pricing.php', 'method', 'Pricing.priceOf', 11, 14, true, 2],
      ['src/Totals.php', 'module', 'Acme\\Shop', 3, 3, true, null],
      ['src/Totals.php', 'interface', 'Totals', 5, 15, true, null],
      ['src/Totals.php', 'method', 'Totals.total', 7, 14, true, 2],
      ['src/functions.php', 'module', 'Acme\\Shop', 3, 3, true, null],
      ['src/functions.php', 'function', 'format_cents', 6, 9, true, 1],
      ['tests/CartTest.php', 'module', 'Acme\\Shop\\Tests', 3, 3, true, null],
      ['tests/CartTest.php', 'class', 'CartTest', 9, 29, true, null],
      ['tests/CartTest.php', 'test', 'CartTest.testAddsItems', 11, 16, false, 1],
      ['tests/CartTest.php', 'test', 'CartTest.summarisesTheItems', 19, 23, false, 1],
      ['tests/CartTest.php', 'method', 'CartTest.cartWith', 25, 28, false, 1],
    ]);
  });

  it('reads PHPDoc (tags kept), headers, cognitive complexity and the properties a method reads and writes', () => {
    const byUid = new Map(result.symbols.map((s) => [short(s.uid), s]));
    expect(byUid.get('src/Cart.php#Cart')).toMatchObject({
      signature: 'final class Cart implements HasTotal',
      doc: 'The items a customer is buying.',
    });
    expect(byUid.get('src/Cart.php#Cart.add')).toMatchObject({
      signature: 'public function add(Item $item): static',
      doc: 'Adds an item; a free item past the limit is refused.\n\n@param Item $item the item to add',
      // if +1, && +1, elseif +1.
      cognitiveComplexity: 3,
      fieldReads: ['items', 'logger', 'pricing'],
      fieldWrites: ['items'],
    });
    expect(byUid.get('src/Cart.php#Cart.pricing')!.signature).toBe('private Pricing $pricing');
    expect(byUid.get('src/Cart.php#Cart.summary.label')!.signature).toBe('fn (Item $item): string');
    expect(byUid.get('src/functions.php#format_cents')).toMatchObject({ doc: 'Cents as a price: 150 is "1.50".' });
    expect(byUid.get('tests/CartTest.php#CartTest.summarisesTheItems')!.doc).toBe('@test');
  });

  it('follows $this, promoted and typed properties, self::, static calls, new to __construct, trait methods before interfaces, namespaced functions', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['src/Cart.php#Cart.add', 'src/Model/Item.php#Item.isFree', 38, 1, 'import'],
      ['src/Cart.php#Cart.add', 'src/Pricing.php#Pricing.priceOf', 40, 1, 'import'],
      ['src/Cart.php#Cart.empty', 'src/Cart.php#Cart.__construct', 28, 1, 'import'],
      ['src/Cart.php#Cart.empty', 'src/Pricing.php#Pricing', 28, 1, 'import'],
      ['src/Cart.php#Cart.summary', 'src/Totals.php#Totals.total', 51, 1, 'import'],
      ['src/Cart.php#Cart.summary', 'src/functions.php#format_cents', 51, 1, 'import'],
      ['src/Pricing.php#Pricing.priceOf', 'src/Model/Item.php#Item.isFree', 13, 1, 'import'],
      // A trait does not declare `$this->pricing`: the method's name.
      ['src/Totals.php#Totals.total', 'src/Pricing.php#Pricing.priceOf', 11, 1, 'name'],
      ['tests/CartTest.php#CartTest.cartWith', 'src/Cart.php#Cart.add', 27, 1, 'import'],
      ['tests/CartTest.php#CartTest.cartWith', 'src/Cart.php#Cart.empty', 27, 1, 'import'],
      ['tests/CartTest.php#CartTest.summarisesTheItems', 'src/Cart.php#Cart.summary', 22, 1, 'import'],
      ['tests/CartTest.php#CartTest.summarisesTheItems', 'src/Model/Item.php#Item.__construct', 21, 1, 'import'],
      ['tests/CartTest.php#CartTest.summarisesTheItems', 'tests/CartTest.php#CartTest.cartWith', 21, 1, 'import'],
      ['tests/CartTest.php#CartTest.testAddsItems', 'src/Cart.php#Cart.add', 14, 1, 'import'],
      ['tests/CartTest.php#CartTest.testAddsItems', 'src/Cart.php#Cart.empty', 13, 1, 'import'],
      ['tests/CartTest.php#CartTest.testAddsItems', 'src/Model/Item.php#Item.__construct', 14, 1, 'import'],
      ['tests/CartTest.php#CartTest.testAddsItems', 'src/Totals.php#Totals.total', 15, 1, 'import'],
    ]);
  });

  it("imports the file Composer's PSR-4 map autoloads for each use; other namespaces are external references", () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['src/Cart.php', 'src/Model/Item.php', ['Item']],
      ['src/Pricing.php', 'src/Model/Item.php', ['Item']],
      ['tests/CartTest.php', 'src/Cart.php', ['Cart']],
      ['tests/CartTest.php', 'src/Model/Item.php', ['Item']],
    ]);
    expect(result.externalReferences.imports).toEqual([
      { fileUid: 't:php-sample:src/Cart.php', package: 'php:Psr\\Log', module: 'Psr\\Log', names: ['LoggerInterface'] },
      { fileUid: 't:php-sample:tests/CartTest.php', package: 'php:PHPUnit\\Framework', module: 'PHPUnit\\Framework', names: ['TestCase'] },
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['src/Cart.php#Cart', 'IMPLEMENTS', 'src/HasTotal.php#HasTotal'],
      ['src/Cart.php#Cart', 'IMPLEMENTS', 'src/Totals.php#Totals'],
    ]);
  });
});

describe('PhpExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new PhpExtractor().extract(
      memoryInput({
        'a.php': '<?php\nfunction fine() {\n  return helper();\n}\n\nfunction helper() {\n  return 1;\n}\n\nfunction broken( {\n',
      }),
    );
    expect(result.skipped).toEqual([{ path: 'a.php', reason: 'partly extracted: syntax error at line 10' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.php#fine', 'a.php#helper', 'import'],
    ]);
  });

  it('follows braced namespaces, use function, parent::, @var properties, closures called through their variable and #[Test] methods', async () => {
    const result = await new PhpExtractor().extract(
      memoryInput({
        'lib.php': [
          '<?php',
          'namespace Util { function slug($s) { return strtolower($s); } }',
          'namespace App {',
          'use function Util\\slug;',
          'class Base { public function __construct() {} public function name() { return slug("x"); } }',
          'class Child extends Base {',
          '  /** @var Base */',
          '  private $other;',
          '  public function __construct() { parent::__construct(); $twice = function ($x) { return $x . $x; }; $twice(parent::name()); }',
          '  public function nameOfOther() { return $this->other->name(); }',
          '}',
          '}',
        ].join('\n'),
        'ChildTest.php':
          '<?php\nuse App\\Child;\nclass ChildTest extends \\PHPUnit\\Framework\\TestCase {\n  #[\\PHPUnit\\Framework\\Attributes\\Test]\n  public function builds() { new Child(); }\n}\n',
      }),
    );
    expect(result.symbols.filter((s) => s.kind === 'test').map((s) => s.qualifiedName)).toEqual(['ChildTest.builds']);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['ChildTest.php#ChildTest.builds', 'lib.php#Child.__construct', 'import'],
      ['lib.php#Base.name', 'lib.php#slug', 'import'],
      ['lib.php#Child.__construct', 'lib.php#Base.__construct', 'import'],
      ['lib.php#Child.__construct', 'lib.php#Base.name', 'import'],
      ['lib.php#Child.__construct', 'lib.php#Child.__construct.twice', 'import'],
      ['lib.php#Child.nameOfOther', 'lib.php#Base.name', 'import'],
    ]);
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([['ChildTest.php', 'lib.php', ['Child']]]);
  });
});
