import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type CreateDocumentationInput,
  CreateDocumentationInputSchema,
  CreateDocumentationResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { requestAnalyses, SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, type ToolCallContext } from '../mcp-tool';

@Injectable()
export class CreateDocumentationTool implements LoreMcpTool<typeof CreateDocumentationInputSchema, typeof CreateDocumentationResultSchema> {
  readonly name = 'create_documentation';
  readonly title = 'Document a set of files';
  readonly description =
    'Starts a documentation session on a set of files (file_paths, at most 100) of a workspace, as one module (module_name; doc_type module | component | system, default module). Answers status started, and Lore sends an analyze_file_request per file (also listed by get_documentation_status): answer each with analyze_file_callback.';
  readonly version = FIRST_VERSION;
  readonly input = CreateDocumentationInputSchema;
  readonly output = CreateDocumentationResultSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  async call(
    args: CreateDocumentationInput,
    principal: Principal,
    context: ToolCallContext,
  ): Promise<z.output<typeof CreateDocumentationResultSchema>> {
    const answer = await this.sessions.createDocumentation(args, principal);
    await requestAnalyses(this.sessions, principal, context, answer);
    return answer;
  }

  next(answer: z.output<typeof CreateDocumentationResultSchema>): NextCall[] {
    return [
      { tool: 'get_documentation_status', arguments: { session_id: answer.session_id }, why: 'The pending requests with their prompts.' },
    ];
  }
}
