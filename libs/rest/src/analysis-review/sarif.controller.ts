import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { GetRunSummaryInputSchema } from '@lore/domain/schemas/code-health';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** export_sarif: a run's findings as SARIF 2.1.0, for code-scanning annotations. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class SarifController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('sarif')
  @ApiOperation({
    operationId: 'export_sarif',
    summary: 'A stored run as SARIF 2.1.0 (code-scanning upload), new or unchanged against the stored baseline.',
  })
  @ApiQueryFrom(GetRunSummaryInputSchema)
  @ApiOkResponse({ description: 'A SARIF 2.1.0 log.' })
  exportSarif(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<unknown> {
    return this.review.exportSarif(inputFromQuery(GetRunSummaryInputSchema, query), principalOf(req));
  }
}
