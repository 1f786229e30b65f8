import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetRemediationInput, GetRemediationInputSchema, RemediationAnswerSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetRemediationTool implements LoreMcpTool<typeof GetRemediationInputSchema, typeof RemediationAnswerSchema> {
  readonly name = 'get_remediation';
  readonly title = 'Remediation of a code health finding';
  readonly description =
    'How to fix one finding of a stored run (latest by default), by compact or canonical id: summary and effort; normal (default) adds the steps and structured locations; full adds priority_factors.';
  readonly version = FIRST_VERSION;
  readonly input = GetRemediationInputSchema;
  readonly output = RemediationAnswerSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: GetRemediationInput, principal: Principal): Promise<z.output<typeof RemediationAnswerSchema>> {
    return this.health.getRemediation(args, principal);
  }

  next(answer: z.output<typeof RemediationAnswerSchema>): NextCall[] {
    return [
      {
        tool: 'get_finding',
        arguments: { finding_id: answer.finding_id, run_id: answer.run_id, detail_level: 'full' },
        why: 'The finding with code:// uris to read.',
      },
    ];
  }
}
