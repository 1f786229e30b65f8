import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { ScalaExtractor } from './scala-extractor';

const REPOSITORY = 'scala-sample';
const MAIN = 'src/main/scala/acme/shop';
const TESTS = 'src/test/scala/acme/shop';
const PATHS = [
  'build.sbt',
  `${MAIN}/Cart.scala`,
  `${MAIN}/Format.scala`,
  `${MAIN}/HasTotal.scala`,
  `${MAIN}/Pricing.scala`,
  `${MAIN}/model/Item.scala`,
  `${TESTS}/CartSpec.scala`,
  `${TESTS}/CartSuite.scala`,
];

/** A uid of the fixture without its folders: `Cart.scala#Cart.add`, `test/CartSuite.scala#...`. */
function local(uid: string): string {
  return short(uid).replace(`${MAIN}/`, '').replace(`${TESTS}/`, 'test/');
}

describe('ScalaExtractor on test/fixtures/scala-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new ScalaExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing, and says no language server can be had', () => {
    expect(result.skipped).toEqual([]);
    expect(result.languageServers).toEqual([
      {
        language: 'scala',
        server: 'metals',
        version: null,
        status: 'unavailable',
        detail:
          'metals is installed by Coursier from Maven Central and needs the build (sbt, mill) to compile: calls stay at first-pass confidence',
      },
    ]);
  });

  it('declares packages, classes and their companion objects, case classes, traits, enums and cases, defs, extension methods, lambdas, members and ScalaTest and MUnit tests', () => {
    // [file, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(
      result.symbols.map((s) => [local(s.uid).split('#')[0], s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity]),
    ).toEqual([
      ['build.sbt', 'variable', 'shop', 3, 10, true, null],
      ['Cart.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['Cart.scala', 'class', 'Cart', 10, 32, true, null],
      ['Cart.scala', 'property', 'Cart.owner', 10, 10, true, null],
      ['Cart.scala', 'property', 'Cart.items', 11, 11, false, null],
      ['Cart.scala', 'property', 'Cart.pricing', 12, 12, false, null],
      ['Cart.scala', 'method', 'Cart.add', 19, 27, true, 4],
      ['Cart.scala', 'method', 'Cart.total', 29, 29, true, 1],
      ['Cart.scala', 'function', 'Cart.total.map(0)', 29, 29, false, 1],
      ['Cart.scala', 'method', 'Cart.books', 31, 31, true, 1],
      ['Cart.scala', 'class', 'Cart', 34, 38, true, null],
      ['Cart.scala', 'property', 'Cart.MaxItems', 35, 35, true, null],
      ['Cart.scala', 'method', 'Cart.empty', 37, 37, true, 1],
      ['Format.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['Format.scala', 'function', 'formatCents', 4, 4, true, 1],
      ['Format.scala', 'function', 'Cart.summary', 7, 7, true, 1],
      ['HasTotal.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['HasTotal.scala', 'interface', 'HasTotal', 3, 7, true, null],
      ['HasTotal.scala', 'method', 'HasTotal.total', 6, 6, true, null],
      ['Pricing.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['Pricing.scala', 'class', 'Pricing', 5, 7, true, null],
      ['Pricing.scala', 'method', 'Pricing.priceOf', 6, 6, true, 2],
      ['model/Item.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['model/Item.scala', 'module', 'acme.shop.model', 2, 2, true, null],
      ['model/Item.scala', 'class', 'Item', 5, 7, true, null],
      ['model/Item.scala', 'property', 'Item.name', 5, 5, true, null],
      ['model/Item.scala', 'property', 'Item.price', 5, 5, true, null],
      ['model/Item.scala', 'property', 'Item.category', 5, 5, true, null],
      ['model/Item.scala', 'method', 'Item.isFree', 6, 6, true, 1],
      ['model/Item.scala', 'enum', 'Category', 9, 11, true, null],
      ['model/Item.scala', 'property', 'Category.Book', 10, 10, true, null],
      ['model/Item.scala', 'property', 'Category.Pen', 10, 10, true, null],
      ['test/CartSpec.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['test/CartSpec.scala', 'class', 'CartSpec', 6, 11, true, null],
      ['test/CartSpec.scala', 'test', 'CartSpec.A cart should summarise its items', 7, 10, false, 1],
      ['test/CartSuite.scala', 'module', 'acme.shop', 1, 1, true, null],
      ['test/CartSuite.scala', 'class', 'CartSuite', 5, 11, true, null],
      ['test/CartSuite.scala', 'test', 'CartSuite.adds items', 6, 10, false, 1],
    ]);
  });

  it("reads Scaladoc blocks (tags kept, an extension's on the extension), headers, chained package clauses and cognitive complexity", () => {
    const byUid = new Map(result.symbols.map((s) => [local(s.uid), s]));
    expect(byUid.get('Cart.scala#Cart')).toMatchObject({
      signature: 'class Cart(val owner: String) extends HasTotal',
      doc: 'The items a customer is buying.\n\n@param owner\n  who is buying',
    });
    expect(byUid.get('Cart.scala#Cart.add')).toMatchObject({
      signature: 'def add(item: Item): Cart',
      doc: 'Adds an item; a free item past the limit is refused.\n\n@param item\n  the item to add',
      // if +1, && +1, the `else if` (an if nested in the first): +2.
      cognitiveComplexity: 4,
    });
    expect(byUid.get('Cart.scala#Cart~2')!.signature).toBe('object Cart');
    expect(byUid.get('Format.scala#Cart.summary')).toMatchObject({ signature: 'def summary: String', doc: 'The cart on one line.' });
    expect(byUid.get('Cart.scala#Cart.total.map(0)')!.signature).toBe('item =>');
    expect(byUid.get('model/Item.scala#acme.shop.model')).toMatchObject({ name: 'model', signature: 'package model' });
    expect(byUid.get('model/Item.scala#Item')!.doc).toBe('A product and its price in cents.');
    expect(byUid.get('test/CartSpec.scala#CartSpec.A cart should summarise its items')!.signature).toBe(
      '"A cart" should "summarise its items" in',
    );
  });

  it('follows typed members, parameters and locals, parameterless defs read as members, companion objects, case class apply, extension methods, top-level defs and lambdas', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [local(c.callerUid), local(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['Cart.scala#Cart.add', 'Pricing.scala#Pricing.priceOf', 22, 1, 'import'],
      ['Cart.scala#Cart.add', 'model/Item.scala#Item.isFree', 20, 1, 'import'],
      ['Cart.scala#Cart.empty', 'Cart.scala#Cart', 37, 1, 'import'],
      ['Cart.scala#Cart.total.map(0)', 'Pricing.scala#Pricing.priceOf', 29, 1, 'import'],
      ['Format.scala#Cart.summary', 'Cart.scala#Cart.total', 7, 1, 'import'],
      ['Format.scala#Cart.summary', 'Format.scala#formatCents', 7, 1, 'import'],
      ['Pricing.scala#Pricing.priceOf', 'model/Item.scala#Item.isFree', 6, 1, 'import'],
      ['test/CartSpec.scala#CartSpec.A cart should summarise its items', 'Cart.scala#Cart', 8, 1, 'import'],
      ['test/CartSpec.scala#CartSpec.A cart should summarise its items', 'Cart.scala#Cart.add', 8, 1, 'import'],
      ['test/CartSpec.scala#CartSpec.A cart should summarise its items', 'Format.scala#Cart.summary', 9, 1, 'import'],
      ['test/CartSpec.scala#CartSpec.A cart should summarise its items', 'model/Item.scala#Item', 8, 1, 'import'],
      ['test/CartSuite.scala#CartSuite.adds items', 'Cart.scala#Cart.add', 8, 1, 'import'],
      ['test/CartSuite.scala#CartSuite.adds items', 'Cart.scala#Cart.empty', 7, 1, 'import'],
      ['test/CartSuite.scala#CartSuite.adds items', 'Cart.scala#Cart.total', 9, 1, 'import'],
      ['test/CartSuite.scala#CartSuite.adds items', 'model/Item.scala#Item', 8, 1, 'import'],
    ]);
  });

  it('imports the files declaring what an import names, by package, wherever they sit; outside packages are java: references', () => {
    expect(result.imports.map((i) => [local(i.fromUid), local(i.toUid), i.names])).toEqual([
      ['Cart.scala', 'model/Item.scala', ['Category', 'Item']],
      ['Pricing.scala', 'model/Item.scala', ['Item']],
      ['test/CartSpec.scala', 'model/Item.scala', ['Item']],
      ['test/CartSuite.scala', 'model/Item.scala', ['Item']],
    ]);
    expect(result.externalReferences.imports.map((i) => [local(i.fileUid), i.package, i.names])).toEqual([
      ['test/CartSpec.scala', 'java:org.scalatest.flatspec', ['AnyFlatSpec']],
    ]);
    expect(result.inheritance.map((i) => [local(i.fromUid), i.kind, local(i.toUid)])).toEqual([
      ['Cart.scala#Cart', 'IMPLEMENTS', 'HasTotal.scala#HasTotal'],
    ]);
  });
});

describe('ScalaExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new ScalaExtractor().extract(
      memoryInput({
        'a.scala': 'object A {\n  def fine(): Int = helper()\n  def helper(): Int = 1\n}\n\nobject B {\n  def broken( = 1\n}\n',
      }),
    );
    expect(result.skipped).toEqual([{ path: 'a.scala', reason: 'partly extracted: syntax error at line 7' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(['A', 'A.fine', 'A.helper', 'B', 'B.broken']);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.scala#A.fine', 'a.scala#A.helper', 'import'],
    ]);
  });

  it('follows renamed and wildcard imports, package objects, givens, a companion apply by arity, package members named in full, nested defs and lambdas', async () => {
    const result = await new ScalaExtractor().extract(
      memoryInput({
        'lib/src/acme/util/package.scala': 'package acme\n\npackage object util {\n  def slug(s: String): String = s.toLowerCase\n}\n',
        'lib/src/acme/util/Money.scala': [
          'package acme.util',
          '',
          'case class Money(cents: Long)',
          '',
          'object Money {',
          '  def apply(units: Int, cents: Int): Money = new Money(units * 100L + cents)',
          '  def zero: Money = Money(0L)',
          '  given Ordering[Money] = Ordering.by(_.cents)',
          '}',
          '',
          'trait Shows[A] { def show(a: A): String }',
          '',
          'object Shows {',
          '  given moneyShows: Shows[Money] with',
          '    def show(a: Money): String = slug(a.cents.toString)',
          '}',
          '',
        ].join('\n'),
        'app/src/Main.scala': [
          'package app',
          '',
          'import acme.util.{Money => Cash}',
          'import acme.util.Shows._',
          'import cats.effect.IO',
          '',
          'object Main {',
          '  type Amount = Long',
          '  def run(): Unit = {',
          '    def twice(m: Cash): Long = m.cents * 2',
          '    val shout = (s: String) => s.toUpperCase',
          '    val total = Cash(1, 50)',
          '    shout(acme.util.slug("X"))',
          '    twice(Cash.zero)',
          '    moneyShows.show(total)',
          '  }',
          '}',
          '',
          'package nested {',
          '  class Inner',
          '}',
          '',
        ].join('\n'),
        'app/src/Jobs.scala':
          'package app\n\nobject Jobs {\n  val task = new Runnable { def run(): Unit = log() }\n  def log(): Unit = ()\n}\n',
      }),
    );
    expect(result.skipped).toEqual([]);
    expect(result.symbols.map((s) => [s.kind, s.qualifiedName, s.startLine])).toEqual([
      ['module', 'acme', 1],
      ['module', 'util', 3],
      ['method', 'util.slug', 4],
      ['module', 'acme.util', 1],
      ['class', 'Money', 3],
      ['property', 'Money.cents', 3],
      ['class', 'Money', 5],
      ['method', 'Money.apply', 6],
      ['method', 'Money.zero', 7],
      ['property', 'Money.given_Ordering_Money', 8],
      ['interface', 'Shows', 11],
      ['method', 'Shows.show', 11],
      ['class', 'Shows', 13],
      ['class', 'Shows.moneyShows', 14],
      ['method', 'Shows.moneyShows.show', 15],
      ['module', 'app', 1],
      ['class', 'Main', 7],
      ['type', 'Main.Amount', 8],
      ['method', 'Main.run', 9],
      ['function', 'Main.run.twice', 10],
      ['function', 'Main.run.shout', 11],
      ['module', 'app.nested', 19],
      ['class', 'Inner', 20],
      // A def of an anonymous class in a member's value: a body of the object, not a method of it.
      ['module', 'app', 1],
      ['class', 'Jobs', 3],
      ['property', 'Jobs.task', 4],
      ['function', 'Jobs.run', 4],
      ['method', 'Jobs.log', 5],
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['app/src/Jobs.scala#Jobs.run', 'app/src/Jobs.scala#Jobs.log', 'import'],
      ['app/src/Main.scala#Main.run', 'app/src/Main.scala#Main.run.shout', 'import'],
      ['app/src/Main.scala#Main.run', 'app/src/Main.scala#Main.run.twice', 'import'],
      ['app/src/Main.scala#Main.run', 'lib/src/acme/util/Money.scala#Money.apply', 'import'],
      ['app/src/Main.scala#Main.run', 'lib/src/acme/util/Money.scala#Money.zero', 'import'],
      ['app/src/Main.scala#Main.run', 'lib/src/acme/util/Money.scala#Shows.moneyShows.show', 'import'],
      ['app/src/Main.scala#Main.run', 'lib/src/acme/util/package.scala#util.slug', 'import'],
      ['lib/src/acme/util/Money.scala#Money.apply', 'lib/src/acme/util/Money.scala#Money', 'import'],
      // `Money(0L)`: no companion `apply` takes one argument, the case class's own does.
      ['lib/src/acme/util/Money.scala#Money.zero', 'lib/src/acme/util/Money.scala#Money', 'import'],
      ['lib/src/acme/util/Money.scala#Shows.moneyShows.show', 'lib/src/acme/util/package.scala#util.slug', 'import'],
    ]);
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['app/src/Main.scala', 'lib/src/acme/util/Money.scala', ['*', 'Cash']],
    ]);
    expect(result.externalReferences.imports.map((i) => [short(i.fileUid), i.package, i.names])).toEqual([
      ['app/src/Main.scala', 'java:cats.effect', ['IO']],
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['lib/src/acme/util/Money.scala#Shows.moneyShows', 'IMPLEMENTS', 'lib/src/acme/util/Money.scala#Shows'],
    ]);
  });
  it("follows os-lib's shapes: package members named in full, lower-case objects and case classes applied, a nested object's apply with defaults, infix methods, utest's test(\"x\") - body", async () => {
    const result = await new ScalaExtractor().extract(
      memoryInput({
        'os/src/package.scala': 'package object os {\n  def pwd: Path = new Path("/")\n}\n',
        'os/src/Path.scala': 'package os\n\nclass Path(val text: String) {\n  def /(name: String): Path = new Path(text + "/" + name)\n}\n',
        'os/src/Ops.scala': [
          'package os',
          '',
          'object makeDir {',
          '  def apply(path: Path): Unit = ()',
          '  object all {',
          '    def apply(path: Path, perms: Int = 0, ok: Boolean = true): Unit = makeDir(path)',
          '  }',
          '}',
          '',
          'case class proc(command: String*) {',
          '  def call(cwd: Path = null): Int = 0',
          '}',
          '',
        ].join('\n'),
        'os/test/src/OpsTests.scala': [
          'package test.os',
          '',
          'import utest._',
          '',
          'object OpsTests extends TestSuite {',
          '  def prep[T](f: os.Path => T): T = f(os.pwd)',
          '  val tests = Tests {',
          '    test("makes folders") - prep { wd =>',
          '      os.makeDir.all(os.pwd / "a")',
          '      _root_.os.proc("ls").call(cwd = wd)',
          '    }',
          '  }',
          '}',
          '',
        ].join('\n'),
      }),
    );
    expect(result.symbols.filter((s) => s.path.startsWith('os/test/')).map((s) => [s.kind, s.qualifiedName, s.startLine])).toEqual([
      ['module', 'test.os', 1],
      ['class', 'OpsTests', 5],
      ['method', 'OpsTests.prep', 6],
      ['property', 'OpsTests.tests', 7],
      ['test', 'OpsTests.makes folders', 8],
      ['function', 'OpsTests.makes folders.prep{}', 8],
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['os/src/Ops.scala#makeDir.all.apply', 'os/src/Ops.scala#makeDir.apply', 'import'],
      ['os/src/Path.scala#Path./', 'os/src/Path.scala#Path', 'import'],
      ['os/src/package.scala#os.pwd', 'os/src/Path.scala#Path', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders', 'os/test/src/OpsTests.scala#OpsTests.prep', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders.prep{}', 'os/src/Ops.scala#makeDir.all.apply', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders.prep{}', 'os/src/Ops.scala#proc', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders.prep{}', 'os/src/Ops.scala#proc.call', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders.prep{}', 'os/src/Path.scala#Path./', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.makes folders.prep{}', 'os/src/package.scala#os.pwd', 'import'],
      ['os/test/src/OpsTests.scala#OpsTests.prep', 'os/src/package.scala#os.pwd', 'import'],
    ]);
    expect(result.externalReferences.imports.map((i) => [short(i.fileUid), i.package, i.names])).toEqual([
      ['os/test/src/OpsTests.scala', 'java:utest', ['*']],
    ]);
  });
});
