import { identifierWords, nameTokens } from './identifiers';

describe('identifierWords', () => {
  it.each([
    ['placeOrder', ['place', 'order']],
    ['OrderService', ['order', 'service']],
    ['HTTPServer2', ['http', 'server', '2']],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['SCREAMING_CASE', ['screaming', 'case']],
    ['$private', ['private']],
  ])('%s', (identifier, words) => {
    expect(identifierWords(identifier)).toEqual(words);
  });

  it('joins name and qualified name words once', () => {
    expect(nameTokens('placeOrder', 'OrderService.placeOrder')).toBe('place order service');
  });
});
