import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type ProvideThematicGroupingsInput,
  ProvideThematicGroupingsInputSchema,
  ProvideThematicGroupingsResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { requestAnalyses, SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, type ToolCallContext } from '../mcp-tool';

@Injectable()
export class ProvideThematicGroupingsTool implements LoreMcpTool<
  typeof ProvideThematicGroupingsInputSchema,
  typeof ProvideThematicGroupingsResultSchema
> {
  readonly name = 'provide_thematic_groupings';
  readonly title = 'Provide thematic groupings';
  readonly description =
    "Gives a full_documentation session the workspace's files grouped by theme (groupings[{theme, file_paths, description}]; paths absolute inside the workspace or relative to its root). The session goes processing, and Lore sends an analyze_file_request {session_id, request_id, file_path, prompt} per file (also listed by get_documentation_status): answer each with analyze_file_callback.";
  readonly version = FIRST_VERSION;
  readonly input = ProvideThematicGroupingsInputSchema;
  readonly output = ProvideThematicGroupingsResultSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  async call(
    args: ProvideThematicGroupingsInput,
    principal: Principal,
    context: ToolCallContext,
  ): Promise<z.output<typeof ProvideThematicGroupingsResultSchema>> {
    const answer = await this.sessions.provideThematicGroupings(args, principal);
    await requestAnalyses(this.sessions, principal, context, answer);
    return answer;
  }

  next(answer: z.output<typeof ProvideThematicGroupingsResultSchema>): NextCall[] {
    return [
      { tool: 'get_documentation_status', arguments: { session_id: answer.session_id }, why: 'The pending requests with their prompts.' },
    ];
  }
}
