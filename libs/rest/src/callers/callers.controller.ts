import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetCallersInput, GetCallersInputSchema, type GetCallersResult, GetCallersResultSchema } from '@lore/domain/schemas/callers';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('graph')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/callers')
export class CallersController {
  constructor(private readonly service: CallersService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_callers',
    summary: 'Who calls a symbol: direct callers, or with depth the callers of callers, nearest first, with confidence.',
  })
  @ApiQueryFrom(GetCallersInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetCallersResultSchema) })
  getCallers(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetCallersResult> {
    return this.service.getCallers(inputFromQuery(GetCallersInputSchema, query) as GetCallersInput, principalOf(req));
  }
}
