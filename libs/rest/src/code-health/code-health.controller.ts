import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeChangedPathsInput,
  AnalyzeChangedPathsInputSchema,
  type AnalyzeRepositoryInput,
  type CheckClonesInput,
  CheckClonesInputSchema,
  type CheckCohesionInput,
  CheckCohesionInputSchema,
  type CheckComplexityInput,
  CheckComplexityInputSchema,
  type CheckCouplingInput,
  CheckCouplingInputSchema,
  type CheckDeadCodeInput,
  CheckDeadCodeInputSchema,
  type CheckResult,
  CheckResultSchema,
  type GetProductionTriageInput,
  GetProductionTriageInputSchema,
  type GetRemediationInput,
  GetRemediationInputSchema,
  type HotspotList,
  HotspotListSchema,
  type ListHotspotsInput,
  ListHotspotsInputSchema,
  type ProductionTriage,
  ProductionTriageSchema,
  type RemediationAnswer,
  RemediationAnswerSchema,
  AnalyzeRepositoryInputSchema,
  type ChangedRun,
  ChangedRunSchema,
  type FindingAnswer,
  FindingAnswerSchema,
  type FindingList,
  FindingListSchema,
  type GetFindingInput,
  GetFindingInputSchema,
  type ListFindingsInput,
  ListFindingsInputSchema,
  type RunSummary,
  RunSummarySchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/knowledge/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** Code health analysis runs (CodeClone's MCP interface's analyze_* and reading tools) under /api/v1/analysis. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class CodeHealthController {
  constructor(private readonly health: CodeHealthService) {}

  @Post('runs')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'analyze_repository',
    summary: 'Analyse an indexed repository; the run is stored as the latest. Answers its summary.',
  })
  @ApiBodyFrom(AnalyzeRepositoryInputSchema)
  @ApiOkResponse({ schema: openApiSchema(RunSummarySchema) })
  analyzeRepository(@Req() req: RequestWithPrincipal, @Body() body: AnalyzeRepositoryInput): Promise<RunSummary> {
    return this.health.analyzeRepository(body, principalOf(req));
  }

  @Post('changed')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'analyze_changed_paths',
    summary: 'Analyse an indexed repository scoped to changed files (changed_paths or git_diff_ref).',
  })
  @ApiBodyFrom(AnalyzeChangedPathsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ChangedRunSchema) })
  analyzeChangedPaths(@Req() req: RequestWithPrincipal, @Body() body: AnalyzeChangedPathsInput): Promise<ChangedRun> {
    return this.health.analyzeChangedPaths(body, principalOf(req));
  }

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

  @Get('findings')
  @ApiOperation({
    operationId: 'list_findings',
    summary: 'The findings of a stored run (latest by default), filtered and paged; detail_level sets the shape.',
  })
  @ApiQueryFrom(ListFindingsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(FindingListSchema) })
  listFindings(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<FindingList> {
    return this.health.listFindings(inputFromQuery(ListFindingsInputSchema, query) as ListFindingsInput, principalOf(req));
  }

  @Get('findings/:findingId')
  @ApiOperation({ operationId: 'get_finding', summary: 'One finding by compact or canonical id (detail_level normal by default).' })
  @ApiQueryFrom(GetFindingInputSchema.omit({ finding_id: true }))
  @ApiOkResponse({ schema: openApiSchema(FindingAnswerSchema) })
  getFinding(
    @Req() req: RequestWithPrincipal,
    @Param('findingId') findingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<FindingAnswer> {
    return this.health.getFinding(
      { ...(inputFromQuery(GetFindingInputSchema, query) as Omit<GetFindingInput, 'finding_id'>), finding_id: findingId },
      principalOf(req),
    );
  }

  @Get('findings/:findingId/remediation')
  @ApiOperation({ operationId: 'get_remediation', summary: 'How to fix one finding (detail_level normal by default).' })
  @ApiQueryFrom(GetRemediationInputSchema.omit({ finding_id: true }))
  @ApiOkResponse({ schema: openApiSchema(RemediationAnswerSchema) })
  getRemediation(
    @Req() req: RequestWithPrincipal,
    @Param('findingId') findingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<RemediationAnswer> {
    return this.health.getRemediation(
      { ...(inputFromQuery(GetRemediationInputSchema, query) as Omit<GetRemediationInput, 'finding_id'>), finding_id: findingId },
      principalOf(req),
    );
  }

  @Get('triage')
  @ApiOperation({
    operationId: 'get_production_triage',
    summary: 'Production-first view of a run: health, hotspots, suggestions, thresholds.',
  })
  @ApiQueryFrom(GetProductionTriageInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ProductionTriageSchema) })
  getProductionTriage(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ProductionTriage> {
    return this.health.getProductionTriage(
      inputFromQuery(GetProductionTriageInputSchema, query) as GetProductionTriageInput,
      principalOf(req),
    );
  }

  @Get('hotspots')
  @ApiOperation({ operationId: 'list_hotspots', summary: 'A priority-ranked hotspot view of a run.' })
  @ApiQueryFrom(ListHotspotsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(HotspotListSchema) })
  listHotspots(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<HotspotList> {
    return this.health.listHotspots(inputFromQuery(ListHotspotsInputSchema, query) as ListHotspotsInput, principalOf(req));
  }

  @Get('checks/clones')
  @ApiOperation({ operationId: 'check_clones', summary: 'Clone findings of a run only.' })
  @ApiQueryFrom(CheckClonesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkClones(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkClones(inputFromQuery(CheckClonesInputSchema, query) as CheckClonesInput, principalOf(req));
  }

  @Get('checks/complexity')
  @ApiOperation({ operationId: 'check_complexity', summary: 'Complexity findings of a run only.' })
  @ApiQueryFrom(CheckComplexityInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkComplexity(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkComplexity(inputFromQuery(CheckComplexityInputSchema, query) as CheckComplexityInput, principalOf(req));
  }

  @Get('checks/coupling')
  @ApiOperation({ operationId: 'check_coupling', summary: 'Coupling findings of a run only.' })
  @ApiQueryFrom(CheckCouplingInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCoupling(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCoupling(inputFromQuery(CheckCouplingInputSchema, query) as CheckCouplingInput, principalOf(req));
  }

  @Get('checks/cohesion')
  @ApiOperation({ operationId: 'check_cohesion', summary: 'Cohesion findings of a run only.' })
  @ApiQueryFrom(CheckCohesionInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCohesion(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCohesion(inputFromQuery(CheckCohesionInputSchema, query) as CheckCohesionInput, principalOf(req));
  }

  @Get('checks/dead-code')
  @ApiOperation({ operationId: 'check_dead_code', summary: 'Dead-code findings of a run only.' })
  @ApiQueryFrom(CheckDeadCodeInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkDeadCode(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkDeadCode(inputFromQuery(CheckDeadCodeInputSchema, query) as CheckDeadCodeInput, principalOf(req));
  }
}
