import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { KotlinExtractor } from './kotlin-extractor';

const REPOSITORY = 'kotlin-sample';
const MAIN = 'src/main/kotlin/acme/shop';
const TEST = 'src/test/kotlin/acme/shop';
const PATHS = [
  `${MAIN}/Cart.kt`,
  `${MAIN}/Format.kt`,
  `${MAIN}/HasTotal.kt`,
  `${MAIN}/Pricing.kt`,
  `${MAIN}/model/Item.kt`,
  `${TEST}/CartSpec.kt`,
  `${TEST}/CartTest.kt`,
];

/** A uid of the fixture without its folders: `Cart.kt#Cart.add`, `test/CartTest.kt#...`. */
function local(uid: string): string {
  return short(uid).replace(`${MAIN}/`, '').replace(`${TEST}/`, 'test/');
}

describe('KotlinExtractor on test/fixtures/kotlin-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new KotlinExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares packages, classes, companions, interfaces, enums, constructors, methods, extension functions, properties, lambdas, JUnit and kotest tests', () => {
    // [file, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(
      result.symbols.map((s) => [local(s.uid).split('#')[0], s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity]),
    ).toEqual([
      ['Cart.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['Cart.kt', 'class', 'Cart', 8, 38, true, null],
      ['Cart.kt', 'property', 'Cart.owner', 8, 8, true, null],
      ['Cart.kt', 'property', 'Cart.items', 9, 9, false, null],
      ['Cart.kt', 'property', 'Cart.pricing', 10, 10, false, null],
      ['Cart.kt', 'method', 'Cart.constructor', 12, 14, true, 1],
      ['Cart.kt', 'method', 'Cart.add', 21, 29, true, 4],
      ['Cart.kt', 'method', 'Cart.total', 31, 31, true, 1],
      ['Cart.kt', 'function', 'Cart.total.sumOf{}', 31, 31, false, 1],
      ['Cart.kt', 'class', 'Cart.Companion', 33, 37, true, null],
      ['Cart.kt', 'property', 'Cart.Companion.MAX_ITEMS', 34, 34, true, null],
      ['Cart.kt', 'method', 'Cart.Companion.empty', 36, 36, true, 1],
      ['Format.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['Format.kt', 'function', 'formatCents', 4, 4, true, 1],
      ['Format.kt', 'function', 'Cart.summary', 7, 7, true, 1],
      ['HasTotal.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['HasTotal.kt', 'interface', 'HasTotal', 3, 6, true, null],
      ['HasTotal.kt', 'method', 'HasTotal.total', 5, 5, true, null],
      ['Pricing.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['Pricing.kt', 'class', 'Pricing', 5, 7, true, null],
      ['Pricing.kt', 'method', 'Pricing.priceOf', 6, 6, true, 2],
      ['model/Item.kt', 'module', 'acme.shop.model', 1, 1, true, null],
      ['model/Item.kt', 'class', 'Item', 6, 8, true, null],
      ['model/Item.kt', 'property', 'Item.name', 6, 6, true, null],
      ['model/Item.kt', 'property', 'Item.price', 6, 6, true, null],
      ['model/Item.kt', 'method', 'Item.isFree', 7, 7, true, 1],
      ['model/Item.kt', 'enum', 'Category', 10, 13, true, null],
      ['model/Item.kt', 'property', 'Category.BOOK', 11, 11, true, null],
      ['model/Item.kt', 'property', 'Category.PEN', 12, 12, true, null],
      ['test/CartSpec.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['test/CartSpec.kt', 'class', 'CartSpec', 7, 11, true, null],
      ['test/CartSpec.kt', 'function', 'CartSpec.StringSpec(0)', 7, 11, false, 1],
      ['test/CartSpec.kt', 'test', 'CartSpec.StringSpec(0).summarises the cart', 8, 10, false, 1],
      ['test/CartTest.kt', 'module', 'acme.shop', 1, 1, true, null],
      ['test/CartTest.kt', 'class', 'CartTest', 7, 14, true, null],
      ['test/CartTest.kt', 'test', 'CartTest.adds items', 8, 13, false, 1],
    ]);
  });

  it('reads KDoc (tags kept), headers and cognitive complexity', () => {
    const byUid = new Map(result.symbols.map((s) => [local(s.uid), s]));
    expect(byUid.get('Cart.kt#Cart')).toMatchObject({
      signature: 'class Cart(val owner: String) : HasTotal',
      doc: 'The items a customer is buying.',
    });
    expect(byUid.get('Cart.kt#Cart.add')).toMatchObject({
      signature: 'fun add(item: Item): Cart',
      doc: 'Adds an item; a free item past the limit is refused.\n\n@param item the item to add',
      // if +1, && +1, the `else if` an if nested in the else: +2.
      cognitiveComplexity: 4,
    });
    expect(byUid.get('Cart.kt#Cart.constructor')!.signature).toBe('constructor(owner: String, first: Item) : this(owner)');
    expect(byUid.get('Format.kt#Cart.summary')).toMatchObject({ signature: 'fun Cart.summary(): String', doc: 'The cart on one line.' });
    expect(byUid.get('test/CartSpec.kt#CartSpec')!.signature).toBe('class CartSpec : StringSpec({');
    expect(byUid.get('test/CartTest.kt#CartTest.adds items')!.signature).toBe('fun `adds items`()');
  });

  it('follows typed properties and parameters, companions, constructions, extension functions and their receiver, lambdas in methods and specs', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [local(c.callerUid), local(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['Cart.kt#Cart.Companion.empty', 'Cart.kt#Cart', 36, 1, 'import'],
      ['Cart.kt#Cart.add', 'Pricing.kt#Pricing.priceOf', 24, 1, 'import'],
      ['Cart.kt#Cart.add', 'model/Item.kt#Item.isFree', 22, 1, 'import'],
      ['Cart.kt#Cart.constructor', 'Cart.kt#Cart.add', 13, 1, 'import'],
      ['Cart.kt#Cart.total.sumOf{}', 'Pricing.kt#Pricing.priceOf', 31, 1, 'import'],
      ['Format.kt#Cart.summary', 'Cart.kt#Cart.total', 7, 1, 'import'],
      ['Format.kt#Cart.summary', 'Format.kt#formatCents', 7, 1, 'import'],
      ['Pricing.kt#Pricing.priceOf', 'model/Item.kt#Item.isFree', 6, 1, 'import'],
      ['test/CartSpec.kt#CartSpec.StringSpec(0).summarises the cart', 'Cart.kt#Cart.constructor', 9, 1, 'import'],
      ['test/CartSpec.kt#CartSpec.StringSpec(0).summarises the cart', 'Format.kt#Cart.summary', 9, 1, 'import'],
      ['test/CartSpec.kt#CartSpec.StringSpec(0).summarises the cart', 'model/Item.kt#Item', 9, 1, 'import'],
      ['test/CartTest.kt#CartTest.adds items', 'Cart.kt#Cart.Companion.empty', 10, 1, 'import'],
      ['test/CartTest.kt#CartTest.adds items', 'Cart.kt#Cart.add', 11, 1, 'import'],
      ['test/CartTest.kt#CartTest.adds items', 'Cart.kt#Cart.total', 12, 1, 'import'],
      ['test/CartTest.kt#CartTest.adds items', 'model/Item.kt#Item', 11, 1, 'import'],
    ]);
  });

  it('imports the files declaring what each import names; packages outside the repository are external references', () => {
    expect(result.imports.map((i) => [local(i.fromUid), local(i.toUid), i.names])).toEqual([
      ['Cart.kt', 'model/Item.kt', ['Item']],
      ['Pricing.kt', 'model/Item.kt', ['Item']],
      ['test/CartSpec.kt', 'model/Item.kt', ['Item']],
      ['test/CartTest.kt', 'model/Item.kt', ['Item']],
    ]);
    expect(result.externalReferences.imports.map((i) => [local(i.fileUid), i.package, i.names])).toEqual([
      ['test/CartSpec.kt', 'java:io.kotest.core.spec.style', ['StringSpec']],
      ['test/CartSpec.kt', 'java:io.kotest.matchers', ['shouldBe']],
    ]);
    expect(result.inheritance.map((i) => [local(i.fromUid), i.kind, local(i.toUid)])).toEqual([
      ['Cart.kt#Cart', 'IMPLEMENTS', 'HasTotal.kt#HasTotal'],
    ]);
  });
});

describe('KotlinExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new KotlinExtractor().extract(
      memoryInput({ 'a.kt': 'fun fine() {\n    helper()\n}\n\nfun helper() = 1\n\nfun broken( {\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'a.kt', reason: 'partly extracted: syntax error at line 7' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.kt#fine', 'a.kt#helper', 'import'],
    ]);
  });

  it('follows star imports, aliases, super calls, objects, local functions, and FunSpec tests inside describe containers', async () => {
    const result = await new KotlinExtractor().extract(
      memoryInput({
        'lib/Base.kt':
          'package lib\n\nopen class Base {\n    open fun name(): String = "base"\n}\n\nobject Registry {\n    fun register(base: Base) {\n        base.name()\n    }\n}\n',
        'app/Child.kt': [
          'package app',
          '',
          'import lib.*',
          'import lib.Registry as Reg',
          '',
          'class Child : Base() {',
          '    override fun name(): String {',
          '        fun twice(s: String) = s + s',
          '        Reg.register(this)',
          '        return twice(super.name())',
          '    }',
          '}',
          '',
        ].join('\n'),
        'app/ChildSpec.kt':
          'package app\n\nclass ChildSpec : FunSpec({\n    describe("Child") {\n        test("names") {\n            Child().name()\n        }\n    }\n})\n',
      }),
    );
    expect(result.symbols.filter((s) => s.kind === 'test').map((s) => s.qualifiedName)).toEqual(['ChildSpec.FunSpec(0).Child.names']);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['app/Child.kt#Child.name', 'app/Child.kt#Child.name.twice', 'import'],
      ['app/Child.kt#Child.name', 'lib/Base.kt#Base.name', 'import'],
      ['app/Child.kt#Child.name', 'lib/Base.kt#Registry.register', 'import'],
      ['app/ChildSpec.kt#ChildSpec.FunSpec(0).Child.names', 'app/Child.kt#Child', 'import'],
      ['app/ChildSpec.kt#ChildSpec.FunSpec(0).Child.names', 'app/Child.kt#Child.name', 'import'],
      ['lib/Base.kt#Registry.register', 'lib/Base.kt#Base.name', 'import'],
    ]);
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([['app/Child.kt', 'lib/Base.kt', ['Reg']]]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['app/Child.kt#Child', 'EXTENDS', 'lib/Base.kt#Base'],
    ]);
  });
});
