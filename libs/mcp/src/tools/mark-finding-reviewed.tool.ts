import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type MarkFindingReviewedInput, MarkFindingReviewedInputSchema, ReviewedFindingSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, SESSION_LOCAL } from '../mcp-tool';

@Injectable()
export class MarkFindingReviewedTool implements LoreMcpTool<typeof MarkFindingReviewedInputSchema, typeof ReviewedFindingSchema> {
  readonly name = 'mark_finding_reviewed';
  readonly title = 'Mark a finding as reviewed (session-local)';
  readonly description =
    'Marks a finding of a stored run (finding_id; run_id omitted: the latest) as reviewed, with an optional note. Session-local: kept in the server’s memory for the calling principal only (another principal sees none), never written to a baseline, a run or the graph; clear_session_runs forgets it.';
  readonly version = FIRST_VERSION;
  readonly input = MarkFindingReviewedInputSchema;
  readonly output = ReviewedFindingSchema;
  readonly annotations = SESSION_LOCAL;
  readonly permission = 'read' as const;
  readonly pagedLists = [] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: MarkFindingReviewedInput, principal: Principal): Promise<z.output<typeof ReviewedFindingSchema>> {
    return this.review.markFindingReviewed(args, principal);
  }

  next(answer: z.output<typeof ReviewedFindingSchema>): NextCall[] {
    return [{ tool: 'list_reviewed_findings', arguments: { run_id: answer.run_id }, why: 'The findings reviewed in this run so far.' }];
  }
}
