import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetProductionTriageInput, GetProductionTriageInputSchema, ProductionTriageSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetProductionTriageTool implements LoreMcpTool<typeof GetProductionTriageInputSchema, typeof ProductionTriageSchema> {
  readonly name = 'get_production_triage';
  readonly title = 'Production triage of a code health run';
  readonly description =
    'The production-first view of a stored run (latest by default): health and its dimensions, the highest-priority production hotspots (max_hotspots) and suggestions (max_suggestions), and the active thresholds. Start here, then list_hotspots or check_*.';
  readonly version = FIRST_VERSION;
  readonly input = GetProductionTriageInputSchema;
  readonly output = ProductionTriageSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: GetProductionTriageInput, principal: Principal): Promise<z.output<typeof ProductionTriageSchema>> {
    return this.health.getProductionTriage(args, principal);
  }

  next(answer: z.output<typeof ProductionTriageSchema>): NextCall[] {
    return answer.hotspots.slice(0, 1).map((finding) => ({
      tool: 'get_remediation',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `How to fix ${finding.title}.`,
    }));
  }
}
