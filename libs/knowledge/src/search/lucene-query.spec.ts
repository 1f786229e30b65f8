import { toLuceneQuery } from './lucene-query';

describe('toLuceneQuery', () => {
  it('boosts the whole identifier and searches its words as terms and prefixes', () => {
    expect(toLuceneQuery('OrderService')).toBe('orderservice^4 OR order^2 OR order* OR service^2 OR service*');
  });

  it('keeps plain words once, and tries a few words as the identifier they spell', () => {
    expect(toLuceneQuery('validate order order')).toBe('validateorderorder^4 OR validate^2 OR validate* OR order^2 OR order*');
    expect(toLuceneQuery('order validator')).toBe('ordervalidator^4 OR order^2 OR order* OR validator^2 OR validator*');
  });

  it('lets no Lucene syntax through', () => {
    expect(toLuceneQuery('name:"x" AND (y~ OR z*)')).toBe(
      'name^2 OR name* OR x^2 OR x* OR and^2 OR and* OR y^2 OR y* OR or^2 OR or* OR z^2 OR z*',
    );
  });

  it('returns null when nothing is searchable', () => {
    expect(toLuceneQuery('?? -- !!')).toBeNull();
  });
});
