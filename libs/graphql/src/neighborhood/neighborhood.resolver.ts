import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetGraphNeighborhoodInput,
  GetGraphNeighborhoodInputSchema,
  type GetGraphNeighborhoodResult,
  GetGraphNeighborhoodResultSchema,
} from '@lore/domain/schemas/neighborhood';
import { GraphNeighborhoodService } from '@lore/knowledge/neighborhood/neighborhood.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class NeighborhoodResolver {
  constructor(private readonly service: GraphNeighborhoodService) {}

  @LoreQuery({
    name: 'neighborhood',
    description: 'get_graph_neighborhood: the nodes and edges around a symbol or a file.',
    args: { input: GetGraphNeighborhoodInputSchema },
    result: GetGraphNeighborhoodResultSchema,
  })
  neighborhood(
    @Args('input') input: GetGraphNeighborhoodInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<GetGraphNeighborhoodResult> {
    return this.service.getNeighborhood(withoutNulls(input), principalOf(req));
  }
}
