import { referencesIn } from './knowledge-references';

describe('referencesIn', () => {
  it('reads inline code as names and paths, a call without its arguments, :: and # as dots', () => {
    expect(
      referencesIn(
        'See `applyDiscount()` in `./src/pricing/discounts.ts`, `OrderService.placeOrder(order)`, `Cart::total` and `Cart#add`.',
      ),
    ).toEqual({
      names: ['Cart.add', 'Cart.total', 'OrderService.placeOrder', 'applyDiscount'],
      paths: ['src/pricing/discounts.ts'],
      backticked: ['Cart.add', 'Cart.total', 'OrderService.placeOrder', 'applyDiscount', 'src/pricing/discounts.ts'],
    });
  });

  it('takes paths and capitalised qualified names from prose, but not as backticked references', () => {
    expect(referencesIn('OrderService.placeOrder reads src/domain/order.ts first, e.g. for totals.')).toEqual({
      names: ['OrderService.placeOrder'],
      paths: ['src/domain/order.ts'],
      backticked: [],
    });
  });

  it('leaves out fenced code and inline code that names no code', () => {
    expect(referencesIn('Run `npm test` first.\n\n```ts\napplyDiscount(1, `WELCOME10`);\n```\n\nThen `README.md`.')).toEqual({
      names: [],
      paths: ['README.md'],
      backticked: ['README.md'],
    });
  });
});
