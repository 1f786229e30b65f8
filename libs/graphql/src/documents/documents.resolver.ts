import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetDocumentsInput,
  GetDocumentsInputSchema,
  type GetDocumentsResult,
  GetDocumentsResultSchema,
} from '@lore/domain/schemas/documents';
import { DocumentsService } from '@lore/knowledge/documents/documents.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class DocumentsResolver {
  constructor(private readonly service: DocumentsService) {}

  @LoreQuery({
    name: 'documents',
    description: 'get_documents: the Markdown sections that mention a symbol or link its file, or link a file or name its symbols.',
    args: { input: GetDocumentsInputSchema },
    result: GetDocumentsResultSchema,
  })
  documents(@Args('input') input: GetDocumentsInput, @Context('req') req: RequestWithPrincipal): Promise<GetDocumentsResult> {
    return this.service.getDocuments(withoutNulls(input), principalOf(req));
  }
}
