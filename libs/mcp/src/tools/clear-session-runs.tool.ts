import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type ClearSessionRunsInput, ClearSessionRunsInputSchema, ClearedSessionSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, SESSION_LOCAL } from '../mcp-tool';

@Injectable()
export class ClearSessionRunsTool implements LoreMcpTool<typeof ClearSessionRunsInputSchema, typeof ClearedSessionSchema> {
  readonly name = 'clear_session_runs';
  readonly title = 'Clear this session’s review state';
  readonly description =
    'Forgets the calling principal’s session state: its review markers and its latest gate evaluation (codeclone://latest/gates). Touches nothing on disk or in the graph; the analysis runs themselves are stored per tenant and kept.';
  readonly version = FIRST_VERSION;
  readonly input = ClearSessionRunsInputSchema;
  readonly output = ClearedSessionSchema;
  readonly annotations = SESSION_LOCAL;
  readonly permission = 'read' as const;
  readonly pagedLists = [] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: ClearSessionRunsInput, principal: Principal): Promise<z.output<typeof ClearedSessionSchema>> {
    return this.review.clearSessionRuns(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
