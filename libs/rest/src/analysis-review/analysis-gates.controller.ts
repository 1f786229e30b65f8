import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type EvaluateGatesInput,
  EvaluateGatesInputSchema,
  type GateEvaluation,
  GateEvaluationSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** evaluate_gates: what CI would decide on a stored run. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied')
@Controller('api/v1/analysis')
export class AnalysisGatesController {
  constructor(private readonly review: AnalysisReviewService) {}

  @Get('gates')
  @ApiOperation({
    operationId: 'evaluate_gates',
    summary: 'What CI would decide on a stored run: new findings by severity against the stored baseline, health minimum.',
  })
  @ApiQueryFrom(EvaluateGatesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GateEvaluationSchema) })
  evaluateGates(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GateEvaluation> {
    return this.review.evaluateGates(inputFromQuery(EvaluateGatesInputSchema, query) as EvaluateGatesInput, principalOf(req));
  }
}
