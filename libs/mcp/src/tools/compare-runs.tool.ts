import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type CompareRunsInput, CompareRunsInputSchema, CompareRunsResultSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class CompareRunsTool implements LoreMcpTool<typeof CompareRunsInputSchema, typeof CompareRunsResultSchema> {
  readonly name = 'compare_runs';
  readonly title = 'Compare two code health runs';
  readonly description =
    'Run-to-run delta of two stored runs (run_id_before, run_id_after; focus all or production): regressions (findings only the later run has), improvements (findings it no longer has), unchanged count, health_delta (after minus before, independent of baselines) and a verdict: improved, regressed, stable, mixed (finding and health deltas disagree) or incomparable (another repository, mode or thresholds: comparable false with the reason, empty lists, null delta).';
  readonly version = FIRST_VERSION;
  readonly input = CompareRunsInputSchema;
  readonly output = CompareRunsResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['regressions', 'improvements'] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: CompareRunsInput, principal: Principal): Promise<z.output<typeof CompareRunsResultSchema>> {
    return this.review.compareRuns(args, principal);
  }

  next(answer: z.output<typeof CompareRunsResultSchema>): NextCall[] {
    return answer.regressions.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id_after },
      why: `The first regression: ${finding.title}.`,
    }));
  }
}
