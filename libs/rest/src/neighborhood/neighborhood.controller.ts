import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetGraphNeighborhoodInput,
  GetGraphNeighborhoodInputSchema,
  type GetGraphNeighborhoodResult,
  GetGraphNeighborhoodResultSchema,
} from '@lore/domain/schemas/neighborhood';
import { GraphNeighborhoodService } from '@lore/knowledge/neighborhood/neighborhood.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('graph')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/neighborhood')
export class NeighborhoodController {
  constructor(private readonly service: GraphNeighborhoodService) {}

  @Get()
  @ApiOperation({ operationId: 'get_graph_neighborhood', summary: 'The nodes and edges around a symbol or a file, up to depth 3.' })
  @ApiQueryFrom(GetGraphNeighborhoodInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetGraphNeighborhoodResultSchema) })
  getNeighborhood(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetGraphNeighborhoodResult> {
    return this.service.getNeighborhood(
      inputFromQuery(GetGraphNeighborhoodInputSchema, query) as GetGraphNeighborhoodInput,
      principalOf(req),
    );
  }
}
