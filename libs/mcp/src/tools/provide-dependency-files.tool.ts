import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type ProvideDependencyFilesInput,
  ProvideDependencyFilesInputSchema,
  ProvideDependencyFilesResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { requestAnalyses, SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, type ToolCallContext } from '../mcp-tool';

@Injectable()
export class ProvideDependencyFilesTool implements LoreMcpTool<
  typeof ProvideDependencyFilesInputSchema,
  typeof ProvideDependencyFilesResultSchema
> {
  readonly name = 'provide_dependency_files';
  readonly title = 'Provide dependency files';
  readonly description =
    "Adds to a session the files a file of it depends on (requesting_file, dependencies[{file_path, dependency_type: import | injection | reference | config, reason}]): Lore asks for the analysis of each new one, in the requesting file's module.";
  readonly version = FIRST_VERSION;
  readonly input = ProvideDependencyFilesInputSchema;
  readonly output = ProvideDependencyFilesResultSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  async call(
    args: ProvideDependencyFilesInput,
    principal: Principal,
    context: ToolCallContext,
  ): Promise<z.output<typeof ProvideDependencyFilesResultSchema>> {
    const answer = await this.sessions.provideDependencyFiles(args, principal);
    await requestAnalyses(this.sessions, principal, context, answer);
    return answer;
  }

  next(answer: z.output<typeof ProvideDependencyFilesResultSchema>): NextCall[] {
    return [
      { tool: 'get_documentation_status', arguments: { session_id: answer.session_id }, why: 'The pending requests with their prompts.' },
    ];
  }
}
