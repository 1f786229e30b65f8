import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetCalleesInput, GetCalleesInputSchema, type GetCalleesResult, GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('graph')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/callees')
export class CalleesController {
  constructor(private readonly service: CalleesService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_callees',
    summary: 'What a symbol calls: direct callees, or with depth what they call, nearest first, with confidence.',
  })
  @ApiQueryFrom(GetCalleesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetCalleesResultSchema) })
  getCallees(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetCalleesResult> {
    return this.service.getCallees(inputFromQuery(GetCalleesInputSchema, query) as GetCalleesInput, principalOf(req));
  }
}
