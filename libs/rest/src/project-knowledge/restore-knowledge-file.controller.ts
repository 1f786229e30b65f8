import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  RestoreKnowledgeFileInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const RestoreBodySchema = RestoreKnowledgeFileInputSchema.pick({ commit: true });

/** restore_knowledge_file: `POST /api/v1/knowledge/projects/:project_id/files/:filename/restore`, going back to a commit of its history. */
@ApiTags('knowledge')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@ApiParam({ name: 'project_id', description: 'The project (see `lore knowledge project-id`), or a repository id Lore indexed.' })
@Controller('api/v1/knowledge/projects/:project_id')
export class RestoreKnowledgeFileController {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @Post('files/:filename/restore')
  @ApiOperation({
    operationId: 'restore_knowledge_file',
    summary: 'Brings a knowledge file (or main.md) back as it was at a commit of its history, as a new commit.',
  })
  @ApiBodyFrom(RestoreBodySchema)
  @ApiOkResponse({ schema: openApiSchema(KnowledgeWriteResultSchema) })
  restore(
    @Req() req: RequestWithPrincipal,
    @Param('project_id') projectId: string,
    @Param('filename') filename: string,
    @Body() body: z.input<typeof RestoreBodySchema>,
  ): Promise<KnowledgeWriteResult> {
    return this.service.restoreKnowledgeFile({ ...body, project_id: projectId, filename }, principalOf(req));
  }
}
