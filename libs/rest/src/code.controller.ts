import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  FileSpanSchema,
  type FileSpan,
  GetSymbolResultSchema,
  type GetSymbolResult,
  SearchCodeInputSchema,
  type SearchCodeInput,
  SearchCodeResultSchema,
  type SearchCodeResult,
  SYMBOL_KINDS,
} from '@lore/domain';
import { FileSpanService, SearchService, SymbolService } from '@lore/knowledge';
import { openApiSchema } from './openapi';

/** REST over the code capabilities: query strings and bodies mapped onto the service inputs, nothing more. */
@ApiTags('code')
@Controller('api/v1')
export class CodeController {
  constructor(
    private readonly symbols: SymbolService,
    private readonly search: SearchService,
    private readonly fileSpans: FileSpanService,
  ) {}

  @Get('symbols')
  @ApiOperation({
    operationId: 'get_symbol',
    summary: 'One symbol by uid, or by name / qualified name, with members, callees and callers.',
  })
  @ApiQuery({ name: 'uid', required: false })
  @ApiQuery({ name: 'name', required: false, description: 'Name or qualified name; give uid or name.' })
  @ApiQuery({ name: 'repositoryId', required: false })
  @ApiOkResponse({ schema: openApiSchema(GetSymbolResultSchema) })
  getSymbol(
    @Req() req: RequestWithPrincipal,
    @Query('uid') uid?: string,
    @Query('name') name?: string,
    @Query('repositoryId') repositoryId?: string,
  ): Promise<GetSymbolResult> {
    return this.symbols.getSymbol({ uid, name, repositoryId }, principalOf(req));
  }

  @Get('search')
  @ApiOperation({ operationId: 'search_code', summary: 'Full-text search over symbols, ranked and limited.' })
  @ApiQuery({ name: 'query', required: true })
  @ApiQuery({ name: 'repositoryId', required: false })
  @ApiQuery({ name: 'commitSha', required: false })
  @ApiQuery({ name: 'kinds', required: false, description: `Comma-separated: ${SYMBOL_KINDS.join(', ')}` })
  @ApiQuery({ name: 'pathPrefix', required: false, description: 'Only files under this path.' })
  @ApiQuery({ name: 'language', required: false, enum: ['typescript', 'javascript', 'python', 'java', 'go'] })
  @ApiQuery({ name: 'mode', required: false, enum: ['hybrid', 'fulltext', 'semantic'] })
  @ApiQuery({ name: 'maxResults', required: false, schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } })
  @ApiOkResponse({ schema: openApiSchema(SearchCodeResultSchema) })
  searchByQuery(
    @Req() req: RequestWithPrincipal,
    @Query('query') query: string,
    @Query('repositoryId') repositoryId?: string,
    @Query('commitSha') commitSha?: string,
    @Query('kinds') kinds?: string,
    @Query('maxResults') maxResults?: string,
    @Query('pathPrefix') pathPrefix?: string,
    @Query('language') language?: string,
    @Query('mode') mode?: string,
  ): Promise<SearchCodeResult> {
    const input: SearchCodeInput = {
      query,
      scope: repositoryId || commitSha ? { repositoryId, commitSha } : undefined,
      kinds: kinds ? (kinds.split(',') as SearchCodeInput['kinds']) : undefined,
      pathPrefix,
      language: language as SearchCodeInput['language'],
      mode: mode as SearchCodeInput['mode'],
      maxResults: maxResults === undefined ? undefined : Number(maxResults),
    };
    return this.search.searchCode(input, principalOf(req));
  }

  @Post('search')
  @ApiOperation({ operationId: 'search_code_post', summary: 'search_code with a JSON body (the MCP tool input).' })
  @ApiBody({ schema: openApiSchema(SearchCodeInputSchema) })
  @ApiOkResponse({ schema: openApiSchema(SearchCodeResultSchema) })
  searchByBody(@Req() req: RequestWithPrincipal, @Body() body: SearchCodeInput): Promise<SearchCodeResult> {
    return this.search.searchCode(body, principalOf(req));
  }

  @Get('spans')
  @ApiOperation({ operationId: 'get_file_span', summary: 'The text of a code:// span at the indexed commit (capped).' })
  @ApiQuery({ name: 'uri', required: true, description: 'code://{repo}/{commit}/{path}#L{start}-L{end}' })
  @ApiOkResponse({ schema: openApiSchema(FileSpanSchema) })
  getFileSpan(@Req() req: RequestWithPrincipal, @Query('uri') uri: string): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(uri ?? '', principalOf(req));
  }
}
