import { reciprocalRankFusion } from './fusion';

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
