import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  CreateKnowledgeFileInputSchema,
  type CreateKnowledgeFileResult,
  CreateKnowledgeFileResultSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const FileBodySchema = CreateKnowledgeFileInputSchema.omit({ project_id: true });

/** create_knowledge_file: `POST /api/v1/knowledge/projects/:project_id/files`. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class CreateKnowledgeFileController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Post('files')
  @ApiOperation({
    operationId: 'create_knowledge_file',
    summary: 'Creates a knowledge document in the Knowledge MCP server format, under the slug of its filename, in one commit.',
  })
  @ApiBodyFrom(FileBodySchema)
  @ApiOkResponse({ schema: openApiSchema(CreateKnowledgeFileResultSchema) })
  createFile(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Body() body: z.input<typeof FileBodySchema>,
  ): Promise<CreateKnowledgeFileResult> {
    return this.service.createKnowledgeFile({ ...body, project_id: projectId }, principalOf(req));
  }
}
