import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type FindingAnswer,
  FindingAnswerSchema,
  type FindingList,
  FindingListSchema,
  type GetFindingInput,
  GetFindingInputSchema,
  type GetRemediationInput,
  GetRemediationInputSchema,
  type ListFindingsInput,
  ListFindingsInputSchema,
  type RemediationAnswer,
  RemediationAnswerSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** The findings of a stored run: list_findings, get_finding and get_remediation under /api/v1/analysis/findings. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/findings')
export class AnalysisFindingsController {
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

  @Get(':findingId')
  @ApiOperation({ operationId: 'get_finding', summary: 'One finding by compact or canonical id (detail_level normal by default).' })
  @ApiQueryFrom(GetFindingInputSchema.omit({ finding_id: true }))
  @ApiOkResponse({ schema: openApiSchema(FindingAnswerSchema) })
  getFinding(
    @Req() req: RequestWithPrincipal,
    @Param('findingId') findingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<FindingAnswer> {
    return this.health.getFinding(
      { ...(inputFromQuery(GetFindingInputSchema, query) as Omit<GetFindingInput, 'finding_id'>), finding_id: findingId },
      principalOf(req),
    );
  }

  @Get(':findingId/remediation')
  @ApiOperation({ operationId: 'get_remediation', summary: 'How to fix one finding (detail_level normal by default).' })
  @ApiQueryFrom(GetRemediationInputSchema.omit({ finding_id: true }))
  @ApiOkResponse({ schema: openApiSchema(RemediationAnswerSchema) })
  getRemediation(
    @Req() req: RequestWithPrincipal,
    @Param('findingId') findingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<RemediationAnswer> {
    return this.health.getRemediation(
      { ...(inputFromQuery(GetRemediationInputSchema, query) as Omit<GetRemediationInput, 'finding_id'>), finding_id: findingId },
      principalOf(req),
    );
  }
}
