import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type KnowledgeChapters, KnowledgeChaptersSchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** list_knowledge_chapters: `GET /api/v1/knowledge/projects/:project_id/files/:filename/chapters`, the chapters of a knowledge document. */
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
}
