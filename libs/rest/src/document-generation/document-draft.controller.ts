import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type DocumentDraft,
  DocumentDraftSchema,
  type GenerateDocumentDraftInput,
  GenerateDocumentDraftInputSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** generate_document_draft, its input in the query or in the body. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class DocumentDraftController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Get('draft')
  @ApiOperation({
    operationId: 'generate_document_draft',
    summary: "A module's documentation from the graph alone, every statement citing its evidence.",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  @ApiQueryFrom(GenerateDocumentDraftInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DocumentDraftSchema) })
  generate(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<DocumentDraft> {
    return this.service.generateDocumentDraft(
      inputFromQuery(GenerateDocumentDraftInputSchema, query) as GenerateDocumentDraftInput,
      principalOf(req),
    );
  }

  @Post('drafts')
  @HttpCode(200)
  @ApiOperation({ operationId: 'generate_document_draft_body', summary: 'generate_document_draft with its input in the body.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  @ApiBodyFrom(GenerateDocumentDraftInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DocumentDraftSchema) })
  generateFromBody(@Req() req: RequestWithPrincipal, @Body() body: GenerateDocumentDraftInput): Promise<DocumentDraft> {
    return this.service.generateDocumentDraft(body, principalOf(req));
  }
}
