import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type DocumentDraft, DocumentDraftSchema } from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_document_draft: a stored draft read back by its id. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class DocumentDraftReadController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Get('drafts/:documentId')
  @ApiOperation({ operationId: 'get_document_draft', summary: 'A draft by its documentId, until it expires.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiOkResponse({ schema: openApiSchema(DocumentDraftSchema) })
  get(@Req() req: RequestWithPrincipal, @Param('documentId') documentId: string): Promise<DocumentDraft> {
    return this.service.getDocumentDraft({ documentId }, principalOf(req));
  }
}
