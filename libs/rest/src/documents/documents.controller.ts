import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetDocumentsInput,
  GetDocumentsInputSchema,
  type GetDocumentsResult,
  GetDocumentsResultSchema,
} from '@lore/domain/schemas/documents';
import { DocumentsService } from '@lore/knowledge/documents/documents.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('documents')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/documents')
export class DocumentsController {
  constructor(private readonly service: DocumentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_documents',
    summary: 'The Markdown sections that mention a symbol or link its file, or link a file or name its symbols, with doc:// URIs.',
  })
  @ApiQueryFrom(GetDocumentsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetDocumentsResultSchema) })
  getDocuments(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetDocumentsResult> {
    return this.service.getDocuments(inputFromQuery(GetDocumentsInputSchema, query) as GetDocumentsInput, principalOf(req));
  }
}
