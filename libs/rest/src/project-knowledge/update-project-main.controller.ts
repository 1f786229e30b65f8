import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  UpdateProjectMainInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const MainBodySchema = UpdateProjectMainInputSchema.omit({ project_id: true });

/** update_project_main: `PUT /api/v1/knowledge/projects/:project_id/main`. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class UpdateProjectMainController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Put('main')
  @ApiOperation({
    operationId: 'update_project_main',
    summary: 'Replaces main.md, in one commit (optionally only if expected_version is still its version).',
  })
  @ApiBodyFrom(MainBodySchema)
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  updateProjectMain(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: z.input<typeof MainBodySchema>,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateProjectMain({ ...body, project_id: projectId }, principalOf(req));
  }
}
