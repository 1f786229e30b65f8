import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type HotspotList, HotspotListSchema, type ListHotspotsInput, ListHotspotsInputSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** list_hotspots: a run's hotspots, most pressing first, under /api/v1/analysis. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis')
export class AnalysisHotspotsController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('hotspots')
  @ApiOperation({ operationId: 'list_hotspots', summary: 'A priority-ranked hotspot view of a run.' })
  @ApiQueryFrom(ListHotspotsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(HotspotListSchema) })
  listHotspots(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<HotspotList> {
    return this.health.listHotspots(inputFromQuery(ListHotspotsInputSchema, query) as ListHotspotsInput, principalOf(req));
  }
}
