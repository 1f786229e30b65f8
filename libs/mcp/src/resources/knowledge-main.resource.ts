import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';
import { parseKnowledgeUri } from './knowledge-resource';

@Injectable()
export class KnowledgeMainResource implements LoreMcpResourceTemplate {
  readonly name = 'knowledge-main';
  readonly uriTemplate = 'knowledge://projects/{project_id}/main';
  readonly title = 'Project main instructions';
  readonly description = "A project's main.md (its instructions, the replacement for CLAUDE.md); a project that does not exist is -32001.";

  constructor(private readonly knowledge: ProjectKnowledgeService) {}

  matches(uri: string): boolean {
    return parseKnowledgeUri(uri)?.view === 'main';
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const { projectId } = parseKnowledgeUri(uri)!;
    const text = await this.knowledge.readProjectMain({ project_id: projectId }, principal);
    return { contents: [{ uri, mimeType: 'text/markdown', text }] };
  }
}
