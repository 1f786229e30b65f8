import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetProjectMainResult, GetProjectMainResultSchema } from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/**
 * get_project_main: `GET /api/v1/knowledge/projects/:project_id/main`, a project's main instructions. In every project-knowledge
 * controller the project, file and chapter are path segments (percent-decoded before the service
 * validates them, so an encoded `..` or `/` is refused as the plain one), and errors carry the
 * Knowledge MCP server's JSON-RPC code and data in `details` ({jsonRpcCode, data}).
 */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class ProjectMainController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Get('main')
  @ApiOperation({ operationId: 'get_project_main', summary: "A project's main instructions (main.md, the replacement for CLAUDE.md)." })
  @ApiOkResponse({ schema: openApiSchema(GetProjectMainResultSchema) })
  getProjectMain(@Req() req: RequestWithPrincipal, @Param('project_id') projectId: string): Promise<GetProjectMainResult> {
    return this.service.getProjectMain({ project_id: projectId }, principalOf(req));
  }
}
