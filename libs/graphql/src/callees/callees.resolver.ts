import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetCalleesInput, GetCalleesInputSchema, type GetCalleesResult, GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class CalleesResolver {
  constructor(private readonly service: CalleesService) {}

  @LoreQuery({
    name: 'callees',
    description: 'get_callees: what a symbol calls, nearest first, with the weakest confidence on the way from it.',
    args: { input: GetCalleesInputSchema },
    result: GetCalleesResultSchema,
  })
  callees(@Args('input') input: GetCalleesInput, @Context('req') req: RequestWithPrincipal): Promise<GetCalleesResult> {
    return this.service.getCallees(withoutNulls(input), principalOf(req));
  }
}
