import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  GetKnowledgeLinksInputSchema,
  type GetKnowledgeLinksResult,
  GetKnowledgeLinksResultSchema,
} from '@lore/domain/schemas/knowledge-links';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_knowledge_links: the code each chapter of a project is about, and whether it moved. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class KnowledgeLinksController {
  constructor(private readonly service: ProjectKnowledgeService) {}

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
}
