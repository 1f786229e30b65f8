import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type CheckClonesInput, CheckClonesInputSchema, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class CheckClonesTool implements LoreMcpTool<typeof CheckClonesInputSchema, typeof CheckResultSchema> {
  readonly name = 'check_clones';
  readonly title = 'Check clones';
  readonly description =
    'Clone findings of a stored run only (function and block clones: exact, renamed or near_miss), filtered by path, clone_type and source_kind; health has only the clones dimension. Call analyze_repository first; run_id (short or full) or root (an absolute indexed checkout: its latest run) picks the run, else the latest. detail_level summary by default.';
  readonly version = FIRST_VERSION;
  readonly input = CheckClonesInputSchema;
  readonly output = CheckResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: CheckClonesInput, principal: Principal): Promise<z.output<typeof CheckResultSchema>> {
    return this.health.checkClones(args, principal);
  }

  next(answer: z.output<typeof CheckResultSchema>): NextCall[] {
    return answer.items.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `The detail of ${finding.title}.`,
    }));
  }
}
