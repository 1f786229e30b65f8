import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetDocumentsInput, GetDocumentsInputSchema, GetDocumentsResultSchema } from '@lore/domain/schemas/documents';
import { DocumentsService } from '@lore/knowledge/documents/documents.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetDocumentsTool implements LoreMcpTool<typeof GetDocumentsInputSchema, typeof GetDocumentsResultSchema> {
  readonly name = 'get_documents';
  readonly title = 'Get documents';
  readonly description =
    'The Markdown sections (README, docs, ADRs) that mention or describe a symbol (by uid, or by name or qualified name) or a file (repositoryId and path): each with its document, heading, line range, a doc:// URI to read it with get_file_span, and how it refers (mentions_symbol, links_its_file, links_file, mentions_its_symbol).';
  readonly version = FIRST_VERSION;
  readonly input = GetDocumentsInputSchema;
  readonly output = GetDocumentsResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['sections'] as const;

  constructor(private readonly documents: DocumentsService) {}

  call(args: GetDocumentsInput, principal: Principal): Promise<z.output<typeof GetDocumentsResultSchema>> {
    return this.documents.getDocuments(args, principal);
  }

  next(answer: z.output<typeof GetDocumentsResultSchema>): NextCall[] {
    return answer.sections
      .slice(0, 2)
      .map((section) => ({ tool: 'get_file_span', arguments: { uri: section.uri }, why: `The text of "${section.title}".` }));
  }
}
