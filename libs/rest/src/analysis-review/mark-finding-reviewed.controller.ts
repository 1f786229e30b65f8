import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type MarkFindingReviewedInput,
  MarkFindingReviewedInputSchema,
  type ReviewedFinding,
  ReviewedFindingSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** mark_finding_reviewed: `POST /api/v1/analysis/reviews`, one of the caller's session review markers. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class MarkFindingReviewedController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Post('reviews')
  @HttpCode(200)
  @ApiOperation({ operationId: 'mark_finding_reviewed', summary: 'Marks a finding reviewed for the caller (session-local, in memory).' })
  @ApiBodyFrom(MarkFindingReviewedInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ReviewedFindingSchema) })
  markFindingReviewed(@Req() req: RequestWithPrincipal, @Body() body: MarkFindingReviewedInput): Promise<ReviewedFinding> {
    return this.review.markFindingReviewed(body, principalOf(req));
  }
}
