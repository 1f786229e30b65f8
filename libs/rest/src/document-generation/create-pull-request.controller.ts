import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CreatePullRequestInput,
  CreatePullRequestInputSchema,
  type CreatePullRequestResult,
  CreatePullRequestResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** create_pull_request (high risk): `POST /api/v1/docs/pull-requests`; disabled unless the server allows it, needs docs:publish and {"confirm": true}. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class CreatePullRequestController {
  constructor(private readonly service: DocumentGenerationService) {}

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
