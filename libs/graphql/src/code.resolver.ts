import { Args, Context, Query, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import type { FileSpan, GetSymbolResult, SearchCodeInput, SearchCodeResult } from '@lore/domain';
import { FileSpanService, SearchService, SymbolService } from '@lore/knowledge';
import { FileSpanType, GetSymbolInputType, GetSymbolResultType, SearchCodeInputType, SearchCodeResultType } from './types';

/** GraphQL over the code capabilities: each field is one service call. */
@Resolver()
export class CodeResolver {
  constructor(
    private readonly symbols: SymbolService,
    private readonly search: SearchService,
    private readonly fileSpans: FileSpanService,
  ) {}

  @Query(() => GetSymbolResultType, { name: 'symbol', description: 'get_symbol: one symbol by uid or (qualified) name.' })
  symbol(@Args('input') input: GetSymbolInputType, @Context('req') req: RequestWithPrincipal): Promise<GetSymbolResult> {
    return this.symbols.getSymbol(withoutNulls(input), principalOf(req));
  }

  @Query(() => SearchCodeResultType, { name: 'searchCode', description: 'search_code: full-text search over symbols.' })
  searchCode(@Args('input') input: SearchCodeInputType, @Context('req') req: RequestWithPrincipal): Promise<SearchCodeResult> {
    return this.search.searchCode(withoutNulls(input) as SearchCodeInput, principalOf(req));
  }

  @Query(() => FileSpanType, { name: 'fileSpan', description: 'get_file_span: the text of a code:// span.' })
  fileSpan(@Args('uri') uri: string, @Context('req') req: RequestWithPrincipal): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(uri, principalOf(req));
  }
}

/** GraphQL sends null for an omitted optional field; the services' schemas mean "absent". */
function withoutNulls<T extends object>(input: T): T {
  return JSON.parse(JSON.stringify(input, (_key, value: unknown) => (value === null ? undefined : value))) as T;
}
