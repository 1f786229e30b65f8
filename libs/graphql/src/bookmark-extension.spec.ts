import { encodeBookmark, recordWrittenBookmarks, runWithBookmark } from '@lore/domain';
import { bookmarkExtension } from './bookmark-extension';

type Listener = { willSendResponse(context: unknown): Promise<void> };

/** The answer Apollo is about to send, through the plugin, in a call that wrote `written` (or nothing). */
async function sent(written: string[] | null): Promise<Record<string, unknown> | undefined> {
  const singleResult: { data: unknown; extensions?: Record<string, unknown> } = { data: { ok: true } };
  await runWithBookmark(null, async () => {
    if (written) recordWrittenBookmarks('neo4j', written);
    const listener = (await (bookmarkExtension() as { requestDidStart(context: unknown): Promise<Listener> }).requestDidStart({}))!;
    await listener.willSendResponse({ response: { body: { kind: 'single', singleResult } } });
  });
  return singleResult.extensions;
}

describe('GraphQL extensions.bookmark', () => {
  it('carries the bookmark of what the operation wrote, and is absent when it wrote nothing', async () => {
    expect(await sent(['FB:w'])).toEqual({ bookmark: encodeBookmark({ database: 'neo4j', bookmarks: ['FB:w'] }) });
    expect(await sent(null)).toBeUndefined();
  });
});
