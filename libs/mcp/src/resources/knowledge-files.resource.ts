import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';
import { jsonContents, parseKnowledgeUri } from './knowledge-resource';

@Injectable()
export class KnowledgeFilesResource implements LoreMcpResourceTemplate {
  readonly name = 'knowledge-files';
  readonly uriTemplate = 'knowledge://projects/{project_id}/files';
  readonly title = 'Project knowledge files';
  readonly description = 'Lists all knowledge files in a project: {files: [{filename, title, keywords, updated}]} (JSON).';

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  matches(uri: string): boolean {
    return parseKnowledgeUri(uri)?.view === 'files';
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const { projectId } = parseKnowledgeUri(uri)!;
    return jsonContents(uri, await this.knowledge.listKnowledgeFiles({ project_id: projectId }, principal));
  }
}
