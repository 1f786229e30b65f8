import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetReportSectionInput,
  GetReportSectionInputSchema,
  type ReportSection,
  ReportSectionSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_report_section: one section of a run's canonical report. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class ReportSectionController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('report')
  @ApiOperation({
    operationId: 'get_report_section',
    summary:
      'A section of a stored run’s canonical report (all, metrics, metrics_detail paged by family/path, changed for diff-aware runs, …).',
  })
  @ApiQueryFrom(GetReportSectionInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ReportSectionSchema) })
  getReportSection(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ReportSection> {
    return this.review.getReportSection(inputFromQuery(GetReportSectionInputSchema, query) as GetReportSectionInput, principalOf(req));
  }
}
