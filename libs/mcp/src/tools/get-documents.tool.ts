import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type GetDocumentsInput, GetDocumentsInputSchema, GetDocumentsResultSchema } from '@lore/domain/schemas/documents';
import { DocumentsService } from '@lore/knowledge/documents/documents.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetDocumentsTool implements LoreMcpTool<typeof GetDocumentsInputSchema> {
  readonly name = 'get_documents';
  readonly title = 'Get documents';
  readonly description =
    'The Markdown sections (README, docs, ADRs) that mention or describe a symbol (by uid, or by name or qualified name) or a file (repositoryId and path): each with its document, heading, line range, a doc:// URI to read it with get_file_span, and how it refers (mentions_symbol, links_its_file, links_file, mentions_its_symbol).';
  readonly input = GetDocumentsInputSchema;
  readonly output = GetDocumentsResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly documents: DocumentsService) {}

  call(args: GetDocumentsInput, principal: Principal): Promise<object> {
    return this.documents.getDocuments(args, principal);
  }
}
