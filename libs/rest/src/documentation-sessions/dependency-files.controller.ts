import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  ProvideDependencyFilesInputSchema,
  ProvideDependencyFilesResultSchema,
  type ProvideDependencyFilesInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** provide_dependency_files: the files a file of the session depends on. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class DependencyFilesController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Post(':sessionId/dependencies')
  @HttpCode(200)
  @ApiOperation({ operationId: 'provide_dependency_files', summary: 'Add the files a file of the session depends on.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'conflict', 'unavailable')
  @ApiBodyFrom(ProvideDependencyFilesInputSchema.omit({ session_id: true }))
  @ApiOkResponse({ schema: openApiSchema(ProvideDependencyFilesResultSchema) })
  provideDependencyFiles(
    @Req() req: RequestWithPrincipal,
    @Param('sessionId') sessionId: string,
    @Body() body: Omit<ProvideDependencyFilesInput, 'session_id'>,
  ) {
    return this.service.provideDependencyFiles({ ...body, session_id: sessionId }, principalOf(req));
  }
}
