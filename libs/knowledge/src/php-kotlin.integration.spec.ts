import { indexFixturesOnce } from '../test/indexed-fixtures';
import { CallersService } from './callers/callers.service';
import { ImpactService } from './impact/impact.service';
import { SearchService } from './search/search.service';

/** The PHP and Kotlin fixtures indexed once, then asked what the doors ask: callers, impact with the tests that reach it, search. */
const { principal, moduleRef } = indexFixturesOnce('php-kotlin', ['php-sample', 'kotlin-sample']);

describe('PHP and Kotlin repositories', () => {
  it("answers get_callers for a PHP method through typed parameters and properties, a trait's guess by name, and the tests two hops away", async () => {
    const result = await moduleRef().get(CallersService).getCallers({ name: 'priceOf', repositoryId: 'php-sample', depth: 2 }, principal);
    expect(result.callers.map((caller) => [caller.symbol.qualifiedName, caller.symbol.path, caller.confidence])).toEqual([
      ['Cart.add', 'src/Cart.php', 'import'],
      ['Totals.total', 'src/Totals.php', 'name'],
      ['Cart.summary', 'src/Cart.php', 'name'],
      ['CartTest.testAddsItems', 'tests/CartTest.php', 'import'],
      ['CartTest.cartWith', 'tests/CartTest.php', 'import'],
    ]);
  });

  it('answers get_callers for a Kotlin method through a lambda, a secondary constructor and a JUnit test', async () => {
    const result = await moduleRef().get(CallersService).getCallers({ name: 'isFree', repositoryId: 'kotlin-sample', depth: 2 }, principal);
    expect(result.callers.map((caller) => [caller.symbol.qualifiedName, caller.symbol.path, caller.confidence])).toEqual([
      ['Cart.add', 'src/main/kotlin/acme/shop/Cart.kt', 'import'],
      ['Pricing.priceOf', 'src/main/kotlin/acme/shop/Pricing.kt', 'import'],
      ['Cart.constructor', 'src/main/kotlin/acme/shop/Cart.kt', 'import'],
      ['Cart.total.sumOf{}', 'src/main/kotlin/acme/shop/Cart.kt', 'import'],
      ['CartTest.adds items', 'src/test/kotlin/acme/shop/CartTest.kt', 'import'],
    ]);
  });

  it('answers analyze_impact with the PHPUnit tests (test* and @test) that reach a method', async () => {
    const result = await moduleRef()
      .get(ImpactService)
      .analyzeImpact({ uid: 'php-kotlin:php-sample:src/Pricing.php#Pricing.priceOf' }, principal);
    expect(result.affected.map((affected) => affected.symbol.qualifiedName).sort()).toEqual([
      'Cart.add',
      'Cart.summary',
      'CartTest.cartWith',
      'Totals.total',
    ]);
    expect(result.tests.map((test) => [test.test.qualifiedName, test.via])).toEqual([
      ['CartTest.testAddsItems', 'transitive'],
      ['CartTest.summarisesTheItems', 'transitive'],
    ]);
  });

  it('answers analyze_impact with the JUnit test and the kotest case that reach a method, through an extension function', async () => {
    const result = await moduleRef()
      .get(ImpactService)
      .analyzeImpact({ uid: 'php-kotlin:kotlin-sample:src/main/kotlin/acme/shop/Pricing.kt#Pricing.priceOf' }, principal);
    expect(result.affected.map((affected) => affected.symbol.qualifiedName).sort()).toEqual([
      'Cart.add',
      'Cart.constructor',
      'Cart.summary',
      'Cart.total',
      'Cart.total.sumOf{}',
      'HasTotal.total',
    ]);
    expect(result.tests.map((test) => [test.test.qualifiedName, test.via])).toEqual([
      ['CartTest.adds items', 'transitive'],
      ['CartSpec.StringSpec(0).summarises the cart', 'transitive'],
    ]);
  });

  it('answers search_code by language', async () => {
    const search = moduleRef().get(SearchService);
    const php = await search.searchCode(
      { query: 'format_cents', mode: 'fulltext', language: 'php', scope: { repositoryId: 'php-sample' } },
      principal,
    );
    expect(php.results.map((hit) => [hit.qualifiedName, hit.path])[0]).toEqual(['format_cents', 'src/functions.php']);
    const kotlin = await search.searchCode(
      { query: 'formatCents', mode: 'fulltext', language: 'kotlin', scope: { repositoryId: 'kotlin-sample' } },
      principal,
    );
    expect(kotlin.results.map((hit) => [hit.qualifiedName, hit.path])[0]).toEqual(['formatCents', 'src/main/kotlin/acme/shop/Format.kt']);
  });
});
