import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeRepositoryInput,
  AnalyzeRepositoryInputSchema,
  type RunSummary,
  RunSummarySchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** analyze_repository: a new run over a whole indexed repository, POST /api/v1/analysis/runs. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class AnalyzeRepositoryController {
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
}
