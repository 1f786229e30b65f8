import { Controller, Delete, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ClearDocumentationSessionResult, ClearDocumentationSessionResultSchema } from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** clear_documentation_session: `DELETE /api/v1/docs/sessions/:sessionId`, one of the caller's own sessions. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class ClearDocumentationSessionController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Delete(':sessionId')
  @ApiOperation({
    operationId: 'clear_documentation_session',
    summary: "Forget one of the caller's sessions (its written documentation stays).",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiOkResponse({ schema: openApiSchema(ClearDocumentationSessionResultSchema) })
  clear(@Req() req: RequestWithPrincipal, @Param('sessionId') sessionId: string): Promise<ClearDocumentationSessionResult> {
    return this.service.clearDocumentationSession({ session_id: sessionId }, principalOf(req));
  }
}
