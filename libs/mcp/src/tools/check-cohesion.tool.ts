import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type CheckCohesionInput, CheckCohesionInputSchema, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class CheckCohesionTool implements LoreMcpTool<typeof CheckCohesionInputSchema, typeof CheckResultSchema> {
  readonly name = 'check_cohesion';
  readonly title = 'Check cohesion';
  readonly description =
    'Cohesion findings of a stored run only (classes whose LCOM4 by calls reaches the run’s cohesion threshold), filtered by path; an empty answer carries threshold_context. Call analyze_repository first; run_id (short or full) or root (an absolute indexed checkout: its latest run) picks the run, else the latest. detail_level summary by default.';
  readonly version = FIRST_VERSION;
  readonly input = CheckCohesionInputSchema;
  readonly output = CheckResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: CheckCohesionInput, principal: Principal): Promise<z.output<typeof CheckResultSchema>> {
    return this.health.checkCohesion(args, principal);
  }

  next(answer: z.output<typeof CheckResultSchema>): NextCall[] {
    return answer.items.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `The detail of ${finding.title}.`,
    }));
  }
}
