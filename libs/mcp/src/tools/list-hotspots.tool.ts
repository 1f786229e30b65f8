import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type ListHotspotsInput, ListHotspotsInputSchema, HotspotListSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class ListHotspotsTool implements LoreMcpTool<typeof ListHotspotsInputSchema, typeof HotspotListSchema> {
  readonly name = 'list_hotspots';
  readonly title = 'List code health hotspots';
  readonly description =
    'A priority-ranked hotspot view of a stored run (latest by default): kind most_complex, most_coupled, least_cohesive, largest_clone_groups or production_hotspots (default), at most limit (10), optionally only those touching changed_paths; detail_level summary by default.';
  readonly version = FIRST_VERSION;
  readonly input = ListHotspotsInputSchema;
  readonly output = HotspotListSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: ListHotspotsInput, principal: Principal): Promise<z.output<typeof HotspotListSchema>> {
    return this.health.listHotspots(args, principal);
  }

  next(answer: z.output<typeof HotspotListSchema>): NextCall[] {
    return answer.items.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `The detail of ${finding.title}.`,
    }));
  }
}
