import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type CheckDeadCodeInput, CheckDeadCodeInputSchema, type CheckResult, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** check_dead_code: a run's dead-code findings only, under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class CheckDeadCodeController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('dead-code')
  @ApiOperation({ operationId: 'check_dead_code', summary: 'Dead-code findings of a run only.' })
  @ApiQueryFrom(CheckDeadCodeInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkDeadCode(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkDeadCode(inputFromQuery(CheckDeadCodeInputSchema, query) as CheckDeadCodeInput, principalOf(req));
  }
}
