import { exactNameBonus, rankingPrior, reciprocalRankFusion } from './fusion';

describe('reciprocalRankFusion', () => {
  it('sums 1/(k + rank) over the lists that rank an item', () => {
    const scores = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      60,
    );
    expect([...scores.entries()]).toEqual([
      ['a', 1 / 61 + 1 / 62],
      ['b', 1 / 62],
      ['c', 1 / 63 + 1 / 61],
    ]);
  });

  it('ranks an item found by both lists above one found by one list only', () => {
    const scores = reciprocalRankFusion([
      ['x', 'both'],
      ['y', 'both'],
    ]);
    expect(scores.get('both')!).toBeGreaterThan(scores.get('x')!);
  });
});

describe('exactNameBonus', () => {
  const nativeEnum = { kind: 'function', name: 'nativeEnum', qualifiedName: 'nativeEnum' };
  const testEnum = { kind: 'enum', name: 'NativeEnum', qualifiedName: 'z.nativeEnum > NativeEnum' };
  const method = { kind: 'method', name: 'placeOrder', qualifiedName: 'OrderService.placeOrder' };

  it('gives 2 to the name as typed, 1 to the name in another letter case, 0 otherwise', () => {
    expect(exactNameBonus(nativeEnum, ['nativeEnum'])).toBe(2);
    expect(exactNameBonus(testEnum, ['nativeEnum'])).toBe(1);
    expect(exactNameBonus(nativeEnum, [])).toBe(0);
  });

  it('matches the name or the qualified name', () => {
    expect(exactNameBonus(method, ['placeOrder'])).toBe(2);
    expect(exactNameBonus(method, ['OrderService.placeOrder'])).toBe(2);
    expect(exactNameBonus(method, ['orderservice.placeorder'])).toBe(1);
    expect(exactNameBonus(method, ['OrderService'])).toBe(0);
  });

  it('takes the best of the identifiers typed in a sentence', () => {
    expect(exactNameBonus(method, ['OrderService', 'placeorder'])).toBe(1);
    expect(exactNameBonus(method, ['placeorder', 'placeOrder'])).toBe(2);
  });
});

describe('rankingPrior', () => {
  it('weighs tests, properties and variables below code that does something', () => {
    expect(rankingPrior({ kind: 'function', name: 'lazy', qualifiedName: 'lazy' })).toBe(1);
    expect(rankingPrior({ kind: 'test', name: 'lazy', qualifiedName: 'lazy' })).toBe(0.5);
    expect(rankingPrior({ kind: 'property', name: 'schema', qualifiedName: 'ZodLazy.schema' })).toBe(0.6);
    expect(rankingPrior({ kind: 'variable', name: 'schema', qualifiedName: 'schema' })).toBe(0.6);
  });

  it('treats what a test case declares as test code', () => {
    expect(rankingPrior({ kind: 'enum', name: 'NativeEnum', qualifiedName: 'z.nativeEnum > NativeEnum' })).toBe(0.5);
    expect(rankingPrior({ kind: 'class', name: 'MyClass', qualifiedName: 'template literal > MyClass' })).toBe(0.5);
  });
});
