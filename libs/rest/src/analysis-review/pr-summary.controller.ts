import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GeneratePrSummaryInput,
  GeneratePrSummaryInputSchema,
  type PrSummary,
  PrSummarySchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** generate_pr_summary: what a change did to health, for the pull request. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class PrSummaryController {
  constructor(private readonly review: AnalysisReviewService) {}

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
}
