import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type ListFindingsInput, ListFindingsInputSchema, FindingListSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class ListFindingsTool implements LoreMcpTool<typeof ListFindingsInputSchema, typeof FindingListSchema> {
  readonly name = 'list_findings';
  readonly title = 'List code health findings';
  readonly description =
    'Findings of a stored run (latest by default), filtered by family, severity, novelty, source_kind, path or changed_paths, sorted by priority (or severity, path), paged with offset and limit. detail_level sets the shape: summary (default) "path:line" locations; normal: {path, line, end_line, symbol} and remediation; full: also priority_factors, items and code:// uris.';
  readonly version = FIRST_VERSION;
  readonly input = ListFindingsInputSchema;
  readonly output = FindingListSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: ListFindingsInput, principal: Principal): Promise<z.output<typeof FindingListSchema>> {
    return this.health.listFindings(args, principal);
  }

  next(answer: z.output<typeof FindingListSchema>): NextCall[] {
    return answer.items.slice(0, 1).map((finding) => ({
      tool: 'get_finding',
      arguments: { finding_id: finding.id, run_id: answer.run_id },
      why: `The detail of ${finding.title}.`,
    }));
  }
}
