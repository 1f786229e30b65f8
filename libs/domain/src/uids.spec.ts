import { InvalidInputError } from './errors';
import { fileUid, isElementUid, parseUid, repositoryOfSlot, repositoryUid, storageSlots, symbolUid } from './uids';

describe('uids', () => {
  it('forms repository, file and symbol uids', () => {
    expect(repositoryUid('acme', 'shop')).toBe('acme:shop');
    expect(fileUid('acme', 'shop', 'src/orders/order.service.ts')).toBe('acme:shop:src/orders/order.service.ts');
    expect(symbolUid('acme', 'shop', 'src/orders/order.service.ts', 'OrderService.placeOrder')).toBe(
      'acme:shop:src/orders/order.service.ts#OrderService.placeOrder',
    );
  });

  it.each([
    ['acme:shop', { tenantId: 'acme', repositoryId: 'shop' }],
    ['acme:shop:src/a.ts', { tenantId: 'acme', repositoryId: 'shop', path: 'src/a.ts' }],
    ['acme:shop:src/a.ts#placeOrder', { tenantId: 'acme', repositoryId: 'shop', path: 'src/a.ts', qualifiedName: 'placeOrder' }],
    ['acme:shop:src/a.ts#Order.place~2', { tenantId: 'acme', repositoryId: 'shop', path: 'src/a.ts', qualifiedName: 'Order.place~2' }],
    ['acme:shop:docs/README.md#L12', { tenantId: 'acme', repositoryId: 'shop', path: 'docs/README.md', qualifiedName: 'L12' }],
    ['acme:my.repo-1:lib/x.py#f', { tenantId: 'acme', repositoryId: 'my.repo-1', path: 'lib/x.py', qualifiedName: 'f' }],
    // A path may hold ':'.
    ['acme:shop:C:/odd:name.ts#f', { tenantId: 'acme', repositoryId: 'shop', path: 'C:/odd:name.ts', qualifiedName: 'f' }],
    // A qualified name may hold '#', ':' and anything a test title holds.
    ['acme:shop:src/c.ts#Counter.#count', { tenantId: 'acme', repositoryId: 'shop', path: 'src/c.ts', qualifiedName: 'Counter.#count' }],
    [
      "acme:shop:a.spec.ts#describe('x') > it('#12: GET /a')",
      { tenantId: 'acme', repositoryId: 'shop', path: 'a.spec.ts', qualifiedName: "describe('x') > it('#12: GET /a')" },
    ],
    // A path holding '#' is read up to it: the uid does not say where such a path ends.
    ['acme:shop:docs/c#/intro.md', { tenantId: 'acme', repositoryId: 'shop', path: 'docs/c', qualifiedName: '/intro.md' }],
  ])('parses %s', (uid, parts) => {
    expect(parseUid(uid)).toEqual(parts);
  });

  it('reads back what it forms', () => {
    const uid = symbolUid('acme', 'shop', 'src/a:b.ts', 'A.#b');
    expect(parseUid(uid)).toEqual({ tenantId: 'acme', repositoryId: 'shop', path: 'src/a:b.ts', qualifiedName: 'A.#b' });
    expect(parseUid(fileUid('acme', 'shop', 'src/a:b.ts'))).toEqual({ tenantId: 'acme', repositoryId: 'shop', path: 'src/a:b.ts' });
    expect(parseUid(repositoryUid('acme', 'shop'))).toEqual({ tenantId: 'acme', repositoryId: 'shop' });
  });

  it.each(['', 'acme', 'acme:', ':shop', ':'])('refuses %p', (uid) => {
    expect(() => parseUid(uid)).toThrow(InvalidInputError);
  });
});

describe('storage slots', () => {
  it("names a repository's two slots, the first its own id, and each slot's repository", () => {
    expect(storageSlots('shop')).toEqual(['shop', 'shop~2']);
    expect(storageSlots('shop').map(repositoryOfSlot)).toEqual(['shop', 'shop']);
    // A qualified name's ~n is not a slot: only the repository part of a uid is ever a slot id.
    expect(repositoryOfSlot('shop.v2')).toBe('shop.v2');
  });
});

describe('isElementUid: a uid pasted where a name or path goes', () => {
  it.each([
    ['default:lore:libs/domain/src/uids.ts#parseUid', true],
    ['acme:shop:src/orders.ts', true],
    ['acme:order-service.v2:README.md#L3', true],
    ['OrderService.placeOrder', false],
    ['src/orders.ts', false],
    ['acme:shop', false],
    ['Acme:shop:src/a.ts', false],
    ['std::vector', false],
  ])('%s: %s', (text, expected) => {
    expect(isElementUid(text)).toBe(expected);
  });
});
