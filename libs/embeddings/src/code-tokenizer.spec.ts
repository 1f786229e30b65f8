import { splitIdentifier, tokenizeCode } from './code-tokenizer';

describe('splitIdentifier', () => {
  it.each([
    ['placeOrder', ['place', 'order']],
    ['PlaceOrder', ['place', 'order']],
    ['place_order', ['place', 'order']],
    ['place-order', ['place', 'order']],
    ['PLACE_ORDER', ['place', 'order']],
    ['HTTPServer', ['http', 'server']],
    ['XMLHttpRequest', ['xml', 'http', 'request']],
    ['userID', ['user', 'id']],
    ['sha256', ['sha', '256']],
    ['getHTTPResponse_v2', ['get', 'http', 'response', 'v', '2']],
    ['$scope', ['scope']],
    ['naïveCafé', ['naïve', 'café']],
  ])('%s → %j', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});

describe('tokenizeCode', () => {
  it('keeps sub-words in order, drops stop words and one-letter parts, and adds joined identifiers', () => {
    expect(tokenizeCode('export function placeOrder(cart: Cart): Order { return this.orders.create(cart); }')).toEqual({
      words: ['place', 'order', 'cart', 'cart', 'order', 'orders', 'create', 'cart'],
      identifiers: ['placeorder'],
    });
  });

  it('splits dotted paths into separate identifiers', () => {
    expect(tokenizeCode('OrderValidator.validate')).toEqual({ words: ['order', 'validator', 'validate'], identifiers: ['ordervalidator'] });
  });

  it('gives nothing for punctuation only', () => {
    expect(tokenizeCode('() => {};')).toEqual({ words: [], identifiers: [] });
  });
});
