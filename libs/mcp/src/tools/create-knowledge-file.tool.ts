import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type CreateKnowledgeFileInput,
  CreateKnowledgeFileInputSchema,
  type CreateKnowledgeFileResult,
  CreateKnowledgeFileResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, KNOWLEDGE_WRITE, type LoreMcpTool } from '../mcp-tool';

/** The Knowledge MCP server's create_knowledge_file: a new document in the seed's format, under the slug of its filename. */
@Injectable()
export class CreateKnowledgeFileTool implements LoreMcpTool<typeof CreateKnowledgeFileInputSchema, typeof CreateKnowledgeFileResultSchema> {
  readonly name = 'create_knowledge_file';
  readonly title = 'Create a knowledge document';
  readonly description =
    'Creates a new knowledge document: front matter (title, keywords, updated), a 2-3 line introduction, and chapters, each a title, a 2-3 line summary and content. The filename is slugified (transliterated to ASCII, .md added).';
  readonly version = FIRST_VERSION;
  readonly input = CreateKnowledgeFileInputSchema;
  readonly output = CreateKnowledgeFileResultSchema;
  readonly annotations = KNOWLEDGE_WRITE;
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;
  readonly permission = 'knowledge:write';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: CreateKnowledgeFileInput, principal: Principal): Promise<CreateKnowledgeFileResult> {
    return this.knowledge.createKnowledgeFile(args, principal);
  }

  next(): [] {
    return [];
  }
}
