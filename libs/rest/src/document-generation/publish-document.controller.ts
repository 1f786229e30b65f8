import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  ArchiveDocumentInputSchema,
  type ArchiveDocumentResult,
  ArchiveDocumentResultSchema,
  type CreatePullRequestInput,
  CreatePullRequestInputSchema,
  type CreatePullRequestResult,
  CreatePullRequestResultSchema,
  PublishDocumentInputSchema,
  type PublishDocumentResult,
  PublishDocumentResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** publish_document, archive_document and create_pull_request: high risk, disabled unless the server allows it; need docs:publish and {"confirm": true}. */
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

  @Post('pull-requests')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_pull_request',
    summary:
      'Push a reviewed draft on a new branch of origin and open its pull request (LORE_DOCS_PUBLISH_ENABLED, docs:publish, confirm: true, LORE_FORGE_TOKEN).',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'quality_gate_failed', 'conflict', 'unavailable')
  @ApiBodyFrom(CreatePullRequestInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CreatePullRequestResultSchema) })
  createPullRequest(@Req() req: RequestWithPrincipal, @Body() body: CreatePullRequestInput): Promise<CreatePullRequestResult> {
    return this.service.createPullRequest(body, principalOf(req));
  }
}
