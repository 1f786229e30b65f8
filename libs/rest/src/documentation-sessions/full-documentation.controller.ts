import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  FullDocumentationInputSchema,
  FullDocumentationResultSchema,
  type FullDocumentationInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** full_documentation: a documentation session on a whole workspace. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class FullDocumentationController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'full_documentation', summary: 'Start a documentation session on a whole workspace (awaiting_groupings).' })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiBodyFrom(FullDocumentationInputSchema)
  @ApiOkResponse({ schema: openApiSchema(FullDocumentationResultSchema) })
  fullDocumentation(@Req() req: RequestWithPrincipal, @Body() body: FullDocumentationInput) {
    return this.service.fullDocumentation(body, principalOf(req));
  }
}
