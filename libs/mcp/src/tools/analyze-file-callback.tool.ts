import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type AnalyzeFileCallbackInput,
  AnalyzeFileCallbackInputSchema,
  AnalyzeFileCallbackResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class AnalyzeFileCallbackTool implements LoreMcpTool<typeof AnalyzeFileCallbackInputSchema, typeof AnalyzeFileCallbackResultSchema> {
  readonly name = 'analyze_file_callback';
  readonly title = 'Answer a file analysis request';
  readonly description =
    "Answers an analyze_file_request of a documentation session: session_id, file_path (request_id optional), analysis{summary, key_functions, dependencies, keywords, documentation} (summary and documentation required; the whole request within the token limit). When no file is pending any more, Lore writes the session's documentation and checks its statements against the code.";
  readonly version = FIRST_VERSION;
  readonly input = AnalyzeFileCallbackInputSchema;
  readonly output = AnalyzeFileCallbackResultSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  call(args: AnalyzeFileCallbackInput, principal: Principal): Promise<z.output<typeof AnalyzeFileCallbackResultSchema>> {
    return this.sessions.analyzeFileCallback(args, principal);
  }

  next(answer: z.output<typeof AnalyzeFileCallbackResultSchema>): NextCall[] {
    return [{ tool: 'get_documentation_status', arguments: { session_id: answer.session_id }, why: 'What the session still waits for.' }];
  }
}
