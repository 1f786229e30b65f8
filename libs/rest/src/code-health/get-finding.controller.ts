import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FindingAnswer, FindingAnswerSchema, type GetFindingInput, GetFindingInputSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_finding: one finding of a stored run, under /api/v1/analysis/findings/:findingId. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/findings')
export class GetFindingController {
  constructor(private readonly health: CodeHealthService) {}

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
}
