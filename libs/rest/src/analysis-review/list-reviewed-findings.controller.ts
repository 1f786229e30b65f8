import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type ListReviewedFindingsInput,
  ListReviewedFindingsInputSchema,
  type ReviewedFindings,
  ReviewedFindingsSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** list_reviewed_findings: `GET /api/v1/analysis/reviews`, the caller's session review markers. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class ListReviewedFindingsController {
  constructor(private readonly review: AnalysisReviewService) {}

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
}
