import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type KnowledgeHistory, KnowledgeHistoryInputSchema, KnowledgeHistorySchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_knowledge_history: `GET /api/v1/knowledge/projects/:project_id/files/:filename/history`, a knowledge document's commits. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class KnowledgeHistoryController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
}
