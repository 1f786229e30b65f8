import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  CreateDocumentationInputSchema,
  CreateDocumentationResultSchema,
  type CreateDocumentationInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** create_documentation: a documentation session on a set of files. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class CreateDocumentationController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Post('files')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_documentation',
    summary: 'Start a documentation session on a set of files, as one module (started).',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiBodyFrom(CreateDocumentationInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CreateDocumentationResultSchema) })
  createDocumentation(@Req() req: RequestWithPrincipal, @Body() body: CreateDocumentationInput) {
    return this.service.createDocumentation(body, principalOf(req));
  }
}
