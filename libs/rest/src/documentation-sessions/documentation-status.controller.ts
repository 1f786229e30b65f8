import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type DocumentationStatus, DocumentationStatusSchema } from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_documentation_status: where a documentation session is, with its pending requests. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class DocumentationStatusController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Get(':sessionId')
  @ApiOperation({
    operationId: 'get_documentation_status',
    summary: "A session's status, progress, documentation path, quality metrics and pending requests.",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'conflict', 'unavailable')
  @ApiOkResponse({ schema: openApiSchema(DocumentationStatusSchema) })
  status(@Req() req: RequestWithPrincipal, @Param('sessionId') sessionId: string): Promise<DocumentationStatus> {
    return this.service.getDocumentationStatus({ session_id: sessionId }, principalOf(req));
  }
}
