import { AsyncLocalStorage } from 'node:async_hooks';
import { InvalidInputError } from './errors';

/**
 * Reading one's own writes through any server. Every write Lore commits leaves the graph database's
 * bookmarks (a causal point in its transaction log); a door hands them back to its caller as one
 * opaque token (HTTP header `Lore-Bookmark`, GraphQL `extensions.bookmark`, MCP `_meta["lore/bookmark"]`,
 * the CLI's `--json` field `bookmark`), and a caller who sends that token back has every read of its call
 * wait until the database it reaches has applied those writes. The token names its database: one from
 * another database means nothing there and is refused.
 */
export interface Bookmarks {
  database: string;
  bookmarks: string[];
}

/** What a call brought (a token, checked when the graph is first reached) and the bookmarks its writes left. */
export interface BookmarkScope {
  given: string | null;
  written: Bookmarks | null;
}

const TOKEN_PREFIX = 'lore-bm1.';
/** A Neo4j bookmark is printable and short (e.g. `FB:kcwQ…`); anything else cannot be one. */
const NEO4J_BOOKMARK = /^[\x21-\x7e]{1,512}$/;
const MAX_BOOKMARKS = 32;

const storage = new AsyncLocalStorage<BookmarkScope>();

/** Runs a call with the token its caller sent (or none): the graph reads after it, and records what it writes. */
export function runWithBookmark<T>(given: string | null | undefined, work: () => T): T {
  return storage.run({ given: given && given.length > 0 ? given : null, written: null }, work);
}

/** The scope of the call being served, if a door opened one. */
export function currentBookmarkScope(): BookmarkScope | undefined {
  return storage.getStore();
}

/** Runs work that belongs to no caller (batched audit records written after the answer): its writes go to no call's token. */
export function outsideBookmarkScope<T>(work: () => T): T {
  return storage.exit(work);
}

/** The token a door hands back for what the call wrote, or null when it wrote nothing. */
export function writtenBookmark(): string | null {
  const written = storage.getStore()?.written;
  return written && written.bookmarks.length > 0 ? encodeBookmark(written) : null;
}

export function encodeBookmark(value: Bookmarks): string {
  return TOKEN_PREFIX + Buffer.from(JSON.stringify({ db: value.database, b: value.bookmarks })).toString('base64url');
}

/** A token sent back by a caller, read for `database`: malformed or from another database → invalid_input. */
export function decodeBookmark(token: string, database: string): string[] {
  const hint = 'Send back the bookmark exactly as Lore returned it (Lore-Bookmark, extensions.bookmark, _meta["lore/bookmark"]), or none.';
  const malformed = (): InvalidInputError => new InvalidInputError('The bookmark is malformed.', { hint, details: { field: 'bookmark' } });
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 20_000) throw malformed();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  const { db, b } = (decoded ?? {}) as { db?: unknown; b?: unknown };
  if (
    typeof db !== 'string' ||
    !Array.isArray(b) ||
    b.length === 0 ||
    b.length > MAX_BOOKMARKS ||
    !b.every((item) => typeof item === 'string' && NEO4J_BOOKMARK.test(item))
  )
    throw malformed();
  if (db !== database)
    throw new InvalidInputError(`The bookmark is from another database ("${db}"), not this server's.`, {
      hint: 'A bookmark only means something to the database that gave it: send one this server returned, or none.',
      details: { field: 'bookmark', database: db },
    });
  return b as string[];
}

/**
 * Adds the bookmarks a committed write left to the call's token. Writes of one call that ran side by
 * side need not follow each other, so all are kept (the last ones, within what a token may hold).
 */
export function recordWrittenBookmarks(database: string, bookmarks: string[]): void {
  const scope = storage.getStore();
  if (!scope || bookmarks.length === 0) return;
  const all = new Set([...(scope.written?.bookmarks ?? []), ...bookmarks]);
  scope.written = { database, bookmarks: [...all].slice(-MAX_BOOKMARKS) };
}
