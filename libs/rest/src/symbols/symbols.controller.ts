import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetSymbolInput, GetSymbolInputSchema, type GetSymbolResult, GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('code')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/symbols')
export class SymbolsController {
  constructor(private readonly symbols: SymbolService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_symbol',
    summary: 'One symbol by uid, or by name / qualified name, with members, callees and callers.',
  })
  @ApiQueryFrom(GetSymbolInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetSymbolResultSchema) })
  getSymbol(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetSymbolResult> {
    return this.symbols.getSymbol(inputFromQuery(GetSymbolInputSchema, query) as GetSymbolInput, principalOf(req));
  }
}
