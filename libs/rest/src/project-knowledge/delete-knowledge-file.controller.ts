import { Controller, Delete, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type KnowledgeWriteResult, KnowledgeWriteResultSchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** delete_knowledge_file: `DELETE /api/v1/knowledge/projects/:project_id/files/:filename`. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class DeleteKnowledgeFileController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
}
