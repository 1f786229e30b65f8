import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type CheckCohesionInput, CheckCohesionInputSchema, type CheckResult, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** check_cohesion: a run's cohesion findings only, under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class CheckCohesionController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('cohesion')
  @ApiOperation({ operationId: 'check_cohesion', summary: 'Cohesion findings of a run only.' })
  @ApiQueryFrom(CheckCohesionInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCohesion(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCohesion(inputFromQuery(CheckCohesionInputSchema, query) as CheckCohesionInput, principalOf(req));
  }
}
