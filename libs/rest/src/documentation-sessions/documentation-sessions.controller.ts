import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  AnalyzeFileCallbackInputSchema,
  AnalyzeFileCallbackResultSchema,
  type AnalyzeFileCallbackInput,
  CreateDocumentationInputSchema,
  CreateDocumentationResultSchema,
  type CreateDocumentationInput,
  type DocumentationStatus,
  DocumentationStatusSchema,
  FullDocumentationInputSchema,
  FullDocumentationResultSchema,
  type FullDocumentationInput,
  ProvideDependencyFilesInputSchema,
  ProvideDependencyFilesResultSchema,
  type ProvideDependencyFilesInput,
  ProvideThematicGroupingsInputSchema,
  ProvideThematicGroupingsResultSchema,
  type ProvideThematicGroupingsInput,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/knowledge/documentation-sessions/documentation-sessions.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/**
 * Documentation sessions over REST (docs/documentation-sessions.md): the same calls as the MCP tools,
 * the session in the path where there is one. A client over HTTP polls the status for the pending
 * requests and their prompts, and answers each with POST …/analyses. Errors are problems whose
 * `details.seedError` carries the CodeDoc error {code, title, explanation, details}.
 */
@ApiTags('documentation sessions')
@Controller('api/v1/docs/sessions')
export class DocumentationSessionsController {
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

  @Post(':sessionId/groupings')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'provide_thematic_groupings',
    summary: "Give a session the workspace's files grouped by theme (processing).",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'conflict', 'unavailable')
  @ApiBodyFrom(ProvideThematicGroupingsInputSchema.omit({ session_id: true }))
  @ApiOkResponse({ schema: openApiSchema(ProvideThematicGroupingsResultSchema) })
  provideThematicGroupings(
    @Req() req: RequestWithPrincipal,
    @Param('sessionId') sessionId: string,
    @Body() body: Omit<ProvideThematicGroupingsInput, 'session_id'>,
  ) {
    return this.service.provideThematicGroupings({ ...body, session_id: sessionId }, principalOf(req));
  }

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
