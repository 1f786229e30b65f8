import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetRunSummaryInput, GetRunSummaryInputSchema, RunSummarySchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetRunSummaryTool implements LoreMcpTool<typeof GetRunSummaryInputSchema, typeof RunSummarySchema> {
  readonly name = 'get_run_summary';
  readonly title = 'Get a code health run summary';
  readonly description =
    'The cheapest snapshot of a stored analysis run (run_id short or full; omitted: the latest): health and its dimensions, finding counts by family and source kind, inventory, active thresholds, and what was not measured (warnings).';
  readonly version = FIRST_VERSION;
  readonly input = GetRunSummaryInputSchema;
  readonly output = RunSummarySchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: GetRunSummaryInput, principal: Principal): Promise<z.output<typeof RunSummarySchema>> {
    return this.health.getRunSummary(args, principal);
  }

  next(answer: z.output<typeof RunSummarySchema>): NextCall[] {
    return [{ tool: 'list_findings', arguments: { run_id: answer.run_id }, why: 'The findings, highest priority first.' }];
  }
}
