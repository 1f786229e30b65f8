import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalysisRuns,
  AnalysisRunsSchema,
  type BaselineDocument,
  BaselineDocumentSchema,
  type CompareRunsInput,
  CompareRunsInputSchema,
  type CompareRunsResult,
  CompareRunsResultSchema,
  type EvaluateGatesInput,
  EvaluateGatesInputSchema,
  type GateEvaluation,
  GateEvaluationSchema,
  type GeneratePrSummaryInput,
  GeneratePrSummaryInputSchema,
  type GetBaselineInput,
  GetBaselineInputSchema,
  type ListAnalysisRunsInput,
  ListAnalysisRunsInputSchema,
  type PrSummary,
  PrSummarySchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

/** Code health runs in review: comparisons, gate previews and baselines. */
@Resolver()
export class AnalysisReviewResolver {
  constructor(private readonly review: AnalysisReviewService) {}

  @LoreQuery({
    name: 'analysisComparison',
    description: 'compare_runs: regressions, improvements, health_delta and the verdict between two stored runs.',
    args: { input: CompareRunsInputSchema },
    result: CompareRunsResultSchema,
  })
  analysisComparison(@Args('input') input: CompareRunsInput, @Context('req') req: RequestWithPrincipal): Promise<CompareRunsResult> {
    return this.review.compareRuns(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'analysisGates',
    description: 'evaluate_gates: what CI would decide on a stored run, against the repository’s stored baseline.',
    args: { input: EvaluateGatesInputSchema },
    result: GateEvaluationSchema,
  })
  analysisGates(@Args('input') input: EvaluateGatesInput, @Context('req') req: RequestWithPrincipal): Promise<GateEvaluation> {
    return this.review.evaluateGates(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'analysisBaseline',
    description: "A repository's stored baseline document, its digest checked.",
    args: { input: GetBaselineInputSchema },
    result: BaselineDocumentSchema,
  })
  analysisBaseline(@Args('input') input: GetBaselineInput, @Context('req') req: RequestWithPrincipal): Promise<BaselineDocument> {
    return this.review.getBaseline(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'analysisPrSummary',
    description: 'generate_pr_summary: new and resolved findings in the changed files, health, gate verdict and impact.',
    args: { input: GeneratePrSummaryInputSchema },
    result: PrSummarySchema,
  })
  analysisPrSummary(@Args('input') input: GeneratePrSummaryInput, @Context('req') req: RequestWithPrincipal): Promise<PrSummary> {
    return this.review.generatePrSummary(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'analysisRuns',
    description: 'The stored code health runs, oldest first, each with its health and dimensions.',
    args: { input: ListAnalysisRunsInputSchema },
    result: AnalysisRunsSchema,
  })
  analysisRuns(@Args('input') input: ListAnalysisRunsInput, @Context('req') req: RequestWithPrincipal): Promise<AnalysisRuns> {
    return this.review.listAnalysisRuns(withoutNulls(input), principalOf(req));
  }
}
