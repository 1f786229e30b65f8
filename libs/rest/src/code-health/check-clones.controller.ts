import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type CheckClonesInput, CheckClonesInputSchema, type CheckResult, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** check_clones: a run's clone findings only, under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class CheckClonesController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('clones')
  @ApiOperation({ operationId: 'check_clones', summary: 'Clone findings of a run only.' })
  @ApiQueryFrom(CheckClonesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkClones(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkClones(inputFromQuery(CheckClonesInputSchema, query) as CheckClonesInput, principalOf(req));
  }
}
