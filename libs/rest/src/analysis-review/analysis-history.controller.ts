import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalysisRuns,
  AnalysisRunsSchema,
  type ListAnalysisRunsInput,
  ListAnalysisRunsInputSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** The stored analysis runs of a repository, oldest first (the history the analysis page draws). */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class AnalysisHistoryController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('history')
  @ApiOperation({ operationId: 'list_analysis_runs', summary: 'The stored runs, oldest first, each with its health and dimensions.' })
  @ApiQueryFrom(ListAnalysisRunsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(AnalysisRunsSchema) })
  listAnalysisRuns(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<AnalysisRuns> {
    return this.review.listAnalysisRuns(inputFromQuery(ListAnalysisRunsInputSchema, query) as ListAnalysisRunsInput, principalOf(req));
  }
}
