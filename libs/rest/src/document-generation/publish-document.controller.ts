import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  PublishDocumentInputSchema,
  type PublishDocumentResult,
  PublishDocumentResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** publish_document (high risk): `POST /api/v1/docs/drafts/:documentId/publish`; disabled unless the server allows it, needs docs:publish and {"confirm": true}. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class PublishDocumentController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Post('drafts/:documentId/publish')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'publish_document',
    summary: 'Write a reviewed draft into the publish directory (LORE_DOCS_PUBLISH_ENABLED, docs:publish, confirm: true).',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'quality_gate_failed', 'unavailable')
  @ApiBodyFrom(PublishDocumentInputSchema.omit({ documentId: true }))
  @ApiOkResponse({ schema: openApiSchema(PublishDocumentResultSchema) })
  publish(
    @Req() req: RequestWithPrincipal,
    @Param('documentId') documentId: string,
    @Body() body: { confirm?: boolean; fileName?: string },
  ): Promise<PublishDocumentResult> {
    return this.service.publishDocument({ ...body, documentId }, principalOf(req));
  }
}
