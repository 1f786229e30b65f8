import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetCallersInput, GetCallersInputSchema, type GetCallersResult, GetCallersResultSchema } from '@lore/domain/schemas/callers';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class CallersResolver {
  constructor(private readonly service: CallersService) {}

  @LoreQuery({
    name: 'callers',
    description: 'get_callers: who calls a symbol, nearest first, with the weakest confidence on the way to it.',
    args: { input: GetCallersInputSchema },
    result: GetCallersResultSchema,
  })
  callers(@Args('input') input: GetCallersInput, @Context('req') req: RequestWithPrincipal): Promise<GetCallersResult> {
    return this.service.getCallers(withoutNulls(input), principalOf(req));
  }
}
