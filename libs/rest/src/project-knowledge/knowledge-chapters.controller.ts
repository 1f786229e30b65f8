import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type KnowledgeChapters,
  KnowledgeChaptersSchema,
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  UpdateChapterInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const ChapterBodySchema = UpdateChapterInputSchema.omit({ project_id: true, filename: true, chapter_title: true });

/** list_knowledge_chapters and update_chapter: the chapters of a knowledge document. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class KnowledgeChaptersController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
  @ApiBodyFrom(ChapterBodySchema)
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  updateChapter(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
    @Param('chapter_title') chapterTitle: string,
    @Body() body: z.input<typeof ChapterBodySchema>,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateChapter({ ...body, project_id: projectId, filename, chapter_title: chapterTitle }, principalOf(req));
  }
}
