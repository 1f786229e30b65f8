import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeImpactInput,
  AnalyzeImpactInputSchema,
  type AnalyzeImpactResult,
  AnalyzeImpactResultSchema,
} from '@lore/domain/schemas/impact';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class ImpactResolver {
  constructor(private readonly service: ImpactService) {}

  @LoreQuery({
    name: 'impact',
    description: 'analyze_impact: the dependents, importing files, tests and document sections a change affects, with evidence.',
    args: { input: AnalyzeImpactInputSchema },
    result: AnalyzeImpactResultSchema,
  })
  impact(@Args('input') input: AnalyzeImpactInput, @Context('req') req: RequestWithPrincipal): Promise<AnalyzeImpactResult> {
    return this.service.analyzeImpact(withoutNulls(input), principalOf(req));
  }
}
