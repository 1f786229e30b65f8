import type { ApolloDriverConfig } from '@nestjs/apollo';
import { writtenBookmark } from '@lore/domain';

/**
 * The bookmark of what a GraphQL operation wrote, in the answer's `extensions.bookmark` (and, as for
 * every HTTP door, the `Lore-Bookmark` header): sent back in that header, it makes a later request's
 * reads, through any server, see those writes.
 */
export function bookmarkExtension(): NonNullable<ApolloDriverConfig['plugins']>[number] {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const bookmark = writtenBookmark();
          if (bookmark === null || response.body.kind !== 'single') return;
          response.body.singleResult.extensions = { ...response.body.singleResult.extensions, bookmark };
        },
      };
    },
  };
}
