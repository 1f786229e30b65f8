import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type SearchCodeInput, SearchCodeInputSchema, SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { SearchService } from '@lore/knowledge/search/search.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class SearchCodeTool implements LoreMcpTool<typeof SearchCodeInputSchema, typeof SearchCodeResultSchema> {
  readonly name = 'search_code';
  readonly title = 'Search code';
  readonly description =
    'Search indexed symbols by name, words of the name, qualified name, doc comment or meaning (hybrid full-text and semantic ranking), within the repositories you may read. Returns ranked symbols with code:// resource URIs.';
  readonly version = FIRST_VERSION;
  readonly input = SearchCodeInputSchema;
  readonly output = SearchCodeResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['results'] as const;

  constructor(private readonly search: SearchService) {}

  call(args: SearchCodeInput, principal: Principal): Promise<z.output<typeof SearchCodeResultSchema>> {
    return this.search.searchCode(args, principal);
  }

  next(answer: z.output<typeof SearchCodeResultSchema>): NextCall[] {
    const top = answer.results[0];
    if (!top) return [];
    return [
      { tool: 'get_symbol', arguments: { uid: top.uid }, why: `Signature, doc, members, callers and callees of ${top.qualifiedName}.` },
      { tool: 'get_file_span', arguments: { uri: top.resourceUri }, why: `The source of ${top.qualifiedName}.` },
    ];
  }
}
