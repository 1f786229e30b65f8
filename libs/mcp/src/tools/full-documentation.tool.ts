import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type FullDocumentationInput,
  FullDocumentationInputSchema,
  FullDocumentationResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { SESSION_STEP } from '../documentation-session-tool';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class FullDocumentationTool implements LoreMcpTool<typeof FullDocumentationInputSchema, typeof FullDocumentationResultSchema> {
  readonly name = 'full_documentation';
  readonly title = 'Document a whole workspace';
  readonly description =
    'Starts a documentation session on a whole workspace (an indexed repository: workspace_id is its repository id or its proj-<uuid> workspace id). Answers session_id and status awaiting_groupings: group the files by theme and call provide_thematic_groupings. Never includes file contents.';
  readonly version = FIRST_VERSION;
  readonly input = FullDocumentationInputSchema;
  readonly output = FullDocumentationResultSchema;
  readonly annotations = SESSION_STEP;
  readonly permission = 'read' as const;
  readonly stateful = true as const;
  readonly pagedLists = [] as const;

  constructor(private readonly sessions: DocumentationSessionsService) {}

  call(args: FullDocumentationInput, principal: Principal): Promise<z.output<typeof FullDocumentationResultSchema>> {
    return this.sessions.fullDocumentation(args, principal);
  }

  next(answer: z.output<typeof FullDocumentationResultSchema>): NextCall[] {
    return [{ tool: 'get_project_structure', arguments: { repositoryId: answer.repositoryId }, why: 'The files to group by theme.' }];
  }
}
