import { Controller, HttpCode, Param, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type BaselineDocument, BaselineDocumentSchema, UpdateBaselineInputSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** update_baseline: `PUT /api/v1/analysis/baselines/:repository` (an admin or `lore analyze --update-baseline` only). */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class UpdateBaselineController {
  constructor(private readonly review: AnalysisReviewService) {}

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
}
