import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type SearchCodeInput, SearchCodeInputSchema, SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { SearchService } from '@lore/knowledge/search/search.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class SearchCodeTool implements LoreMcpTool<typeof SearchCodeInputSchema> {
  readonly name = 'search_code';
  readonly title = 'Search code';
  readonly description =
    'Search indexed symbols by name, words of the name, qualified name, doc comment or meaning (hybrid full-text and semantic ranking), within the repositories you may read. Returns ranked symbols with code:// resource URIs.';
  readonly input = SearchCodeInputSchema;
  readonly output = SearchCodeResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly search: SearchService) {}

  call(args: SearchCodeInput, principal: Principal): Promise<object> {
    return this.search.searchCode(args, principal);
  }
}
