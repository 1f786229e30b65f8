import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type ListDocumentationSessionsInput,
  ListDocumentationSessionsInputSchema,
  ListDocumentationSessionsResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class ListDocumentationSessionsTool implements LoreMcpTool<
  typeof ListDocumentationSessionsInputSchema,
  typeof ListDocumentationSessionsResultSchema
> {
  readonly name = 'list_documentation_sessions';
  readonly title = 'List documentation sessions';
  readonly description =
    "The caller's live documentation sessions (getSessionIds of the stateful-tool layer): session_ids, most recently used first, and each session's repository, status and expiry. Another principal's sessions are never listed.";
  readonly version = FIRST_VERSION;
  readonly input = ListDocumentationSessionsInputSchema;
  readonly output = ListDocumentationSessionsResultSchema;
  readonly annotations = READ_ONLY;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  call(args: ListDocumentationSessionsInput, principal: Principal): Promise<z.output<typeof ListDocumentationSessionsResultSchema>> {
    return this.sessions.listDocumentationSessions(args, principal);
  }

  next(answer: z.output<typeof ListDocumentationSessionsResultSchema>): NextCall[] {
    return answer.session_ids.slice(0, 1).map((sessionId) => ({
      tool: 'get_documentation_status',
      arguments: { session_id: sessionId },
      why: 'Where the most recent session is, with its pending requests.',
    }));
  }
}
