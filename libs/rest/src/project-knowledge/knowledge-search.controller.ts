import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  SearchKnowledgeInputSchema,
  type SearchKnowledgeResult,
  SearchKnowledgeResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** search_knowledge: the chapters of a project that answer a query. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class KnowledgeSearchController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
    return this.service.searchKnowledge({ ...input, project_id: projectId }, principalOf(req));
  }
}
