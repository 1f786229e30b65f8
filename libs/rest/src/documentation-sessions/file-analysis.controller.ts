import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  AnalyzeFileCallbackInputSchema,
  AnalyzeFileCallbackResultSchema,
  type AnalyzeFileCallbackInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** analyze_file_callback: the answer to a pending analysis request. */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class FileAnalysisController {
  constructor(private readonly service: DocumentationSessionsService) {}

  @Post(':sessionId/analyses')
  @HttpCode(200)
  @ApiOperation({ operationId: 'analyze_file_callback', summary: 'Answer a pending analysis request of the session.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'conflict', 'unavailable')
  @ApiBodyFrom(AnalyzeFileCallbackInputSchema.omit({ session_id: true }))
  @ApiOkResponse({ schema: openApiSchema(AnalyzeFileCallbackResultSchema) })
  analyzeFileCallback(
    @Req() req: RequestWithPrincipal,
    @Param('sessionId') sessionId: string,
    @Body() body: Omit<AnalyzeFileCallbackInput, 'session_id'>,
  ) {
    return this.service.analyzeFileCallback({ ...body, session_id: sessionId }, principalOf(req));
  }
}
