import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GeneratePrSummaryInput,
  GeneratePrSummaryInputSchema,
  type GetReportSectionInput,
  GetReportSectionInputSchema,
  type PrSummary,
  PrSummarySchema,
  type ReportSection,
  ReportSectionSchema,
} from '@lore/domain/schemas/analysis-review';
import { GetRunSummaryInputSchema } from '@lore/domain/schemas/code-health';
import { AnalysisReviewService } from '@lore/knowledge/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** A run read for review: get_report_section, generate_pr_summary, and SARIF for code scanning. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class AnalysisReportController {
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

  @Get('pr-summary')
  @ApiOperation({
    operationId: 'generate_pr_summary',
    summary: 'A pull-request summary: new and resolved findings in the changed files, health, gate verdict, impact (markdown or json).',
  })
  @ApiQueryFrom(GeneratePrSummaryInputSchema)
  @ApiOkResponse({ schema: openApiSchema(PrSummarySchema) })
  generatePrSummary(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<PrSummary> {
    return this.review.generatePrSummary(inputFromQuery(GeneratePrSummaryInputSchema, query) as GeneratePrSummaryInput, principalOf(req));
  }

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
