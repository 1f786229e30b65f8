import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type ListReviewedFindingsInput,
  ListReviewedFindingsInputSchema,
  type MarkFindingReviewedInput,
  MarkFindingReviewedInputSchema,
  type ReviewedFinding,
  ReviewedFindingSchema,
  type ReviewedFindings,
  ReviewedFindingsSchema,
  type ClearedSession,
  ClearedSessionSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** The caller's session review markers: mark_finding_reviewed, list_reviewed_findings, clear_session_runs. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class ReviewMarkersController {
  constructor(private readonly review: AnalysisReviewService) {}

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
