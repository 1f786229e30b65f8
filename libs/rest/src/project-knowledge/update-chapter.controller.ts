import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type KnowledgeWriteResult, KnowledgeWriteResultSchema, UpdateChapterInputSchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const ChapterBodySchema = UpdateChapterInputSchema.omit({ project_id: true, filename: true, chapter_title: true });

/** update_chapter: `PUT /api/v1/knowledge/projects/:project_id/files/:filename/chapters/:chapter_title`. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class UpdateChapterController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
