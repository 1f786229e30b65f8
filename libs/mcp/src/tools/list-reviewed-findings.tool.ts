import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type ListReviewedFindingsInput,
  ListReviewedFindingsInputSchema,
  ReviewedFindingsSchema,
} from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class ListReviewedFindingsTool implements LoreMcpTool<typeof ListReviewedFindingsInputSchema, typeof ReviewedFindingsSchema> {
  readonly name = 'list_reviewed_findings';
  readonly title = 'List the findings reviewed in this session';
  readonly description =
    'The findings of a stored run (run_id; omitted: the latest) that the calling principal marked reviewed with mark_finding_reviewed, oldest first, with their notes.';
  readonly version = FIRST_VERSION;
  readonly input = ListReviewedFindingsInputSchema;
  readonly output = ReviewedFindingsSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['items'] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: ListReviewedFindingsInput, principal: Principal): Promise<z.output<typeof ReviewedFindingsSchema>> {
    return this.review.listReviewedFindings(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
