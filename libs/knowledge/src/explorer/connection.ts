import { InvalidInputError, NotFoundError } from '@lore/domain';
import type { Connection, Page } from '@lore/domain/schemas/explorer';

// Cursor pagination of the explorer's lists. A cursor is opaque to the caller: the name of its list,
// the offset after its item and whose page it is (the accessFingerprint of the principal it was made
// for), base64url-encoded, so a cursor of one list is refused by another, and another principal's is
// not found.

/** The rows to ask the graph for: after the cursor's offset, at most `first`. */
export function pageWindow(list: string, page: Page, holder: string): { skip: number; limit: number } {
  return { skip: page.after === undefined ? 0 : offsetOf(list, page.after, holder), limit: page.first };
}

/** A page of `items` (each the node and what the relation says of it) as a connection. */
export function connectionOf<Node, Extra extends object>(
  list: string,
  skip: number,
  items: readonly ({ node: Node } & Extra)[],
  totalCount: number,
  holder: string,
): Connection<Node, Extra> {
  const edges = items.map((item, index) => ({ ...item, cursor: cursorAt(list, skip + index + 1, holder) }));
  return {
    edges,
    nodes: items.map((item) => item.node),
    pageInfo: { hasNextPage: skip + items.length < totalCount, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount,
  };
}

export function cursorAt(list: string, offset: number, holder: string): string {
  return Buffer.from(`${list}:${offset}:${holder}`, 'utf8').toString('base64url');
}

function offsetOf(list: string, cursor: string, holder: string): number {
  const [cursorList, offset, cursorHolder] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (cursorList !== list || offset === undefined || !/^\d{1,9}$/.test(offset)) {
    throw new InvalidInputError(`Not a cursor of ${list}: pass the endCursor of the previous page of the same list as after.`);
  }
  if (cursorHolder !== holder) {
    throw new NotFoundError(`No such cursor of ${list}: a cursor pages only for the caller it was given to.`, {
      hint: 'Ask for the first page without after.',
    });
  }
  return Number(offset);
}
