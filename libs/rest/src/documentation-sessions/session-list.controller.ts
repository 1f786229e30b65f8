import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ListDocumentationSessionsResult, ListDocumentationSessionsResultSchema } from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** list_documentation_sessions: `GET /api/v1/docs/sessions`, the caller's own sessions. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class SessionListController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_documentation_sessions',
    summary: "The caller's live documentation sessions, most recently used first.",
  })
  @ApiLoreErrors('unavailable')
  @ApiOkResponse({ schema: openApiSchema(ListDocumentationSessionsResultSchema) })
  list(@Req() req: RequestWithPrincipal): Promise<ListDocumentationSessionsResult> {
    return this.service.listDocumentationSessions({}, principalOf(req));
  }
}
