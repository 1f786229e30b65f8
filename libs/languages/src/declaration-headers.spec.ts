import { closingParenthesis, splitTopLevel } from './declaration-headers';

describe('declaration headers taken apart', () => {
  it('splits at top-level commas only: not inside brackets, strings or type arguments, and an arrow closes nothing', () => {
    expect(splitTopLevel("a: Map<string, number>, sep = ', ', cb: (x: number) => void, [b, c]: Pair")).toEqual([
      'a: Map<string, number>',
      " sep = ', '",
      ' cb: (x: number) => void',
      ' [b, c]: Pair',
    ]);
    // Python writes no type arguments in angle brackets: a comparison in a default is not one.
    expect(splitTopLevel('x=a<b, y=2', false)).toEqual(['x=a<b', ' y=2']);
    expect(splitTopLevel(' , ')).toEqual([]);
  });

  it('finds the closing parenthesis past nested ones and strings, and none in a header cut short', () => {
    const header = 'def f(a=(1, 2), b=")", c=g(3)) -> int:';
    expect(closingParenthesis(header, header.indexOf('('))).toBe(header.indexOf(') ->'));
    expect(closingParenthesis('function f(a: string, b: (x: num', 10)).toBe(-1);
    expect(closingParenthesis('f("unclosed)', 1)).toBe(-1);
  });
});
