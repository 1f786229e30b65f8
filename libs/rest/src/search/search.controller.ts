import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type SearchCodeInput, SearchCodeInputSchema, type SearchCodeResult, SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { SearchService } from '@lore/knowledge/search/search.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('code')
@ApiLoreErrors('invalid_input', 'not_found', 'snapshot_not_indexed', 'unavailable')
@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    operationId: 'search_code',
    summary: 'Hybrid search over symbols (full-text, semantic and exact-name rankings fused), ranked and limited.',
  })
  @ApiQueryFrom(SearchCodeInputSchema)
  @ApiOkResponse({ schema: openApiSchema(SearchCodeResultSchema) })
  searchByQuery(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<SearchCodeResult> {
    return this.search.searchCode(inputFromQuery(SearchCodeInputSchema, query) as SearchCodeInput, principalOf(req));
  }

  @Post()
  @ApiOperation({ operationId: 'search_code_post', summary: 'search_code with a JSON body (the MCP tool input).' })
  @ApiBodyFrom(SearchCodeInputSchema)
  @ApiOkResponse({ schema: openApiSchema(SearchCodeResultSchema) })
  searchByBody(@Req() req: RequestWithPrincipal, @Body() body: SearchCodeInput): Promise<SearchCodeResult> {
    return this.search.searchCode(body, principalOf(req));
  }
}
