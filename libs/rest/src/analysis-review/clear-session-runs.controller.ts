import { Controller, Delete, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ClearedSession, ClearedSessionSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** clear_session_runs: `DELETE /api/v1/analysis/reviews`, forgets the caller's session review markers. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class ClearSessionRunsController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Delete('reviews')
  @ApiOperation({ operationId: 'clear_session_runs', summary: 'Forgets the caller’s review markers and latest gate evaluation.' })
  @ApiOkResponse({ schema: openApiSchema(ClearedSessionSchema) })
  clearSessionRuns(@Req() req: RequestWithPrincipal): Promise<ClearedSession> {
    return this.review.clearSessionRuns({}, principalOf(req));
  }
}
