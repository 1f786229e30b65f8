import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type DocumentationSessionIdInput,
  DocumentationSessionIdInputSchema,
  DocumentationStatusSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class GetDocumentationStatusTool implements LoreMcpTool<typeof DocumentationSessionIdInputSchema, typeof DocumentationStatusSchema> {
  readonly name = 'get_documentation_status';
  readonly title = 'Documentation session status';
  readonly description =
    "A documentation session's status (awaiting_groupings, started, processing, completed), progress{total_files, processed_files, failed_files} (a request unanswered within MCP_CALLBACK_TIMEOUT fails its file), documentation_path once written, quality_metrics (with the claims of the written documentation the code supports, contradicts or does not settle), and the pending requests with their prompts, for clients that poll instead of receiving analyze_file_request.";
  readonly version = FIRST_VERSION;
  readonly input = DocumentationSessionIdInputSchema;
  readonly output = DocumentationStatusSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  call(args: DocumentationSessionIdInput, principal: Principal): Promise<z.output<typeof DocumentationStatusSchema>> {
    return this.sessions.getDocumentationStatus(args, principal);
  }

  next(answer: z.output<typeof DocumentationStatusSchema>): NextCall[] {
    return answer.pending_requests.slice(0, 1).map((request) => ({
      tool: 'analyze_file_callback',
      arguments: { session_id: answer.session_id, request_id: request.request_id, file_path: request.file_path },
      why: 'Answer the first pending analysis request (with analysis{summary, documentation, …}).',
    }));
  }
}
