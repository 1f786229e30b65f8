import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetRelatedTestsInput,
  GetRelatedTestsInputSchema,
  type GetRelatedTestsResult,
  GetRelatedTestsResultSchema,
} from '@lore/domain/schemas/related-tests';
import { RelatedTestsService } from '@lore/knowledge/related-tests/related-tests.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class RelatedTestsResolver {
  constructor(private readonly service: RelatedTestsService) {}

  @LoreQuery({
    name: 'relatedTests',
    description: 'get_related_tests: the tests to run for a change, nearest first, with how each reaches it.',
    args: { input: GetRelatedTestsInputSchema },
    result: GetRelatedTestsResultSchema,
  })
  relatedTests(@Args('input') input: GetRelatedTestsInput, @Context('req') req: RequestWithPrincipal): Promise<GetRelatedTestsResult> {
    return this.service.getRelatedTests(withoutNulls(input), principalOf(req));
  }
}
