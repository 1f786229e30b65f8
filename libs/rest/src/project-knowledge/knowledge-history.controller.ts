import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type KnowledgeHistory,
  KnowledgeHistoryInputSchema,
  KnowledgeHistorySchema,
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  RestoreKnowledgeFileInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** The JSON body: the service's input without what the path names, with the MCP tool's argument names; the service validates it. */
const RestoreBodySchema = RestoreKnowledgeFileInputSchema.pick({ commit: true });

/** get_knowledge_history and restore_knowledge_file: a knowledge document's commits, and going back to one. */
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
