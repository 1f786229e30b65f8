import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  type UpdateProjectMainInput,
  UpdateProjectMainInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, KNOWLEDGE_WRITE, type LoreMcpTool } from '../mcp-tool';

/** The Knowledge MCP server's update_project_main; expected_version is Lore's addition. */
@Injectable()
export class UpdateProjectMainTool implements LoreMcpTool<typeof UpdateProjectMainInputSchema, typeof KnowledgeWriteResultSchema> {
  readonly name = 'update_project_main';
  readonly title = 'Update project main instructions';
  readonly description = 'Updates the main project instructions (replacement for CLAUDE.md)';
  readonly version = FIRST_VERSION;
  readonly input = UpdateProjectMainInputSchema;
  readonly output = KnowledgeWriteResultSchema;
  readonly annotations = { ...KNOWLEDGE_WRITE, idempotentHint: true };
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;
  readonly permission = 'knowledge:write';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: UpdateProjectMainInput, principal: Principal): Promise<KnowledgeWriteResult> {
    return this.knowledge.updateProjectMain(args, principal);
  }

  next(): [] {
    return [];
  }
}
