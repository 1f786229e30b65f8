import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type KnowledgeFileInput,
  KnowledgeFileInputSchema,
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, KNOWLEDGE_WRITE, type LoreMcpTool } from '../mcp-tool';

/** The Knowledge MCP server's delete_knowledge_file (git keeps the history: restore brings it back). */
@Injectable()
export class DeleteKnowledgeFileTool implements LoreMcpTool<typeof KnowledgeFileInputSchema, typeof KnowledgeWriteResultSchema> {
  readonly name = 'delete_knowledge_file';
  readonly title = 'Delete a knowledge document';
  readonly description = 'Removes a knowledge document from the project (its history stays in the knowledge store).';
  readonly version = FIRST_VERSION;
  readonly input = KnowledgeFileInputSchema;
  readonly output = KnowledgeWriteResultSchema;
  readonly annotations = { ...KNOWLEDGE_WRITE, destructiveHint: true };
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;
  readonly permission = 'knowledge:write';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: KnowledgeFileInput, principal: Principal): Promise<KnowledgeWriteResult> {
    return this.knowledge.deleteKnowledgeFile(args, principal);
  }

  next(): [] {
    return [];
  }
}
