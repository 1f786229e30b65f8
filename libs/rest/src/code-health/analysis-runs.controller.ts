import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeChangedPathsInput,
  AnalyzeChangedPathsInputSchema,
  type AnalyzeRepositoryInput,
  AnalyzeRepositoryInputSchema,
  type ChangedRun,
  ChangedRunSchema,
  type RunSummary,
  RunSummarySchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** Analysis runs: analyze_repository, analyze_changed_paths and get_run_summary under /api/v1/analysis. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class AnalysisRunsController {
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
