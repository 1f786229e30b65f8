import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  ClearDocumentationSessionResultSchema,
  type DocumentationSessionIdInput,
  DocumentationSessionIdInputSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, SESSION_LOCAL } from '../mcp-tool';

@Injectable()
export class ClearDocumentationSessionTool implements LoreMcpTool<
  typeof DocumentationSessionIdInputSchema,
  typeof ClearDocumentationSessionResultSchema
> {
  readonly name = 'clear_documentation_session';
  readonly title = 'Clear a documentation session';
  readonly description =
    "Forgets one of the caller's documentation sessions (clearSession of the stateful-tool layer): its state, history and pending requests. The documentation it wrote stays where it was written. An unknown or another principal's session is SESSION_NOT_FOUND.";
  readonly version = FIRST_VERSION;
  readonly input = DocumentationSessionIdInputSchema;
  readonly output = ClearDocumentationSessionResultSchema;
  readonly annotations = SESSION_LOCAL;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  call(args: DocumentationSessionIdInput, principal: Principal): Promise<z.output<typeof ClearDocumentationSessionResultSchema>> {
    return this.sessions.clearDocumentationSession(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
