import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalysisRuns,
  AnalysisRunsSchema,
  type BaselineDocument,
  BaselineDocumentSchema,
  type CompareRunsInput,
  CompareRunsInputSchema,
  type CompareRunsResult,
  CompareRunsResultSchema,
  type EvaluateGatesInput,
  EvaluateGatesInputSchema,
  type GateEvaluation,
  GateEvaluationSchema,
  type GeneratePrSummaryInput,
  GeneratePrSummaryInputSchema,
  type GetReportSectionInput,
  GetReportSectionInputSchema,
  type ListAnalysisRunsInput,
  ListAnalysisRunsInputSchema,
  type ListReviewedFindingsInput,
  ListReviewedFindingsInputSchema,
  type MarkFindingReviewedInput,
  MarkFindingReviewedInputSchema,
  type PrSummary,
  PrSummarySchema,
  type ReportSection,
  ReportSectionSchema,
  type ReviewedFinding,
  ReviewedFindingSchema,
  type ReviewedFindings,
  ReviewedFindingsSchema,
  type ClearedSession,
  ClearedSessionSchema,
  UpdateBaselineInputSchema,
} from '@lore/domain/schemas/analysis-review';
import { GetRunSummaryInputSchema } from '@lore/domain/schemas/code-health';
import { AnalysisReviewService } from '@lore/knowledge/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** Analysis in review and CI (compare_runs, evaluate_gates, baselines, report sections, PR summaries, SARIF) under /api/v1/analysis. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class AnalysisReviewController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('history')
  @ApiOperation({ operationId: 'list_analysis_runs', summary: 'The stored runs, oldest first, each with its health and dimensions.' })
  @ApiQueryFrom(ListAnalysisRunsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(AnalysisRunsSchema) })
  listAnalysisRuns(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<AnalysisRuns> {
    return this.review.listAnalysisRuns(inputFromQuery(ListAnalysisRunsInputSchema, query) as ListAnalysisRunsInput, principalOf(req));
  }

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

  @Get('gates')
  @ApiOperation({
    operationId: 'evaluate_gates',
    summary: 'What CI would decide on a stored run: new findings by severity against the stored baseline, health minimum.',
  })
  @ApiQueryFrom(EvaluateGatesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GateEvaluationSchema) })
  evaluateGates(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GateEvaluation> {
    return this.review.evaluateGates(inputFromQuery(EvaluateGatesInputSchema, query) as EvaluateGatesInput, principalOf(req));
  }

  @Get('baselines/:repository')
  @ApiOperation({ operationId: 'get_baseline', summary: "A repository's stored baseline document (its digest checked)." })
  @ApiOkResponse({ schema: openApiSchema(BaselineDocumentSchema) })
  getBaseline(@Req() req: RequestWithPrincipal, @Param('repository') repository: string): Promise<BaselineDocument> {
    return this.review.getBaseline({ repository }, principalOf(req));
  }

  @Put('baselines/:repository')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'update_baseline',
    summary: "Accepts every finding of a run (run_id; default the repository's latest) as the repository's baseline. Admin only.",
  })
  @ApiQueryFrom(UpdateBaselineInputSchema.omit({ repository: true }))
  @ApiOkResponse({ schema: openApiSchema(BaselineDocumentSchema) })
  updateBaseline(
    @Req() req: RequestWithPrincipal,
    @Param('repository') repository: string,
    @Query() query: Record<string, unknown>,
  ): Promise<BaselineDocument> {
    return this.review.updateBaseline({ ...inputFromQuery(UpdateBaselineInputSchema, query), repository }, principalOf(req));
  }

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

  @Post('reviews')
  @HttpCode(200)
  @ApiOperation({ operationId: 'mark_finding_reviewed', summary: 'Marks a finding reviewed for the caller (session-local, in memory).' })
  @ApiBodyFrom(MarkFindingReviewedInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ReviewedFindingSchema) })
  markFindingReviewed(@Req() req: RequestWithPrincipal, @Body() body: MarkFindingReviewedInput): Promise<ReviewedFinding> {
    return this.review.markFindingReviewed(body, principalOf(req));
  }

  @Get('reviews')
  @ApiOperation({ operationId: 'list_reviewed_findings', summary: 'The findings of a run the caller marked reviewed.' })
  @ApiQueryFrom(ListReviewedFindingsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ReviewedFindingsSchema) })
  listReviewedFindings(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ReviewedFindings> {
    return this.review.listReviewedFindings(
      inputFromQuery(ListReviewedFindingsInputSchema, query) as ListReviewedFindingsInput,
      principalOf(req),
    );
  }

  @Delete('reviews')
  @ApiOperation({ operationId: 'clear_session_runs', summary: 'Forgets the caller’s review markers and latest gate evaluation.' })
  @ApiOkResponse({ schema: openApiSchema(ClearedSessionSchema) })
  clearSessionRuns(@Req() req: RequestWithPrincipal): Promise<ClearedSession> {
    return this.review.clearSessionRuns({}, principalOf(req));
  }
}
