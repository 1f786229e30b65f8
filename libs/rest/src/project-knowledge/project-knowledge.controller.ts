import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  CreateKnowledgeFileInputSchema,
  type CreateKnowledgeFileResult,
  CreateKnowledgeFileResultSchema,
  type GetProjectMainResult,
  GetProjectMainResultSchema,
  ImportProjectKnowledgeInputSchema,
  type ImportProjectKnowledgeResult,
  ImportProjectKnowledgeResultSchema,
  type KnowledgeChapters,
  KnowledgeChaptersSchema,
  type KnowledgeFiles,
  KnowledgeFilesSchema,
  type KnowledgeHistory,
  KnowledgeHistoryInputSchema,
  KnowledgeHistorySchema,
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  RestoreKnowledgeFileInputSchema,
  SearchKnowledgeInputSchema,
  type SearchKnowledgeResult,
  SearchKnowledgeResultSchema,
  UpdateChapterInputSchema,
  UpdateProjectMainInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import {
  GetKnowledgeLinksInputSchema,
  type GetKnowledgeLinksResult,
  GetKnowledgeLinksResultSchema,
} from '@lore/domain/schemas/knowledge-links';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

type Body = Record<string, unknown>;

/**
 * Project knowledge over REST: the project, file and chapter are path segments (percent-decoded
 * before the service validates them, so an encoded `..` or `/` is refused as the plain one); what a
 * write changes is the JSON body, with the MCP tool's argument names. Errors carry the Knowledge MCP server's
 * JSON-RPC code and data in `details` ({jsonRpcCode, data}).
 */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class ProjectKnowledgeController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Get('main')
  @ApiOperation({ operationId: 'get_project_main', summary: "A project's main instructions (main.md, the replacement for CLAUDE.md)." })
  @ApiOkResponse({ schema: openApiSchema(GetProjectMainResultSchema) })
  getProjectMain(@Req() req: RequestWithPrincipal, @Param('project_id') projectId: string): Promise<GetProjectMainResult> {
    return this.service.getProjectMain({ project_id: projectId }, principalOf(req));
  }

  @Put('main')
  @ApiOperation({
    operationId: 'update_project_main',
    summary: 'Replaces main.md, in one commit (optionally only if expected_version is still its version).',
  })
  @ApiBodyFrom(UpdateProjectMainInputSchema.omit({ project_id: true }))
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  updateProjectMain(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: Body,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateProjectMain({ ...body, project_id: projectId } as never, principalOf(req));
  }

  @Get('search')
  @ApiOperation({
    operationId: 'search_knowledge',
    summary: "Case-insensitive keyword search of the project's knowledge documents, by chapter.",
  })
  @ApiQueryFrom(SearchKnowledgeInputSchema.pick({ query: true, mode: true, limit: true }))
  @ApiOkResponse({ schema: openApiSchema(SearchKnowledgeResultSchema) })
  searchKnowledge(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<SearchKnowledgeResult> {
    const input = inputFromQuery(SearchKnowledgeInputSchema.pick({ query: true, mode: true, limit: true }), query);
    return this.service.searchKnowledge({ ...input, project_id: projectId } as never, principalOf(req));
  }

  @Get('files')
  @ApiOperation({ operationId: 'list_knowledge_files', summary: 'The knowledge files of the project: filename, title, keywords, updated.' })
  @ApiOkResponse({ schema: openApiSchema(KnowledgeFilesSchema) })
  listFiles(@Req() req: RequestWithPrincipal, @Param('project_id') projectId: string): Promise<KnowledgeFiles> {
    return this.service.listKnowledgeFiles({ project_id: projectId }, principalOf(req));
  }

  @Post('files')
  @ApiOperation({
    operationId: 'create_knowledge_file',
    summary: 'Creates a knowledge document in the Knowledge MCP server format, under the slug of its filename, in one commit.',
  })
  @ApiBodyFrom(CreateKnowledgeFileInputSchema.omit({ project_id: true }))
  @ApiOkResponse({ schema: openApiSchema(CreateKnowledgeFileResultSchema) })
  createFile(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: Body,
  ): Promise<CreateKnowledgeFileResult> {
    return this.service.createKnowledgeFile({ ...body, project_id: projectId } as never, principalOf(req));
  }

  @Delete('files/:filename')
  @ApiOperation({ operationId: 'delete_knowledge_file', summary: 'Removes a knowledge document, in one commit (its history stays).' })
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  deleteFile(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
  ): Promise<KnowledgeWriteResult> {
    return this.service.deleteKnowledgeFile({ project_id: projectId, filename }, principalOf(req));
  }

  @Get('files/:filename/chapters')
  @ApiOperation({ operationId: 'list_knowledge_chapters', summary: 'The chapters of a knowledge file: title and summary.' })
  @ApiOkResponse({ schema: openApiSchema(KnowledgeChaptersSchema) })
  listChapters(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
  ): Promise<KnowledgeChapters> {
    return this.service.listKnowledgeChapters({ project_id: projectId, filename }, principalOf(req));
  }

  @Put('files/:filename/chapters/:chapter_title')
  @ApiOperation({
    operationId: 'update_chapter',
    summary: 'Replaces one chapter of a knowledge document, in one commit (optionally only if expected_version is still its version).',
  })
  @ApiBodyFrom(UpdateChapterInputSchema.omit({ project_id: true, filename: true, chapter_title: true }))
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  updateChapter(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
    @Param('chapter_title') chapterTitle: string,
    @Body() body: Body,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateChapter({ ...body, project_id: projectId, filename, chapter_title: chapterTitle } as never, principalOf(req));
  }

  @Get('links')
  @ApiOperation({
    operationId: 'get_knowledge_links',
    summary:
      "The symbols and files the project's chapters name, each flagged possibly stale when that code changed after the chapter was written.",
  })
  @ApiQueryFrom(GetKnowledgeLinksInputSchema.pick({ filename: true }))
  @ApiOkResponse({ schema: openApiSchema(GetKnowledgeLinksResultSchema) })
  links(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<GetKnowledgeLinksResult> {
    const { filename } = inputFromQuery(GetKnowledgeLinksInputSchema.pick({ filename: true }), query);
    return this.service.getKnowledgeLinks({ project_id: projectId, filename: filename as string | undefined }, principalOf(req));
  }

  @Get('files/:filename/history')
  @ApiOperation({
    operationId: 'get_knowledge_history',
    summary: 'The versions of a knowledge file (or main.md) in the store, newest first.',
  })
  @ApiQueryFrom(KnowledgeHistoryInputSchema.pick({ limit: true }))
  @ApiOkResponse({ schema: openApiSchema(KnowledgeHistorySchema) })
  history(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
    @Query() query: Record<string, unknown>,
  ): Promise<KnowledgeHistory> {
    const { limit } = inputFromQuery(KnowledgeHistoryInputSchema.pick({ limit: true }), query);
    return this.service.getKnowledgeHistory({ project_id: projectId, filename, limit: limit as number | undefined }, principalOf(req));
  }

  @Post('files/:filename/restore')
  @ApiOperation({
    operationId: 'restore_knowledge_file',
    summary: 'Brings a knowledge file (or main.md) back as it was at a commit of its history, as a new commit.',
  })
  @ApiBodyFrom(RestoreKnowledgeFileInputSchema.pick({ commit: true }))
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  restore(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
    @Body() body: Body,
  ): Promise<KnowledgeWriteResult> {
    return this.service.restoreKnowledgeFile({ ...body, project_id: projectId, filename } as never, principalOf(req));
  }

  @Post('import')
  @ApiOperation({
    operationId: 'import_project_knowledge',
    summary: 'Turns a CLAUDE.md or AGENTS.md into main.md and knowledge documents, in one commit.',
  })
  @ApiBodyFrom(ImportProjectKnowledgeInputSchema.omit({ project_id: true }))
  @ApiOkResponse({ schema: openApiSchema(ImportProjectKnowledgeResultSchema) })
  importKnowledge(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: Body,
  ): Promise<ImportProjectKnowledgeResult> {
    return this.service.importProjectKnowledge({ ...body, project_id: projectId } as never, principalOf(req));
  }
}
