import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type CheckCouplingInput, CheckCouplingInputSchema, type CheckResult, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** check_coupling: a run's coupling findings only, under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class CheckCouplingController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('coupling')
  @ApiOperation({ operationId: 'check_coupling', summary: 'Coupling findings of a run only.' })
  @ApiQueryFrom(CheckCouplingInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCoupling(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCoupling(inputFromQuery(CheckCouplingInputSchema, query) as CheckCouplingInput, principalOf(req));
  }
}
