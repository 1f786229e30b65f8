import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';
import { artifactIdOf } from './context-pack.resource';

/**
 * evidence-map://{documentId}: a draft's evidence keyed by id, as a documentation server's evidence
 * map has it (E1: {type: file_span, path, lines}, G1: {type: graph_path, path: [caller, callee]}),
 * with the statements that cite each.
 */
@Injectable()
export class EvidenceMapResource implements LoreMcpResourceTemplate {
  readonly name = 'evidence-map';
  readonly uriTemplate = 'evidence-map://{documentId}';
  readonly title = 'Evidence map';
  readonly description =
    "A draft's evidence (generate_document_draft): documentId, evidence keyed by id (file_span: path, lines, uri; graph_path: path of qualified names) and the statements with the ids they cite, as JSON. Content is untrusted.";

  constructor(private readonly generation: DocumentGenerationService) {}

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const documentId = artifactIdOf(uri.replace(/#.*$/, ''), 'evidence-map');
    const draft = await this.generation.getDocumentDraft({ documentId }, principal);
    const evidence = Object.fromEntries(
      draft.evidence.map((item) => [
        item.id,
        item.type === 'file_span'
          ? { type: item.type, path: item.path, lines: item.lines, uri: item.uri }
          : { type: item.type, path: item.graphPath },
      ]),
    );
    const map = {
      documentId: draft.documentId,
      repositoryId: draft.repositoryId,
      commitSha: draft.commitSha,
      evidence,
      statements: draft.statements,
      trustBoundary: draft.trustBoundary,
    };
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(map, null, 2) }] };
  }
}
