import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type GetProjectMainInput,
  GetProjectMainInputSchema,
  type GetProjectMainResult,
  GetProjectMainResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, type LoreMcpTool, READ_ONLY } from '../mcp-tool';

/** The Knowledge MCP server's get_project_main: its name, argument, result and description, unchanged. */
@Injectable()
export class GetProjectMainTool implements LoreMcpTool<typeof GetProjectMainInputSchema, typeof GetProjectMainResultSchema> {
  readonly name = 'get_project_main';
  readonly title = 'Get project main instructions';
  readonly description = 'Retrieves the main project instructions (replacement for CLAUDE.md)';
  readonly version = FIRST_VERSION;
  readonly input = GetProjectMainInputSchema;
  readonly output = GetProjectMainResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: GetProjectMainInput, principal: Principal): Promise<GetProjectMainResult> {
    return this.knowledge.getProjectMain(args, principal);
  }

  next(): [] {
    return [];
  }
}
