import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type EvaluateGatesInput, EvaluateGatesInputSchema, GateEvaluationSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class EvaluateGatesTool implements LoreMcpTool<typeof EvaluateGatesInputSchema, typeof GateEvaluationSchema> {
  readonly name = 'evaluate_gates';
  readonly title = 'Preview CI gates on a code health run';
  readonly description =
    'Previews what CI (lore check) would decide on a stored run (run_id; omitted: the latest): new findings by severity (fail_on_new, default critical and warning), health_min, and the coverage gates fail_on_untested_hotspots and coverage_min (a contract error on a run without a valid coverage join). New means not in the repository’s stored baseline (baseline: stored or none), so legacy debt never fails a gate. Reads only: the baseline is written by lore analyze --update-baseline or an admin, never here.';
  readonly version = FIRST_VERSION;
  readonly input = EvaluateGatesInputSchema;
  readonly output = GateEvaluationSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['new_findings'] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: EvaluateGatesInput, principal: Principal): Promise<z.output<typeof GateEvaluationSchema>> {
    return this.review.evaluateGates(args, principal);
  }

  next(answer: z.output<typeof GateEvaluationSchema>): NextCall[] {
    return [
      { tool: 'generate_pr_summary', arguments: { run_id: answer.run_id, format: 'markdown' }, why: 'A summary for the pull request.' },
    ];
  }
}
