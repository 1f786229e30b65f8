import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CompareRunsInput,
  CompareRunsInputSchema,
  type CompareRunsResult,
  CompareRunsResultSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** compare_runs: what changed between two analysis runs, and the verdict. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class CompareRunsController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('compare')
  @ApiOperation({
    operationId: 'compare_runs',
    summary: 'Run-to-run delta of two stored runs: regressions, improvements, unchanged, health_delta and a verdict.',
  })
  @ApiQueryFrom(CompareRunsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CompareRunsResultSchema) })
  compareRuns(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CompareRunsResult> {
    return this.review.compareRuns(inputFromQuery(CompareRunsInputSchema, query) as CompareRunsInput, principalOf(req));
  }
}
