import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type SearchCodeInput, SearchCodeInputSchema, type SearchCodeResult, SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { SearchService } from '@lore/knowledge/search/search.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class SearchResolver {
  constructor(private readonly search: SearchService) {}

  @LoreQuery({
    name: 'searchCode',
    description: 'search_code: hybrid search over symbols (full-text, semantic and exact-name rankings fused).',
    args: { input: SearchCodeInputSchema },
    result: SearchCodeResultSchema,
  })
  searchCode(@Args('input') input: SearchCodeInput, @Context('req') req: RequestWithPrincipal): Promise<SearchCodeResult> {
    return this.search.searchCode(withoutNulls(input), principalOf(req));
  }
}
