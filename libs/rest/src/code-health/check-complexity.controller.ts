import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CheckComplexityInput,
  CheckComplexityInputSchema,
  type CheckResult,
  CheckResultSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** check_complexity: a run's complexity findings only, under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class CheckComplexityController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('complexity')
  @ApiOperation({ operationId: 'check_complexity', summary: 'Complexity findings of a run only.' })
  @ApiQueryFrom(CheckComplexityInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkComplexity(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkComplexity(inputFromQuery(CheckComplexityInputSchema, query) as CheckComplexityInput, principalOf(req));
  }
}
