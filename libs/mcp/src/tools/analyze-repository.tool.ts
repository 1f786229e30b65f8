import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type AnalyzeRepositoryInput, AnalyzeRepositoryInputSchema, RunSummarySchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class AnalyzeRepositoryTool implements LoreMcpTool<typeof AnalyzeRepositoryInputSchema, typeof RunSummarySchema> {
  readonly name = 'analyze_repository';
  readonly title = 'Analyze a repository (code health run)';
  readonly description =
    'Code health analysis of an indexed repository at its indexed commit (root: the absolute path of an indexed checkout, or repository: its id): clone groups, complexity, coupling (CBO), cohesion (LCOM4), dead code by reachability and import cycles, as a canonical report stored as the latest run. Answers a compact summary; run_id is the first 8 hex characters of the report digest, the same for the same commit and settings. Then get_run_summary, list_findings or check_*.';
  readonly version = FIRST_VERSION;
  readonly input = AnalyzeRepositoryInputSchema;
  readonly output = RunSummarySchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: AnalyzeRepositoryInput, principal: Principal): Promise<z.output<typeof RunSummarySchema>> {
    return this.health.analyzeRepository(args, principal);
  }

  next(answer: z.output<typeof RunSummarySchema>): NextCall[] {
    return [
      {
        tool: 'list_findings',
        arguments: { run_id: answer.run_id },
        why: `The ${answer.findings.total} findings of the run, highest priority first.`,
      },
    ];
  }
}
