import { countTokens } from './token-count';

describe('countTokens (o200k_base, loaded on the first count)', () => {
  it('counts as the encoding does, the first count and the later ones alike', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('{"symbol":"OrderService.place"}')).toBe(7);
    expect(countTokens('')).toBe(0);
  });
});
