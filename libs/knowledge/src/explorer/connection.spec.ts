import { InvalidInputError, NotFoundError } from '@lore/domain';
import { connectionOf, cursorAt, pageWindow } from './connection';

const ANA = 'fingerprint-of-ana';

describe('explorer connections', () => {
  const items = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ node: `n${from + index}` }));

  it('starts at the top without a cursor, and after the cursor of the last item of the previous page', () => {
    expect(pageWindow('Symbol.callers', { first: 2 }, ANA)).toEqual({ skip: 0, limit: 2 });
    const first = connectionOf('Symbol.callers', 0, items(0, 2), 5, ANA);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: cursorAt('Symbol.callers', 2, ANA) });
    expect(pageWindow('Symbol.callers', { first: 2, after: first.pageInfo.endCursor! }, ANA)).toEqual({ skip: 2, limit: 2 });
  });

  it('gives each edge its own cursor, the nodes alone, and no next page after the last item', () => {
    const last = connectionOf('Symbol.callers', 4, [{ node: 'n4', line: 7 }], 5, ANA);
    expect(last).toEqual({
      edges: [{ node: 'n4', line: 7, cursor: cursorAt('Symbol.callers', 5, ANA) }],
      nodes: ['n4'],
      pageInfo: { hasNextPage: false, endCursor: cursorAt('Symbol.callers', 5, ANA) },
      totalCount: 5,
    });
    expect(connectionOf('Symbol.callers', 0, [], 0, ANA).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('refuses a cursor of another list and one that is not a cursor, as invalid input', () => {
    const foreign = cursorAt('Symbol.callees', 2, ANA);
    expect(() => pageWindow('Symbol.callers', { first: 2, after: foreign }, ANA)).toThrow(InvalidInputError);
    expect(() => pageWindow('Symbol.callers', { first: 2, after: 'bm90IGEgY3Vyc29y' }, ANA)).toThrow(
      'Not a cursor of Symbol.callers: pass the endCursor of the previous page of the same list as after.',
    );
    expect(() => pageWindow('Symbol.callers', { first: 2, after: cursorAt('Symbol.callers', -1, ANA) }, ANA)).toThrow(InvalidInputError);
  });

  it("answers another principal's cursor as not found", () => {
    expect(() => pageWindow('Symbol.callers', { first: 2, after: cursorAt('Symbol.callers', 2, 'fingerprint-of-bo') }, ANA)).toThrow(
      NotFoundError,
    );
  });
});
