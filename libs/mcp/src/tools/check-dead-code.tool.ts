import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type CheckDeadCodeInput, CheckDeadCodeInputSchema, CheckResultSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class CheckDeadCodeTool implements LoreMcpTool<typeof CheckDeadCodeInputSchema, typeof CheckResultSchema> {
  readonly name = 'check_dead_code';
  readonly title = 'Check dead code';
  readonly description =
    'Dead-code findings of a stored run only: dead (warning) and, unless min_severity is warning, unknown (info: reached only through calls matched by name, or named elsewhere in the code), then, also unless min_severity is warning, information items (kind unused_public_api, severity info: unused in this repository, public API of a library, its clients may use it; no gate, baseline, comparison or health score counts them; in an application (a private package.json, no manifest publishing a package) public names get no such pass), filtered by path. Call analyze_repository first; run_id (short or full) or root (an absolute indexed checkout: its latest run) picks the run, else the latest. detail_level summary by default.';
  readonly version = FIRST_VERSION;
  readonly input = CheckDeadCodeInputSchema;
  readonly output = CheckResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: CheckDeadCodeInput, principal: Principal): Promise<z.output<typeof CheckResultSchema>> {
    return this.health.checkDeadCode(args, principal);
  }

  next(answer: z.output<typeof CheckResultSchema>): NextCall[] {
    return answer.items.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `The detail of ${finding.title}.`,
    }));
  }
}
