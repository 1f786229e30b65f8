import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type KnowledgeFiles, KnowledgeFilesSchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** list_knowledge_files: `GET /api/v1/knowledge/projects/:project_id/files`, a project's knowledge documents. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class ListKnowledgeFilesController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Get('files')
  @ApiOperation({ operationId: 'list_knowledge_files', summary: 'The knowledge files of the project: filename, title, keywords, updated.' })
  @ApiOkResponse({ schema: openApiSchema(KnowledgeFilesSchema) })
  listFiles(@Req() req: RequestWithPrincipal, @Param('project_id') projectId: string): Promise<KnowledgeFiles> {
    return this.service.listKnowledgeFiles({ project_id: projectId }, principalOf(req));
  }
}
