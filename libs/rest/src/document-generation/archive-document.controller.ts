import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  ArchiveDocumentInputSchema,
  type ArchiveDocumentResult,
  ArchiveDocumentResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** archive_document (high risk): `POST /api/v1/docs/archive`; disabled unless the server allows it, needs docs:publish and {"confirm": true}. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class ArchiveDocumentController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Post('archive')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'archive_document',
    summary: 'Move a published document to archived/<repositoryId>/ (LORE_DOCS_PUBLISH_ENABLED, docs:publish, confirm: true).',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'unavailable')
  @ApiBodyFrom(ArchiveDocumentInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ArchiveDocumentResultSchema) })
  archive(@Req() req: RequestWithPrincipal, @Body() body: { path: string; confirm?: boolean }): Promise<ArchiveDocumentResult> {
    return this.service.archiveDocument(body, principalOf(req));
  }
}
