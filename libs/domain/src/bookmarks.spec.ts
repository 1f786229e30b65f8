import {
  decodeBookmark,
  encodeBookmark,
  outsideBookmarkScope,
  recordWrittenBookmarks,
  runWithBookmark,
  writtenBookmark,
} from './bookmarks';
import { InvalidInputError } from './errors';

describe('bookmark tokens', () => {
  it('hand back what a call wrote, every write of it, and read back for their database only', () => {
    const token = runWithBookmark(null, () => {
      expect(writtenBookmark()).toBeNull();
      recordWrittenBookmarks('neo4j', ['FB:a']);
      recordWrittenBookmarks('neo4j', ['FB:b', 'FB:a']);
      // Work that is no caller's (batched audit records) adds nothing to the call's token.
      outsideBookmarkScope(() => recordWrittenBookmarks('neo4j', ['FB:audit']));
      return writtenBookmark();
    });
    expect(token).toBe(encodeBookmark({ database: 'neo4j', bookmarks: ['FB:a', 'FB:b'] }));
    expect(decodeBookmark(token!, 'neo4j')).toEqual(['FB:a', 'FB:b']);
    expect(() => decodeBookmark(token!, 'other')).toThrow('The bookmark is from another database ("neo4j"), not this server\'s.');
  });

  it.each([
    ['no prefix', 'FB:a'],
    ['not base64url JSON', 'lore-bm1.%%%'],
    ['no bookmarks', encodeBookmark({ database: 'neo4j', bookmarks: [] })],
    ['a bookmark with a space', encodeBookmark({ database: 'neo4j', bookmarks: ['FB a'] })],
    ['too many bookmarks', encodeBookmark({ database: 'neo4j', bookmarks: Array.from({ length: 33 }, (_, i) => `FB:${i}`) })],
  ])('refuses a malformed token (%s) as invalid_input', (_case, token) => {
    expect(() => decodeBookmark(token, 'neo4j')).toThrow(InvalidInputError);
    expect(() => decodeBookmark(token, 'neo4j')).toThrow('The bookmark is malformed.');
  });
});
