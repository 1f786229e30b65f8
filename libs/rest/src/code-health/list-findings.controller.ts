import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FindingList, FindingListSchema, type ListFindingsInput, ListFindingsInputSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** list_findings: the findings of a stored run, under /api/v1/analysis/findings. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/findings')
export class ListFindingsController {
  constructor(private readonly health: CodeHealthService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_findings',
    summary: 'The findings of a stored run (latest by default), filtered and paged; detail_level sets the shape.',
  })
  @ApiQueryFrom(ListFindingsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(FindingListSchema) })
  listFindings(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<FindingList> {
    return this.health.listFindings(inputFromQuery(ListFindingsInputSchema, query) as ListFindingsInput, principalOf(req));
  }
}
