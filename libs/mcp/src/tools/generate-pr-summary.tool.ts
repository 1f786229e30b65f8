import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GeneratePrSummaryInput, GeneratePrSummaryInputSchema, PrSummarySchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GeneratePrSummaryTool implements LoreMcpTool<typeof GeneratePrSummaryInputSchema, typeof PrSummarySchema> {
  readonly name = 'generate_pr_summary';
  readonly title = 'Summarise a code health run for a pull request';
  readonly description =
    'A pull-request summary of a stored run (run_id; omitted: the latest) for the changed files (changed_paths, or git_diff_ref validated as one revision or range; omitted: the run’s own changed files, else the whole repository): new findings (not in the stored baseline) and resolved ones in those files, health against the baseline, the gate verdict, and the impact of the change (affected symbols, tests to run, documents naming them). format markdown (default: the markdown field is the comment to post) or json.';
  readonly version = FIRST_VERSION;
  readonly input = GeneratePrSummaryInputSchema;
  readonly output = PrSummarySchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['new_findings', 'resolved_findings'] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: GeneratePrSummaryInput, principal: Principal): Promise<z.output<typeof PrSummarySchema>> {
    return this.review.generatePrSummary(args, principal);
  }

  next(answer: z.output<typeof PrSummarySchema>): NextCall[] {
    return answer.new_findings.slice(0, 1).map((finding) => ({
      tool: 'get_remediation',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `How to fix ${finding.title}.`,
    }));
  }
}
