import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  type UpdateChapterInput,
  UpdateChapterInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, KNOWLEDGE_WRITE, type LoreMcpTool } from '../mcp-tool';

/** The Knowledge MCP server's update_chapter: one chapter replaced, every other byte of the document kept. */
@Injectable()
export class UpdateChapterTool implements LoreMcpTool<typeof UpdateChapterInputSchema, typeof KnowledgeWriteResultSchema> {
  readonly name = 'update_chapter';
  readonly title = 'Update a chapter';
  readonly description =
    "Updates a specific chapter within a knowledge document (its summary and content, found by its title), leaving every other chapter as it is and refreshing the document's updated date.";
  readonly version = FIRST_VERSION;
  readonly input = UpdateChapterInputSchema;
  readonly output = KnowledgeWriteResultSchema;
  readonly annotations = { ...KNOWLEDGE_WRITE, idempotentHint: true };
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;
  readonly permission = 'knowledge:write';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: UpdateChapterInput, principal: Principal): Promise<KnowledgeWriteResult> {
    return this.knowledge.updateChapter(args, principal);
  }

  next(): [] {
    return [];
  }
}
