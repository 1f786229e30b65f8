import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type SearchKnowledgeInput,
  SearchKnowledgeInputSchema,
  type SearchKnowledgeResult,
  SearchKnowledgeResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, type LoreMcpTool, READ_ONLY } from '../mcp-tool';

/** The Knowledge MCP server's search_knowledge: case-insensitive keyword search over front matter and body, by chapter. */
@Injectable()
export class SearchKnowledgeTool implements LoreMcpTool<typeof SearchKnowledgeInputSchema, typeof SearchKnowledgeResultSchema> {
  readonly name = 'search_knowledge';
  readonly title = 'Search project knowledge';
  readonly description =
    "Searches the project's knowledge documents with case-insensitive keyword matching in their titles, keywords, introductions and chapters: each matching chapter once, with its summary and the lines that matched.";
  readonly version = FIRST_VERSION;
  readonly input = SearchKnowledgeInputSchema;
  readonly output = SearchKnowledgeResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: SearchKnowledgeInput, principal: Principal): Promise<SearchKnowledgeResult> {
    return this.knowledge.searchKnowledge(args, principal);
  }

  next(): [] {
    return [];
  }
}
