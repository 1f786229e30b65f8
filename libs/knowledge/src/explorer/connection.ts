import { InvalidInputError } from '@lore/domain';
import type { Connection, Page } from '@lore/domain/schemas/explorer';

// Cursor pagination of the explorer's lists. A cursor is opaque to the caller: the name of its list and
// the offset after its item, base64url-encoded, so a cursor of one list is refused by another.

/** The rows to ask the graph for: after the cursor's offset, at most `first`. */
export function pageWindow(list: string, page: Page): { skip: number; limit: number } {
  return { skip: page.after === undefined ? 0 : offsetOf(list, page.after), limit: page.first };
}

/** A page of `items` (each the node and what the relation says of it) as a connection. */
export function connectionOf<Node, Extra extends object>(
  list: string,
  skip: number,
  items: readonly ({ node: Node } & Extra)[],
  totalCount: number,
): Connection<Node, Extra> {
  const edges = items.map((item, index) => ({ ...item, cursor: cursorAt(list, skip + index + 1) }));
  return {
    edges,
    nodes: items.map((item) => item.node),
    pageInfo: { hasNextPage: skip + items.length < totalCount, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount,
  };
}

export function cursorAt(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`, 'utf8').toString('base64url');
}

function offsetOf(list: string, cursor: string): number {
  const [cursorList, offset] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (cursorList !== list || offset === undefined || !/^\d{1,9}$/.test(offset)) {
    throw new InvalidInputError(`Not a cursor of ${list}: pass the endCursor of the previous page of the same list as after.`);
  }
  return Number(offset);
}
