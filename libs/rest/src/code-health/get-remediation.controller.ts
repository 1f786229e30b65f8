import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetRemediationInput,
  GetRemediationInputSchema,
  type RemediationAnswer,
  RemediationAnswerSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_remediation: how to fix one finding, under /api/v1/analysis/findings/:findingId/remediation. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/findings')
export class GetRemediationController {
  constructor(private readonly health: CodeHealthService) {}

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
