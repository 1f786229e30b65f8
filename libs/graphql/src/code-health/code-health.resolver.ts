import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalysisFindings,
  type AnalysisFindingsInput,
  AnalysisFindingsInputSchema,
  AnalysisFindingsSchema,
  type GetRunSummaryInput,
  GetRunSummaryInputSchema,
  type RunSummary,
  RunSummarySchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

/** Stored code health runs: a run's summary and its canonical findings. */
@Resolver()
export class CodeHealthResolver {
  constructor(private readonly health: CodeHealthService) {}

  @LoreQuery({
    name: 'analysisRun',
    description: 'get_run_summary: the summary of a stored code health run (run_id short or full; omitted: the latest).',
    args: { input: GetRunSummaryInputSchema },
    result: RunSummarySchema,
  })
  analysisRun(@Args('input') input: GetRunSummaryInput, @Context('req') req: RequestWithPrincipal): Promise<RunSummary> {
    return this.health.getRunSummary(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'analysisFindings',
    description: 'list_findings: the canonical findings of a stored run (latest by default), filtered and paged.',
    args: { input: AnalysisFindingsInputSchema },
    result: AnalysisFindingsSchema,
  })
  analysisFindings(@Args('input') input: AnalysisFindingsInput, @Context('req') req: RequestWithPrincipal): Promise<AnalysisFindings> {
    return this.health.analysisFindings(withoutNulls(input), principalOf(req));
  }
}
