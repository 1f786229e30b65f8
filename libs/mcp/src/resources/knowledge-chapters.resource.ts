import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';
import { jsonContents, parseKnowledgeUri } from './knowledge-resource';

@Injectable()
export class KnowledgeChaptersResource implements LoreMcpResourceTemplate {
  readonly name = 'knowledge-chapters';
  readonly uriTemplate = 'knowledge://projects/{project_id}/chapters/{filename}';
  readonly title = 'Knowledge document chapters';
  readonly description = 'Lists all chapters in a specific knowledge file: {chapters: [{title, summary}]} (JSON).';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  matches(uri: string): boolean {
    return parseKnowledgeUri(uri)?.view === 'chapters';
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const { projectId, filename } = parseKnowledgeUri(uri)!;
    return jsonContents(uri, await this.knowledge.listKnowledgeChapters({ project_id: projectId, filename: filename! }, principal));
  }
}
