import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type RunSummary, RunSummarySchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_run_summary: a stored run's summary, the latest or by id, under /api/v1/analysis/runs. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class RunSummaryController {
  constructor(private readonly health: CodeHealthService) {}

  // Declared before runs/:runId: Nest matches routes in declaration order.
  @Get('runs/latest')
  @ApiOperation({ operationId: 'get_run_summary_latest', summary: 'The summary of the latest stored run.' })
  @ApiOkResponse({ schema: openApiSchema(RunSummarySchema) })
  latestRun(@Req() req: RequestWithPrincipal): Promise<RunSummary> {
    return this.health.getRunSummary({}, principalOf(req));
  }

  @Get('runs/:runId')
  @ApiOperation({ operationId: 'get_run_summary', summary: 'The summary of a stored run, by short or full id.' })
  @ApiOkResponse({ schema: openApiSchema(RunSummarySchema) })
  getRun(@Req() req: RequestWithPrincipal, @Param('runId') runId: string): Promise<RunSummary> {
    return this.health.getRunSummary({ run_id: runId }, principalOf(req));
  }
}
