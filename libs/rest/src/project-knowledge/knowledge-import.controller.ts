import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  ImportProjectKnowledgeInputSchema,
  type ImportProjectKnowledgeResult,
  ImportProjectKnowledgeResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const ImportBodySchema = ImportProjectKnowledgeInputSchema.omit({ project_id: true });

/** import_project_knowledge: a CLAUDE.md or AGENTS.md read into main.md and knowledge documents. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class KnowledgeImportController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Post('import')
  @ApiOperation({
    operationId: 'import_project_knowledge',
    summary: 'Turns a CLAUDE.md or AGENTS.md into main.md and knowledge documents, in one commit.',
  })
  @ApiBodyFrom(ImportBodySchema)
  @ApiOkResponse({ schema: openApiSchema(ImportProjectKnowledgeResultSchema) })
  importKnowledge(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: z.input<typeof ImportBodySchema>,
  ): Promise<ImportProjectKnowledgeResult> {
    return this.service.importProjectKnowledge({ ...body, project_id: projectId }, principalOf(req));
  }
}
