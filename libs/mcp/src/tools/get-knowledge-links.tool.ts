import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type GetKnowledgeLinksInput,
  GetKnowledgeLinksInputSchema,
  type GetKnowledgeLinksResult,
  GetKnowledgeLinksResultSchema,
} from '@lore/domain/schemas/knowledge-links';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { FIRST_VERSION, type LoreMcpTool, READ_ONLY } from '../mcp-tool';

/** Lore's addition to the knowledge tools: which code each chapter names, and whether it changed since the chapter was written. */
@Injectable()
export class GetKnowledgeLinksTool implements LoreMcpTool<typeof GetKnowledgeLinksInputSchema, typeof GetKnowledgeLinksResultSchema> {
  readonly name = 'get_knowledge_links';
  readonly title = 'Knowledge linked to the code';
  readonly description =
    "Lists the symbols and files each chapter of the project's knowledge documents names (in backticks, as a qualified name or a path), resolved against the indexed repositories of the project, each flagged possibly stale when that code's signature or body changed, it was renamed or deleted after the chapter was written.";
  readonly version = FIRST_VERSION;
  readonly input = GetKnowledgeLinksInputSchema;
  readonly output = GetKnowledgeLinksResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;
  readonly answersAsSeed = true;

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  call(args: GetKnowledgeLinksInput, principal: Principal): Promise<GetKnowledgeLinksResult> {
    return this.knowledge.getKnowledgeLinks(args, principal);
  }

  next(): [] {
    return [];
  }
}
