import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetProductionTriageInput,
  GetProductionTriageInputSchema,
  type ProductionTriage,
  ProductionTriageSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_production_triage: where to look first in a run, under /api/v1/analysis. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class AnalysisTriageController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('triage')
  @ApiOperation({
    operationId: 'get_production_triage',
    summary: 'Production-first view of a run: health, hotspots, suggestions, thresholds.',
  })
  @ApiQueryFrom(GetProductionTriageInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ProductionTriageSchema) })
  getProductionTriage(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ProductionTriage> {
    return this.health.getProductionTriage(
      inputFromQuery(GetProductionTriageInputSchema, query) as GetProductionTriageInput,
      principalOf(req),
    );
  }
}
