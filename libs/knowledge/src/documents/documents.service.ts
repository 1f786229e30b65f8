import { Injectable } from '@nestjs/common';
import { CodeGraphRepository, type DocumentSectionRecord } from '@lore/graph';
import { NotFoundError, type Principal, fileUid, type SymbolOrFileTarget, TRUST_BOUNDARY, type Warning, formatDocUri } from '@lore/domain';
import {
  DOCUMENT_REFERENCES,
  type DocumentSection,
  type GetDocumentsInput,
  GetDocumentsInputSchema,
  type GetDocumentsResult,
} from '@lore/domain/schemas/documents';
import { pathInRepository, resolveSymbolUid, targetRepository, withPastedUid } from '../target-resolution';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';
import { KnowledgeLinksService } from '../project-knowledge/knowledge-links.service';
import { findSymbolsHint } from '../hints';

/** get_documents: the Markdown sections that mention a symbol or link its file, or link a file or name its symbols. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly knowledge: KnowledgeLinksService,
  ) {}

  @Operation('get_documents', { kind: 'read' })
  async getDocuments(input: GetDocumentsInput, principal: Principal): Promise<GetDocumentsResult> {
    const query = parseInput(GetDocumentsInputSchema, input);
    const target = await this.targetOf(query, principal);
    const found = await this.graph.findDocumentSections(
      principal,
      { repositoryId: target.repositoryId, path: target.path, symbolUid: target.symbol?.uid ?? null },
      query.limit + 1,
    );
    const truncated = found.length > query.limit;
    return {
      target,
      sections: found.slice(0, query.limit).map(sectionOf),
      knowledge: target.symbol
        ? await this.knowledge.knowledgeAbout(principal, [target.symbol.uid])
        : await this.knowledge.knowledgeAbout(principal, [fileUid(principal.tenantId, target.repositoryId, target.path)], {
            declared: true,
          }),
      warnings: truncated ? [truncationWarning(query.limit)] : [],
      trustBoundary: TRUST_BOUNDARY,
    };
  }

  private async targetOf(asked: SymbolOrFileTarget, principal: Principal): Promise<GetDocumentsResult['target']> {
    const query = withPastedUid(asked);
    if (query.path !== undefined) {
      const repository = await targetRepository(this.graph, principal, query.repositoryId);
      const path = pathInRepository(repository, query.path);
      const file = await this.graph.getFile(principal, repository.repositoryId, path);
      if (!file) throw new NotFoundError(`No indexed file ${path} in ${repository.repositoryId}.`);
      return { repositoryId: repository.repositoryId, path, symbol: null };
    }
    const uid = await resolveSymbolUid(this.graph, principal, query);
    const [found] = await this.graph.getSymbolRefs(principal, [uid]);
    if (!found) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
    return { repositoryId: found.symbol.repositoryId, path: found.symbol.path, symbol: found.symbol };
  }
}

function sectionOf({ section, document, repositoryId, commitSha, refersBy, symbols }: DocumentSectionRecord): DocumentSection {
  return {
    uri: formatDocUri({ repositoryId, commitSha, path: document.path, range: section }),
    repositoryId,
    path: document.path,
    documentTitle: document.title,
    documentKind: document.kind,
    title: section.title,
    level: section.level,
    startLine: section.startLine,
    endLine: section.endLine,
    refersBy: DOCUMENT_REFERENCES.filter((reference) => refersBy.includes(reference)),
    symbols: [...symbols].sort((a, b) => a.startLine - b.startLine || a.uid.localeCompare(b.uid)),
  };
}

function truncationWarning(limit: number): Warning {
  return {
    code: 'output_truncated',
    message: `Only the first ${limit} sections are listed: raise limit (at most 200), or ask about a symbol rather than its file.`,
  };
}
