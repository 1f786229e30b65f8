import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type AnalyzeChangedPathsInput, AnalyzeChangedPathsInputSchema, ChangedRunSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class AnalyzeChangedPathsTool implements LoreMcpTool<typeof AnalyzeChangedPathsInputSchema, typeof ChangedRunSchema> {
  readonly name = 'analyze_changed_paths';
  readonly title = 'Analyze the changed files (code health run)';
  readonly description =
    'Code health analysis of an indexed repository (root or repository) scoped to changed files: changed_paths (repository-relative) or git_diff_ref (a revision or range, validated before git runs). Registers the run like analyze_repository and answers the changed-files snapshot: the findings touching those files and the verdict.';
  readonly version = FIRST_VERSION;
  readonly input = AnalyzeChangedPathsInputSchema;
  readonly output = ChangedRunSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: AnalyzeChangedPathsInput, principal: Principal): Promise<z.output<typeof ChangedRunSchema>> {
    return this.health.analyzeChangedPaths(args, principal);
  }

  next(answer: z.output<typeof ChangedRunSchema>): NextCall[] {
    return [
      {
        tool: 'list_findings',
        arguments: { run_id: answer.run_id, changed_paths: answer.changed_files.slice(0, 500) },
        why: 'The findings touching the changed files.',
      },
    ];
  }
}
