import { enclosedBodies } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import { scratchRepository, short } from '../../test/extraction-inputs';

/**
 * In every language, a body defined inside another is no call of it (ENCLOSES instead); a local
 * closure the body does call stays a CALLS edge. Each file: `total` defines `twice` and calls it,
 * and hands a second closure to `apply` without calling it.
 */
const FILES: Record<string, string[]> = {
  'Shop.cs': [
    'class Shop {',
    '  static int Apply(System.Func<int, int> f) { return f(1); }',
    '  int Total() {',
    '    System.Func<int, int> twice = x => x * 2;',
    '    twice(2);',
    '    return Apply(y => y + 1);',
    '  }',
    '}',
  ],
  'shop.php': [
    '<?php',
    'function apply(callable $f) { return $f(1); }',
    'function total() {',
    '  $twice = function ($x) { return $x * 2; };',
    '  $twice(2);',
    '  return apply(fn ($y) => $y + 1);',
    '}',
  ],
  'shop.cpp': [
    'int apply(int (*f)(int)) { return f(1); }',
    'int total() {',
    '  auto twice = [](int x) { return x * 2; };',
    '  twice(2);',
    '  return apply([](int y) { return y + 1; });',
    '}',
  ],
  'src/lib.rs': [
    'fn apply(f: impl Fn(u32) -> u32) -> u32 { f(1) }',
    'pub fn total() -> u32 {',
    '    let twice = |x: u32| x * 2;',
    '    twice(2);',
    '    apply(|y| y + 1)',
    '}',
  ],
  'shop.rb': ['def apply(&f) = f.call(1)', '', 'def total', '  twice = ->(x) { x * 2 }', '  twice.call(2)', '  apply { |y| y + 1 }', 'end'],
  'go.mod': ['module shop', '', 'go 1.21'],
  'shop.go': [
    'package shop',
    '',
    'func apply(f func(int) int) int { return f(1) }',
    '',
    'func Total() int {',
    '\ttwice := func(x int) int { return x * 2 }',
    '\ttwice(2)',
    '\treturn apply(func(y int) int { return y + 1 })',
    '}',
  ],
  'Shop.kt': [
    'fun apply(f: (Int) -> Int): Int = f(1)',
    '',
    'fun total(): Int {',
    '    val twice = { x: Int -> x * 2 }',
    '    twice(2)',
    '    return apply { y -> y + 1 }',
    '}',
  ],
};

/** Rows in the code-unit order of their text. */
const byText = (a: unknown[], b: unknown[]): number => (a.join(' ') < b.join(' ') ? -1 : a.join(' ') > b.join(' ') ? 1 : 0);

describe('bodies defined inside a body', () => {
  it('are ENCLOSES pairs, no CALLS edge, in C#, PHP, C++, Go, Rust, Ruby and Kotlin; a local closure called is a call', async () => {
    const root = scratchRepository(Object.fromEntries(Object.entries(FILES).map(([path, lines]) => [path, `${lines.join('\n')}\n`])));
    const reading = await readRepository(root, { tenantId: 't', maxFileBytes: 1 << 20 });
    // The syntax's pass: the language servers' (clangd, gopls) is language-servers.integration.spec's.
    const { snapshot } = reading;
    const calls = snapshot.calls.map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.confidence]).sort(byText);
    const encloses = enclosedBodies(snapshot.symbols)
      .map((pair) => [short(pair.enclosingUid), short(pair.nestedUid)])
      .sort(byText);
    // No edge from total to the closure it hands to apply; twice's call is resolved where the first
    // pass follows a local (not Ruby's `twice.call`).
    expect(calls).toEqual([
      ['Shop.cs#Shop.Total', 'Shop.cs#Shop.Apply', 6, 'import'],
      ['Shop.cs#Shop.Total', 'Shop.cs#Shop.Total.twice', 5, 'import'],
      ['Shop.kt#total', 'Shop.kt#apply', 6, 'import'],
      ['Shop.kt#total', 'Shop.kt#total.twice', 5, 'import'],
      ['shop.cpp#total', 'shop.cpp#apply', 5, 'import'],
      ['shop.cpp#total', 'shop.cpp#total.twice', 4, 'import'],
      ['shop.go#Total', 'shop.go#Total.twice', 7, 'import'],
      ['shop.go#Total', 'shop.go#apply', 8, 'import'],
      ['shop.php#total', 'shop.php#apply', 6, 'import'],
      ['shop.php#total', 'shop.php#total.twice', 5, 'import'],
      ['shop.rb#total', 'shop.rb#apply', 6, 'import'],
      ['src/lib.rs#total', 'src/lib.rs#apply', 5, 'import'],
      ['src/lib.rs#total', 'src/lib.rs#total.twice', 4, 'import'],
    ]);
    // Ruby's lambda `->(x) { x * 2 }` is one body: its `{ }` is no block of its own.
    expect(encloses).toEqual([
      ['Shop.cs#Shop.Total', 'Shop.cs#Shop.Total.Apply(0)'],
      ['Shop.cs#Shop.Total', 'Shop.cs#Shop.Total.twice'],
      ['Shop.kt#total', 'Shop.kt#total.apply{}'],
      ['Shop.kt#total', 'Shop.kt#total.twice'],
      ['shop.cpp#total', 'shop.cpp#total.apply(0)'],
      ['shop.cpp#total', 'shop.cpp#total.twice'],
      ['shop.go#Total', 'shop.go#Total.apply(0)'],
      ['shop.go#Total', 'shop.go#Total.twice'],
      ['shop.php#total', 'shop.php#total.apply(0)'],
      ['shop.php#total', 'shop.php#total.twice'],
      ['shop.rb#total', 'shop.rb#total.apply(block)'],
      ['shop.rb#total', 'shop.rb#total.twice'],
      ['src/lib.rs#total', 'src/lib.rs#total.apply(0)'],
      ['src/lib.rs#total', 'src/lib.rs#total.twice'],
    ]);
  });
});
