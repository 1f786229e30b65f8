import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeChangedPathsInput,
  AnalyzeChangedPathsInputSchema,
  type ChangedRun,
  ChangedRunSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** analyze_changed_paths: a run scoped to changed files, POST /api/v1/analysis/changed. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class AnalyzeChangedPathsController {
  constructor(private readonly health: CodeHealthService) {}

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
}
